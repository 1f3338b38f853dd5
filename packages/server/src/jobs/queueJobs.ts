import { type Job, Queue, QueueEvents, Worker } from "bullmq";
import type { FastifyBaseLogger } from "fastify";
import { connectRedis } from "../storage/redis.ts";
import {
  type JobContext,
  type JobHandlers,
  type JobLane,
  type JobProgress,
  type JobRunner,
  JobsUnavailableError,
} from "./jobRunner.ts";

/** Queue names; BullMQ keys them under the site's prefix: `chess:jobs:*`, `chess:jobs-background:*`. */
const QUEUES: Record<JobLane, string> = { players: "jobs", background: "jobs-background" };
/** Finished jobs stay a minute, so a request for the same thing just after gets the result, not a rerun. */
const KEEP = { age: 60, count: 1_000 };
/** Players' jobs waiting beyond this are refused as busy rather than queued for minutes. */
const BACKLOG_LIMIT = 200;
/** A positive worker count is trusted this long (it costs a CLIENT LIST). */
const WORKERS_SEEN_MS = 5_000;

export interface QueueSettings {
  redisUrl: string;
  /** The site's Redis prefix (REDIS_PREFIX): nodes and workers of one site share it. */
  prefix: string;
  logger: FastifyBaseLogger;
}

/**
 * BullMQ's blocking readers (QueueEvents' XREAD, a worker's BZPOPMIN) each get a connection of their own
 * made from these options; they must wait out a Redis restart, not give up after a retry.
 */
const blockingConnection = (url: string) => ({ url, maxRetriesPerRequest: null });

const isProgress = (p: unknown): p is JobProgress =>
  typeof p === "object" && p !== null && typeof (p as JobProgress).done === "number";

export type QueueRunner<H> = JobRunner<H> & {
  /** Jobs waiting and running per lane, for /health. */
  counts(): Promise<Record<JobLane, { waiting: number; active: number }>>;
  close(): Promise<void>;
};

/**
 * Runs jobs by putting them on the queue and waiting for whichever worker takes them. `localWorkers`: this
 * process works the queue too, so there is always a worker.
 */
export function createQueueRunner<H extends JobHandlers>(
  settings: QueueSettings & { localWorkers: boolean },
): QueueRunner<H> {
  const { redisUrl, prefix, logger, localWorkers } = settings;
  // Adding jobs fails fast while Redis is away, like the site's other commands.
  const producer = connectRedis(redisUrl);
  producer.on("error", () => {});
  const queues = {
    players: new Queue(QUEUES.players, { connection: producer, prefix }),
    background: new Queue(QUEUES.background, { connection: producer, prefix }),
  };
  const events = {
    players: new QueueEvents(QUEUES.players, { connection: blockingConnection(redisUrl), prefix }),
    background: new QueueEvents(QUEUES.background, { connection: blockingConnection(redisUrl), prefix }),
  };
  const onError = (err: unknown) => logger.debug({ err }, "job queue connection error");
  for (const q of Object.values(queues)) q.on("error", onError);
  for (const e of Object.values(events)) e.on("error", onError);
  const listeners = new Map<string, Set<(p: JobProgress) => void>>();
  events.players.on("progress", ({ jobId, data }) => {
    if (!isProgress(data)) return;
    for (const l of listeners.get(jobId) ?? []) l(data);
  });
  const workersSeen: Record<JobLane, number> = { players: 0, background: 0 };

  async function requireWorkers(lane: JobLane): Promise<void> {
    if (localWorkers || Date.now() - workersSeen[lane] < WORKERS_SEEN_MS) return;
    // A Redis that refuses CLIENT LIST cannot tell: the job is queued, and the wait's timeout answers.
    const count = await queues[lane].getWorkersCount().catch(() => undefined);
    if (count === 0) throw new JobsUnavailableError("No engine worker is running - please try again later");
    workersSeen[lane] = Date.now();
  }

  function listen(jobId: string, listener: (p: JobProgress) => void): () => void {
    const set = listeners.get(jobId) ?? new Set();
    listeners.set(jobId, set);
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) listeners.delete(jobId);
    };
  }

  return {
    where: "queue",

    async run(name, data, opts) {
      const queue = queues[opts.lane];
      await requireWorkers(opts.lane);
      if (opts.lane === "players" && (await queue.count()) >= BACKLOG_LIMIT) {
        throw new JobsUnavailableError("The analysis engines are busy - please try again in a minute");
      }
      for (let attempt = 0; ; attempt++) {
        // With a jobId already queued, running or just finished, add() returns that job instead of a new one.
        const job = await queue.add(name, data, { jobId: opts.jobId, removeOnComplete: KEEP, removeOnFail: KEEP });
        const id = String(job.id);
        const stopListening = opts.onProgress && listen(id, opts.onProgress);
        try {
          return await job.waitUntilFinished(events[opts.lane], opts.timeoutMs);
        } catch (error) {
          if (error instanceof Error && /timed out before finishing/.test(error.message)) {
            // A job of its own is of no use to anyone once its requester gave up; a shared one is left to finish.
            if (opts.jobId === undefined) await job.remove().catch(() => {});
            logger.warn({ job: name, id }, "no worker finished the job in time");
            throw new JobsUnavailableError(
              `No engine worker finished the job within ${Math.round(opts.timeoutMs / 1000)} s - please try again later`,
            );
          }
          // The finished job of that id was removed between add() and the look at its state: once more.
          if (attempt === 0 && opts.jobId !== undefined && !(await queue.getJob(id))) continue;
          throw error;
        } finally {
          stopListening?.();
        }
      }
    },

    async progress(jobId) {
      const job = await queues.players.getJob(jobId);
      if (!job || job.finishedOn) return undefined;
      return isProgress(job.progress) ? job.progress : { done: 0, total: 0 };
    },

    async counts() {
      const count = async (lane: JobLane) => {
        const c = await queues[lane].getJobCounts("waiting", "prioritized", "active");
        return { waiting: (c.waiting ?? 0) + (c.prioritized ?? 0), active: c.active ?? 0 };
      };
      return { players: await count("players"), background: await count("background") };
    },

    async close() {
      await Promise.all(Object.values(events).map((e) => e.close().catch(() => {})));
      await Promise.all(Object.values(queues).map((q) => q.close().catch(() => {})));
      await producer.quit().catch(() => producer.disconnect());
    },
  };
}

