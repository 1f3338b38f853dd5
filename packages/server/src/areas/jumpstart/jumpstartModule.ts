import type { RandomPositionQuery } from "@chess/shared";
import type { Core } from "../../core.ts";
import type { JobRunner } from "../../jobs/index.ts";
import type { AreaModule } from "../../mount.ts";
import type { JumpstartJobs } from "./jumpstartJobs.ts";
import { createJumpstartRepo } from "./jumpstartRepo.ts";
import { registerJumpstartRoutes } from "./jumpstartRoutes.ts";
import { createJumpstartService } from "./jumpstartService.ts";

/** A jumpstart start position for a range: from the pool, or searched on demand. */
export interface JumpstartPositions {
  /** The position and its evaluation when it was found (pawns, White's view). */
  position(q: RandomPositionQuery): Promise<{ fen: string; eval: number }>;
  /** `n` positions of one range (a batch of arena games): undefined where none could be found. */
  positions(q: RandomPositionQuery, n: number): Promise<Array<{ fen: string; eval: number } | undefined>>;
}

/** Jumpstart positions, pooled per preset and refilled in the background on the engine jobs. */
export function jumpstartModule(core: Core, ports: { jobs: JobRunner<JumpstartJobs> }) {
  const jumpstart = createJumpstartService({
    repo: createJumpstartRepo(core.db),
    jobs: ports.jobs,
    poolSize: core.config.jumpstartPoolSize,
    searchMs: core.config.jumpstartSearchMs,
    logger: core.logger,
  });
  const area: AreaModule = {
    name: "jumpstart",
    routes: (app) => registerJumpstartRoutes(app, { jumpstart, limiter: core.limiter, stopping: core.stopping }),
    health: async () => ({ jumpstartStock: await jumpstart.stock() }),
    recover: () => jumpstart.refill(),
    stop: () => jumpstart.stop(),
  };
  const positions: JumpstartPositions = {
    position: (q) => jumpstart.position(q),
    positions: (q, n) => jumpstart.positions(q, n),
  };
  return { area, positions };
}
