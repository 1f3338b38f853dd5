import type { FastifyBaseLogger } from "fastify";
import { createAnalysisJobs, createAnalysisRepo, EnginePool, findEngine } from "./areas/analysis/index.ts";
import { createJumpstartJobs, createJumpstartRepo } from "./areas/jumpstart/index.ts";
import { createPuzzlesJobs } from "./areas/puzzles/index.ts";
import type { Config } from "./config.ts";
import type { Core } from "./core.ts";
import { createInProcessRunner, createQueueRunner, type JobRunner, startQueueWorkers } from "./jobs/index.ts";
import type { AreaModule } from "./mount.ts";
import type { Db } from "./storage/db.ts";
import { settledWithin } from "./util/settledWithin.ts";

/** Searches a pool holds before refusing as busy when it takes requests straight from players. */
const IN_PROCESS_QUEUE_LIMIT = 400;
/** A pool fed by the job queue holds the searches of the few jobs it took (a long game has hundreds). */
const QUEUE_WORKER_QUEUE_LIMIT = 100_000;

/**
 * This process's engine processes (ENGINE_WORKERS, ENGINE_NICENESS, STOCKFISH_PATH). Behind the job queue
 * the backlog waits in the queue, so the pool itself need not refuse anything.
 */
export function createEnginePool(config: Config, logger: FastifyBaseLogger, fed: "in-process" | "queue"): EnginePool {
  return new EnginePool(findEngine(config.stockfishPath), {
    size: config.engineWorkers,
    niceness: config.engineNiceness,
    queueLimit: fed === "queue" ? QUEUE_WORKER_QUEUE_LIMIT : IN_PROCESS_QUEUE_LIMIT,
    logger,
  });
}

/** Every engine job, by name: what a web node or a worker runs on its engines. */
export function engineJobHandlers(db: Db, pool: EnginePool) {
  return {
    ...createAnalysisJobs({ repo: createAnalysisRepo(db), pool }),
    ...createJumpstartJobs({ repo: createJumpstartRepo(db), pool }),
    ...createPuzzlesJobs({ pool }),
  };
}

export type EngineJobs = ReturnType<typeof engineJobHandlers>;

/** Settings of the queue workers in this process, from the config. */
export const queueWorkerSettings = (config: Config & { redisUrl: string }, logger: FastifyBaseLogger) => ({
  redisUrl: config.redisUrl,
  prefix: config.redisPrefix,
  logger,
  concurrency: config.engineWorkers,
  lockMs: config.jobLockMs,
});

export interface EngineJobsHandle {
  runner: JobRunner<EngineJobs>;
  /** This process's engines; undefined when it leaves engine work to workers (WORKERS=external). */
  engines: EnginePool | undefined;
  /** Where jobs run and, on the queue, how many wait: for /health. */
  health(): Promise<Record<string, unknown>>;
  /** Finishes the jobs this process runs, then stops its engines. */
  close(): Promise<void>;
}

/**
 * Where a web node's engine jobs (game analysis, single positions, jumpstart positions) run.
 * - Embedded (no REDIS_URL, or no DATABASE_URL a worker could share): in this process, on its engines.
 * - Scaled (both set): on the BullMQ queue in Redis, taken by any process working it. By default
 *   (WORKERS=local) each web node works the queue too, with its own ENGINE_WORKERS engines, so web nodes
 *   alone still analyse and `npm run worker` processes add capacity; WORKERS=external runs no engines
 *   here and leaves all engine work to workers.
 */
export async function startEngineJobs(
  config: Config,
  deps: { db: Db; logger: FastifyBaseLogger },
): Promise<EngineJobsHandle> {
  const { db, logger } = deps;
  const redisUrl = config.databaseUrl ? config.redisUrl : undefined;
  if (!redisUrl) {
    const engines = createEnginePool(config, logger, "in-process");
    const runner = createInProcessRunner(engineJobHandlers(db, engines));
    return {
      runner,
      engines,
      health: async () => ({ jobs: "in-process", engine: engineHealth(engines) }),
      async close() {
        runner.close();
        engines.close();
      },
    };
  }
  const engines = config.workers === "local" ? createEnginePool(config, logger, "queue") : undefined;
  // Not waited for: the node serves while Redis is away, and its jobs wait in the queue meanwhile.
  const workers =
    engines && startQueueWorkers(engineJobHandlers(db, engines), queueWorkerSettings({ ...config, redisUrl }, logger));
  const runner = createQueueRunner<EngineJobs>({
    redisUrl,
    prefix: config.redisPrefix,
    logger,
    localWorkers: workers !== undefined,
  });
  return {
    runner,
    engines,
    async health() {
      return {
        jobs: "queue",
        // Redis away: said at once, so the rest of /health is not held up.
        queue: (await settledWithin(runner.counts(), HEALTH_COUNTS_MS)) ?? "unavailable",
        ...(engines ? { engine: engineHealth(engines) } : {}),
      };
    },
    async close() {
      // Jobs in hand get a few seconds; past them (or with Redis away) they are left to another worker.
      await Promise.all([
        workers && settledWithin(workers.close(), CLOSE_JOBS_MS),
        settledWithin(runner.close(), CLOSE_JOBS_MS),
      ]);
      engines?.close();
    },
  };
}

const CLOSE_JOBS_MS = 3_000;
const HEALTH_COUNTS_MS = 500;

const engineHealth = (engines: EnginePool) => ({
  kind: engines.command.kind,
  workers: engines.size,
  running: engines.running,
  searches: engines.searches,
  queued: engines.queued,
});

/**
 * The node's engine jobs as the composition root mounts them: analysis and jumpstart get `jobs`; the engines
 * warm once the node listens (ENGINES_AT_START) and finish their jobs when it stops.
 */
export async function engineJobsModule(core: Core) {
  const handle = await startEngineJobs(core.config, { db: core.db, logger: core.logger });
  core.logger.info(
    {
      jobs: handle.runner.where,
      engine: handle.engines?.command.kind,
      workers: handle.engines?.size ?? 0,
      nodes: core.config.analysisNodes,
    },
    "analysis engine",
  );
  const area: AreaModule = {
    name: "engine jobs",
    health: () => handle.health(),
    start() {
      if (core.config.enginesAtStart) void handle.engines?.warm();
    },
    release: () => handle.close(),
  };
  return { area, jobs: handle.runner };
}
