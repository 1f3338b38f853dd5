import type { BusEvents } from "../../bus.ts";
import type { Core } from "../../core.ts";
import type { JobRunner } from "../../jobs/index.ts";
import type { AreaModule } from "../../mount.ts";
import type { Callers } from "../accounts/index.ts";
import type { GamePlay, GameRecords } from "../games/index.ts";
import { createImportService } from "./analysisImports.ts";
import type { AnalysisJobs } from "./analysisJobs.ts";
import { createAnalysisRepo, isImportId } from "./analysisRepo.ts";
import { registerAnalysisRoutes } from "./analysisRoutes.ts";
import { createAnalysisService } from "./analysisService.ts";
import { gamePositions } from "./positions.ts";

/** Game analysis and single positions, on the node's engine jobs; never for a game its caller is playing (live or daily). */
export function analysisModule(
  core: Core,
  ports: {
    callers: Callers;
    jobs: JobRunner<AnalysisJobs>;
    play: Pick<GamePlay, "activeGameOf">;
    records: Pick<GameRecords, "line" | "livePositions" | "inPlay">;
  },
) {
  const repo = createAnalysisRepo(core.db);
  // An imported game is analysed as a played one: a finished line from its start.
  async function gameLine(gameId: string) {
    if (!isImportId(gameId)) return ports.records.line(gameId);
    const row = await repo.imported(gameId);
    return row && { initialFen: row.initialFen, uciMoves: row.uciMoves, active: false };
  }
  const analysis = createAnalysisService({
    repo,
    jobs: ports.jobs,
    nodes: core.config.analysisNodes,
    onAnalysed: (analysed) =>
      core.bus.publish("gameAnalysed", {
        ...analysed,
        fens: gamePositions(analysed.initialFen, analysed.uciMoves),
      }),
    games: {
      game: gameLine,
      // The live game from its writer (at once on this node), the daily ones (and any live one) from the database.
      async inPlay(player) {
        const [live, stored] = await Promise.all([ports.play.activeGameOf(player), ports.records.inPlay(player)]);
        return [...new Set([...(live ? [live] : []), ...stored])];
      },
      livePositions: () => ports.records.livePositions(),
    },
  });
  const area: AreaModule = {
    name: "analysis",
    routes: (app) =>
      registerAnalysisRoutes(app, {
        analysis,
        imports: createImportService(repo),
        auth: ports.callers,
        limiter: core.limiter,
        stopping: core.stopping,
      }),
  };
  /** Stored analyses, as `gameAnalysed` tells a new one, and who imported a game: what the puzzles area reads. */
  const analysed = {
    ids: (kind: "played" | "imported", after: string, limit: number) => repo.analysedIds(kind, after, limit),
    async importer(gameId: string): Promise<{ userId: number | null; color: "w" | "b" | null } | undefined> {
      if (!isImportId(gameId)) return undefined;
      const row = await repo.imported(gameId);
      if (!row) return undefined;
      return {
        userId: row.ownerUserId,
        color: row.ownerColor === "w" || row.ownerColor === "b" ? row.ownerColor : null,
      };
    },
    async game(gameId: string): Promise<BusEvents["gameAnalysed"] | undefined> {
      const [entries, line] = await Promise.all([repo.get(gameId), gameLine(gameId)]);
      if (!entries || !line || line.active) return undefined;
      const { initialFen, uciMoves } = line;
      return { gameId, initialFen, uciMoves, entries, fens: gamePositions(initialFen, uciMoves) };
    },
  };
  return { area, analysed };
}