export interface QueueWorkers {
  /** Resolves once connected to Redis and taking jobs. */
  ready: Promise<void>;
  /** Stops taking jobs, asks long ones to stop early (ctx.signal), and waits for the ones running. */
  close(): Promise<void>;
}

/**
 * Takes jobs from both lanes and runs them with `handlers`. A worker that dies mid-job loses its lock after
 * `lockMs`; another worker's stalled-job check (every `lockMs`) then puts the job back in the queue.
 */
export function startQueueWorkers(
  handlers: JobHandlers,
  settings: QueueSettings & { concurrency: number; lockMs: number },
): QueueWorkers {
  const { redisUrl, prefix, logger } = settings;
  const abort = new AbortController();
  const processor = async (job: Job) => {
    const handler = handlers[job.name];
    if (!handler) throw new Error(`no handler for job ${job.name}`);
    const started = Date.now();
    const ctx: JobContext = {
      progress: (p) => {
        job.updateProgress(p).catch(() => {});
      },
      signal: abort.signal,
    };
    const result = await handler(job.data, ctx);
    logger.info({ job: job.name, id: job.id, ms: Date.now() - started }, "job done");
    return result ?? null;
  };
  const options = {
    connection: blockingConnection(redisUrl),
    prefix,
    lockDuration: settings.lockMs,
    stalledInterval: settings.lockMs,
  };
  const workers = [
    new Worker(QUEUES.players, processor, { ...options, concurrency: settings.concurrency }),
    // One refill at a time: its searches queue behind players' in the engine pool anyway.
    new Worker(QUEUES.background, processor, { ...options, concurrency: 1 }),
  ];
  for (const w of workers) {
    w.on("error", (err) => logger.debug({ err }, "job worker connection error"));
    w.on("failed", (job, err) => logger.warn({ err, job: job?.name, id: job?.id }, "job failed"));
  }
  const ready = Promise.all(workers.map((w) => w.waitUntilReady())).then(() => {});
  ready.catch(() => {}); // a web node does not wait for it; a worker process does, and sees the error
  return {
    ready,
    async close() {
      abort.abort();
      await Promise.all(workers.map((w) => w.close()));
    },
  };
}
