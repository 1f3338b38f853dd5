import type { BusEvents } from "../../bus.ts";
import type { Core } from "../../core.ts";
import type { JobRunner } from "../../jobs/index.ts";
import type { AreaModule } from "../../mount.ts";
import type { Callers } from "../accounts/index.ts";
import type { GameRecords } from "../games/index.ts";
import { type AnalysedGames, createPuzzlesBackfill } from "./puzzlesBackfill.ts";
import type { PuzzlesJobs } from "./puzzlesJobs.ts";
import { createPuzzlesMaker } from "./puzzlesMaker.ts";
import { type Importer, importerOwners } from "./puzzlesOwners.ts";
import { createPuzzlesRepo } from "./puzzlesRepo.ts";
import { registerPuzzlesRoutes } from "./puzzlesRoutes.ts";
import { createPuzzlesService } from "./puzzlesService.ts";

/** Puzzles from players' own mistakes: made when a game's analysis is stored, tried by anyone, rated for accounts. */
export function puzzlesModule(
  core: Core,
  ports: {
    callers: Callers;
    jobs: JobRunner<PuzzlesJobs>;
    records: Pick<GameRecords, "ending">;
    /** The analysis area's stored analyses (for the backfill) and who imported a game (for the deck). */
    analysed: AnalysedGames & {
      /** Who imported a game (undefined: not an imported game). */
      importer(gameId: string): Promise<Importer | undefined>;
    };
  },
) {
  const repo = createPuzzlesRepo(core.db);
  const puzzles = createPuzzlesService({ repo });
  const make = createPuzzlesMaker({
    repo,
    jobs: ports.jobs,
    nodes: core.config.analysisNodes,
    logger: core.logger,
    async accountsOf(gameId) {
      const importer = await ports.analysed.importer(gameId);
      if (importer) return importerOwners(importer);
      const ending = await ports.records.ending(gameId);
      if (!ending || ending === "active") return { w: null, b: null };
      return { w: ending.players[0]?.userId ?? null, b: ending.players[1]?.userId ?? null };
    },
  });
  const making = new Set<Promise<unknown>>();
  /** Since this node started: what bench/analysis reads (no query on /health). */
  let made = 0;
  /** The maker, its searches in hand counted for the stop. */
  const counted = (analysed: BusEvents["gameAnalysed"]): Promise<number> => {
    const job = make(analysed).then((added) => {
      made += added;
      return added;
    });
    const settled = job.catch(() => undefined).finally(() => making.delete(settled));
    making.add(settled);
    return job;
  };
  core.bus.subscribe("gameAnalysed", (analysed) => {
    counted(analysed).catch((err: unknown) =>
      core.logger.warn({ err, gameId: analysed.gameId }, "puzzles: analysed game skipped"),
    );
  });
  const backfill = createPuzzlesBackfill({ repo, analysed: ports.analysed, make: counted, logger: core.logger });
  let backfilling: Promise<void> = Promise.resolve();

  const area: AreaModule = {
    name: "puzzles",
    routes: (app) => registerPuzzlesRoutes(app, { puzzles, auth: ports.callers, limiter: core.limiter }),
    health: async () => ({ puzzles: { made, gamesInHand: making.size, backfill: backfill.progress() } }),
    // In the background, one game at a time: the analyses stored before puzzles existed (or whose searches failed).
    start() {
      if (!core.config.puzzleBackfill) return;
      backfilling = backfill
        .run()
        .catch((err: unknown) => core.logger.warn({ err }, "puzzles backfill: stopped, the next start goes on"));
    },
    stop: () => backfill.stop(),
    // Searches in hand end with the engines; a game whose puzzles were not stored is given back for the backfill.
    release: async () => void (await Promise.allSettled([...making, backfilling])),
  };
  return { area };
}
