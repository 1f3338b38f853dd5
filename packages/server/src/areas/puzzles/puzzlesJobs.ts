import type { Score } from "@chess/shared";
import type { EnginePool } from "../analysis/index.ts";

export interface SecondBestJob {
  fen: string;
  /** The best move as the game's analysis found it: the search reports the best other one. */
  best: string;
  nodes: number;
}

const SEARCH_TIMEOUT_MS = 60_000;

/** What the engine does for puzzles, wherever jobs run: behind every player's search (low priority). */
export function createPuzzlesJobs(deps: { pool: EnginePool }) {
  return {
    /**
     * The score (White's side) of the best move other than `best`, from a two-line search; null when there
     * is no other legal move. Pure in its inputs, so a rerun answers the same.
     */
    async "puzzles.secondBest"(job: SecondBestJob): Promise<Score | null> {
      const lines = await deps.pool.candidates(job.fen, job.nodes, 2, {
        priority: "low",
        timeoutMs: SEARCH_TIMEOUT_MS,
      });
      return lines.find((line) => line.move !== job.best)?.score ?? null;
    },
  };
}

export type PuzzlesJobs = ReturnType<typeof createPuzzlesJobs>;
