import type { Core } from "../../core.ts";
import type { JobRunner } from "../../jobs/index.ts";
import type { AreaModule } from "../../mount.ts";
import type { Callers } from "../accounts/index.ts";
import type { GameRecords } from "../games/index.ts";
import type { PuzzlesJobs } from "./puzzlesJobs.ts";
import { createPuzzlesMaker } from "./puzzlesMaker.ts";
import { createPuzzlesRepo } from "./puzzlesRepo.ts";
import { registerPuzzlesRoutes } from "./puzzlesRoutes.ts";
import { createPuzzlesService } from "./puzzlesService.ts";

/** Puzzles from players' own mistakes: made when a game's analysis is stored, tried by anyone, rated for accounts. */
export function puzzlesModule(
  core: Core,
  ports: { callers: Callers; jobs: JobRunner<PuzzlesJobs>; records: Pick<GameRecords, "ending"> },
) {
  const repo = createPuzzlesRepo(core.db);
  const puzzles = createPuzzlesService({ repo });
  const make = createPuzzlesMaker({
    repo,
    jobs: ports.jobs,
    nodes: core.config.analysisNodes,
    logger: core.logger,
    async accountsOf(gameId) {
      const ending = await ports.records.ending(gameId);
      if (!ending || ending === "active") return { w: null, b: null };
      return { w: ending.players[0]?.userId ?? null, b: ending.players[1]?.userId ?? null };
    },
  });
  const making = new Set<Promise<unknown>>();
  /** Since this node started: what bench/analysis reads (no query on /health). */
  let made = 0;
  core.bus.subscribe("gameAnalysed", (analysed) => {
    const job = make(analysed)
      .then((added) => {
        made += added;
      })
      .catch((err: unknown) => core.logger.warn({ err, gameId: analysed.gameId }, "puzzles: analysed game skipped"))
      .finally(() => making.delete(job));
    making.add(job);
  });

  const area: AreaModule = {
    name: "puzzles",
    routes: (app) => registerPuzzlesRoutes(app, { puzzles, auth: ports.callers, limiter: core.limiter }),
    health: async () => ({ puzzles: { made, gamesInHand: making.size } }),
    // Searches in hand end with the engines; a game whose puzzles were not stored is skipped.
    release: async () => void (await Promise.allSettled(making)),
  };
  return { area };
}
