import type { Core } from "../../core.ts";
import type { JobRunner } from "../../jobs/index.ts";
import type { AreaModule } from "../../mount.ts";
import type { Callers } from "../accounts/index.ts";
import type { GamePlay, GameRecords } from "../games/index.ts";
import type { AnalysisJobs } from "./analysisJobs.ts";
import { createAnalysisRepo } from "./analysisRepo.ts";
import { registerAnalysisRoutes } from "./analysisRoutes.ts";
import { createAnalysisService } from "./analysisService.ts";

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
  const analysis = createAnalysisService({
    repo: createAnalysisRepo(core.db),
    jobs: ports.jobs,
    nodes: core.config.analysisNodes,
    games: {
      game: (gameId) => ports.records.line(gameId),
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
      registerAnalysisRoutes(app, { analysis, auth: ports.callers, limiter: core.limiter, stopping: core.stopping }),
  };
  return { area };
}
