import type { Core } from "../../core.ts";
import type { AreaModule } from "../../mount.ts";
import { EnginePool, findEngine } from "../analysis/index.ts";
import type { GamePlay, GamesModule } from "../games/index.ts";
import { isComputerPresenceKey } from "./computerPlayers.ts";
import { createComputerService } from "./computerService.ts";
import { computerSocketEvents } from "./computerSocket.ts";

/** Moves the computer's engines hold before refusing (retried shortly): two per game of 100 at once. */
const COMPUTER_QUEUE_LIMIT = 200;

/** The computer as an opponent: its games, on engines of its own, always in this process (where its games are written). */
export function computerModule(
  core: Core,
  ports: {
    play: Pick<GamePlay, "start" | "move" | "activeGameOf" | "snapshot" | "playersOf" | "takeback">;
    seating: GamesModule["seating"];
  },
) {
  const { config, bus, logger } = core;
  const engines = new EnginePool(findEngine(config.stockfishPath), {
    size: config.computerEngines,
    niceness: config.engineNiceness,
    queueLimit: COMPUTER_QUEUE_LIMIT,
    logger,
  });
  const computer = createComputerService({ games: ports.play, engine: engines, logger, limiter: core.limiter });
  // The computer never connects and never leaves: no "opponent left" countdown in a game against it.
  ports.seating.alwaysSeated(isComputerPresenceKey);
  bus.subscribe("gameMoved", (move) => computer.moved(move));
  bus.subscribe("gameAdopted", (game) => computer.adopted(game));
  bus.subscribe("gameFinished", ({ gameId }) => computer.finished(gameId));

  const area: AreaModule = {
    name: "computer",
    socketEvents: computerSocketEvents({ computer }),
    health: () => ({
      computer: { ...computer.stats(), queued: engines.queued, searches: engines.searches, hurried: engines.hurried },
    }),
    // After the games: each reloaded game of the computer's was adopted, and it moves where it is to move.
    recover() {
      const resumed = computer.resume();
      if (resumed > 0) logger.info({ computerGames: resumed }, "the computer resumed its games");
    },
    start() {
      if (config.enginesAtStart) void engines.warm();
    },
    stop: () => computer.stop(),
    release: async () => engines.close(),
  };
  return { area };
}
