import { clubRoom } from "@chess/shared";
import type { Core } from "../../core.ts";
import type { AreaModule } from "../../mount.ts";
import type { Callers } from "../accounts/index.ts";
import type { Membership } from "../clubs/index.ts";
import type { DailyStarts } from "../daily/index.ts";
import type { GameRecords } from "../games/index.ts";
import { createClubMatchesRepo } from "./clubMatchesRepo.ts";
import { registerClubMatchesRoutes } from "./clubMatchesRoutes.ts";
import { createClubMatchesService } from "./clubMatchesService.ts";

/** Sign-ups that ended start, and results no node heard are read, this often. */
const SWEEP_MS = 30_000;

/** Daily club matches: a club challenges another; their games are daily games, scored as they end. */
export function clubMatchesModule(
  core: Core,
  ports: {
    callers: Callers;
    membership: Pick<Membership, "isMember" | "club">;
    records: Pick<GameRecords, "rating" | "outcomes">;
    starts: Pick<DailyStarts, "start" | "startPosition">;
  },
) {
  const { io, logger } = core;
  const matches = createClubMatchesService({
    repo: createClubMatchesRepo(core.db),
    membership: ports.membership,
    records: ports.records,
    starts: ports.starts,
    live: {
      changed: (match) => io.to([clubRoom(match.a.clubId), clubRoom(match.b.clubId)]).emit("clubMatchChanged", match),
    },
    now: core.now,
    logger,
  });
  core.bus.subscribe("gameFinished", ({ gameId, timeClass, winningColor }) => {
    if (timeClass !== "daily") return;
    matches
      .gameFinished(gameId, winningColor)
      .catch((err: unknown) => logger.warn({ err, gameId }, "club match: result left for the sweep"));
  });
  const area: AreaModule = {
    name: "clubMatches",
    routes: (app) => registerClubMatchesRoutes(app, { matches, auth: ports.callers }),
    timers: [{ name: "club matches", everyMs: SWEEP_MS, run: () => matches.sweep() }],
    recover: () => matches.sweep(),
  };
  return { area };
}
