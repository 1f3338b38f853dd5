import { GAME_STAGES, type GameStage, HANDICAPS, type Handicap } from "@chess/shared";
import type { JobContext } from "../../jobs/index.ts";
import type { EnginePool } from "../analysis/index.ts";
import { type Generated, generate, type JumpstartEngine, type Target } from "./jumpstartGenerator.ts";
import type { JumpstartRepo } from "./jumpstartRepo.ts";

/** Search sizes: steering moves are cheap, the final check deeper. */
const STEER_NODES = 3_000;
export const CHECK_NODES = 40_000;
const FILL_WITHIN_MS = 120_000;

/** The pool's presets, one per game stage × handicap, keyed "stage:handicap". */
export const PRESETS: Array<{ key: string; target: Target }> = (Object.keys(GAME_STAGES) as GameStage[]).flatMap(
  (stage) =>
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

export interface FillJob {
  /** A preset key, e.g. "early:almostEven". */
  preset: string;
  /** Positions the preset held when the job was asked for: the job adds the next one. */
  have: number;
}

export interface GenerateJob {
  target: Target;
  /** Time allowed from when a worker starts it. */
  withinMs: number;
}

/** One refill job per preset and stock level, however many nodes ask for it. */
export const jumpstartJobIds = {
  fill: (preset: string, have: number) => `fill-${encodeURIComponent(preset)}-${have}`,
};

/** What the engine does for jumpstart positions, wherever jobs run. */
export function createJumpstartJobs(deps: { repo: JumpstartRepo; pool: EnginePool }) {
  const { repo, pool } = deps;
  const engineAt = (priority: "high" | "low"): JumpstartEngine => ({
    candidates: (fen, k) => pool.candidates(fen, STEER_NODES, k, { priority }),
    // A fresh hash makes the check reproducible: any engine searching this position to CHECK_NODES agrees.
    evaluate: async (fen) => (await pool.analyse(fen, CHECK_NODES, { priority, fresh: true })).score,
  });

  return {
    /**
     * Adds one position to a preset that held `have`, behind players' searches. A rerun (the first worker
     * died) finds the preset already past `have` and adds nothing. `filled`: the preset grew.
     */
    async "jumpstart.fill"(job: FillJob, ctx: JobContext): Promise<{ filled: boolean }> {
      const preset = PRESETS.find((p) => p.key === job.preset);
      if (!preset) throw new Error(`unknown jumpstart preset ${job.preset}`);
      if ((await repo.countOf(job.preset)) > job.have) return { filled: true };
      const found = await generate(engineAt("low"), preset.target, {
        deadline: Date.now() + FILL_WITHIN_MS,
        signal: ctx.signal,
      });
      if (!found) return { filled: false };
      if ((await repo.countOf(job.preset)) <= job.have) await repo.add(job.preset, found.fen, found.eval);
      return { filled: true };
    },

    /** A position in a custom range, searched for at players' priority within the time allowed. */
    async "jumpstart.generate"(job: GenerateJob, ctx: JobContext): Promise<Generated | null> {
      const found = await generate(engineAt("high"), job.target, {
        deadline: Date.now() + job.withinMs,
        signal: ctx.signal,
      });
      return found ?? null;
    },
  };
}

export type JumpstartJobs = ReturnType<typeof createJumpstartJobs>;
