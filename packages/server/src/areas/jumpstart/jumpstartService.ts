import { presetOf, type RandomPositionQuery } from "@chess/shared";
import type { FastifyBaseLogger } from "fastify";
import { type JobRunner, JobsUnavailableError } from "../../jobs/index.ts";
import { type JumpstartJobs, jumpstartJobIds, PRESETS } from "./jumpstartJobs.ts";
import type { JumpstartRepo } from "./jumpstartRepo.ts";

/** How long an on-demand search for a custom range may take (JUMPSTART_SEARCH_MS). */
export const JUMPSTART_SEARCH_MS = 8_000;
/** Waits for a worker: an on-demand search gets a little beyond its own time, a refill its two minutes and more. */
const WORKER_WAIT_MS = 10_000;
const FILL_WAIT_MS = 5 * 60_000;
/** Pauses of the refill after a miss, and when no worker is there to do it. */
const MISSED_PAUSE_MS = 5_000;
const UNAVAILABLE_PAUSE_MS = 30_000;

export class NoPositionError extends Error {
  constructor() {
    super("No position in that range could be found in time - try a wider range");
  }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());

/**
 * Jumpstart positions: answered from a pool per preset (filled in the background behind players'
 * engine work), or generated on demand within a time limit for custom ranges. The engine work is done by
 * jobs (jumpstartJobs.ts), in this process or by a worker.
 */
export function createJumpstartService(deps: {
  repo: JumpstartRepo;
  jobs: JobRunner<JumpstartJobs>;
  poolSize: number;
  /** How long an on-demand search may take before "no position" (JUMPSTART_SEARCH_MS by default). */
  searchMs?: number;
  logger: FastifyBaseLogger;
}) {
  const { repo, jobs, poolSize, logger } = deps;
  const searchMs = deps.searchMs ?? JUMPSTART_SEARCH_MS;
  let stopped = false;
  let filling: Promise<void> | undefined;

  async function fill(): Promise<void> {
    while (!stopped) {
      const counts = await repo.counts();
      const next = PRESETS.map((p) => ({ ...p, n: counts.get(p.key) ?? 0 }))
        .filter((p) => p.n < poolSize)
        .sort((a, b) => a.n - b.n)[0];
      if (!next) return;
      // Every node picks the emptiest preset, so the nodes of a site ask for the same job and share it.
      const outcome = await jobs
        .run(
          "jumpstart.fill",
          { preset: next.key, have: next.n },
          { jobId: jumpstartJobIds.fill(next.key, next.n), lane: "background", timeoutMs: FILL_WAIT_MS },
        )
        .catch((err: unknown) => {
          if (!stopped) logger.warn({ err }, "jumpstart generation failed");
          return { filled: false, unavailable: err instanceof JobsUnavailableError };
        });
      if (!outcome.filled && !stopped) {
        await pause("unavailable" in outcome && outcome.unavailable ? UNAVAILABLE_PAUSE_MS : MISSED_PAUSE_MS);
      }
    }
  }

  /** A position of the range searched now, within the search time; NoPositionError if none is found. */
  async function generate(q: RandomPositionQuery): Promise<{ fen: string; eval: number }> {
    const found = await jobs.run(
      "jumpstart.generate",
      {
        target: {
          evalMin: q.lower_eval_limit,
          evalMax: q.upper_eval_limit,
          moveMin: q.lower_move_limit,
          moveMax: q.upper_move_limit,
        },
        withinMs: searchMs,
      },
      { lane: "players", timeoutMs: searchMs + WORKER_WAIT_MS },
    );
    if (!found) throw new NoPositionError();
    return found;
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
      return { ...(await generate(q)), fromPool: false };
    },

    /**
     * `n` positions of one range at once (an arena's batch of games): those the pool has taken in one statement,
     * the others searched; a search that finds none (or fails) leaves its place undefined.
     */
    async positions(q: RandomPositionQuery, n: number): Promise<Array<{ fen: string; eval: number } | undefined>> {
      const preset = presetOf(q);
      const taken = preset ? await repo.takeMany(`${preset.stage}:${preset.handicap}`, n) : [];
      if (preset) this.refill();
      const searched = await Promise.all(
        Array.from({ length: n - taken.length }, () =>
          generate(q).catch((err: unknown) => {
            if (!(err instanceof NoPositionError)) logger.warn({ err }, "jumpstart search failed");
            return undefined;
          }),
        ),
      );
      return [...taken, ...searched];
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
