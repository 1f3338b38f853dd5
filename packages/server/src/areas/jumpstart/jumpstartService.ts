import {
  GAME_STAGES,
  type GameStage,
  HANDICAPS,
  type Handicap,
  presetOf,
  type RandomPositionQuery,
} from "@chess/shared";
import type { FastifyBaseLogger } from "fastify";
import type { EnginePool } from "../analysis/index.ts";
import { generate, type JumpstartEngine, type Target } from "./jumpstartGenerator.ts";
import type { JumpstartRepo } from "./jumpstartRepo.ts";

/** Search sizes: steering moves are cheap, the final check deeper. */
const STEER_NODES = 3_000;
export const CHECK_NODES = 40_000;
const ON_DEMAND_MS = 8_000;

export class NoPositionError extends Error {
  constructor() {
    super("No position in that range could be found in time - try a wider range");
  }
}

const PRESETS: Array<{ key: string; target: Target }> = (Object.keys(GAME_STAGES) as GameStage[]).flatMap((stage) =>
  (Object.keys(HANDICAPS) as Handicap[]).map((handicap) => ({
    key: `${stage}:${handicap}`,
    target: {
      evalMin: HANDICAPS[handicap].eval.min,
      evalMax: HANDICAPS[handicap].eval.max,
      moveMin: GAME_STAGES[stage].moves.min,
      moveMax: GAME_STAGES[stage].moves.max,
    },
  })),
);

/**
 * Jumpstart positions: answered from a pool per preset (filled in the background behind players'
 * engine work), or generated on demand within a time limit for custom ranges.
 */
export function createJumpstartService(deps: {
  repo: JumpstartRepo;
  pool: EnginePool;
  poolSize: number;
  logger: FastifyBaseLogger;
}) {
  const { repo, pool, poolSize, logger } = deps;
  const engineAt = (priority: "high" | "low"): JumpstartEngine => ({
    candidates: (fen, k) => pool.candidates(fen, STEER_NODES, k, { priority }),
    // A fresh hash makes the check reproducible: any engine searching this position to CHECK_NODES agrees.
    evaluate: async (fen) => (await pool.analyse(fen, CHECK_NODES, { priority, fresh: true })).score,
  });
  let stopped = false;
  let filling: Promise<void> | undefined;

  async function fill(): Promise<void> {
    while (!stopped) {
      const counts = await repo.counts();
      const next = PRESETS.map((p) => ({ ...p, n: counts.get(p.key) ?? 0 }))
        .filter((p) => p.n < poolSize)
        .sort((a, b) => a.n - b.n)[0];
      if (!next) return;
      const found = await generate(engineAt("low"), next.target, { deadline: Date.now() + 120_000 }).catch(
        (err: unknown) => {
          logger.warn({ err }, "jumpstart generation failed");
          return undefined;
        },
      );
      if (found && !stopped) await repo.add(next.key, found.fen, found.eval);
      else if (!found) await new Promise((r) => setTimeout(r, 5_000));
    }
  }

  return {
    /** Starts (or restarts after a take) the background fill; one filler at a time. */
    refill(): void {
      if (stopped || poolSize <= 0 || filling) return;
      filling = fill()
        .catch((err: unknown) => logger.warn({ err }, "jumpstart pool fill stopped"))
        .finally(() => {
          filling = undefined;
        });
    },

    async position(q: RandomPositionQuery): Promise<{ fen: string; eval: number; fromPool: boolean }> {
      const preset = presetOf(q);
      if (preset) {
        const taken = await repo.take(`${preset.stage}:${preset.handicap}`);
        this.refill();
        if (taken) return { ...taken, fromPool: true };
      }
      const found = await generate(
        engineAt("high"),
        {
          evalMin: q.lower_eval_limit,
          evalMax: q.upper_eval_limit,
          moveMin: q.lower_move_limit,
          moveMax: q.upper_move_limit,
        },
        { deadline: Date.now() + ON_DEMAND_MS },
      );
      if (!found) throw new NoPositionError();
      return { ...found, fromPool: false };
    },

    async stock(): Promise<number> {
      let n = 0;
      for (const v of (await repo.counts()).values()) n += v;
      return n;
    },

    stop(): void {
      stopped = true;
    },
  };
}

export type JumpstartService = ReturnType<typeof createJumpstartService>;
