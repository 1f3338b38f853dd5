/** How far a job has got, e.g. `{ done: 12, total: 41 }` positions. */
export interface JobProgress {
  done: number;
  total: number;
}

export interface JobContext {
  /** Reports progress to whoever waits for the job, on this node or another. */
  progress(p: JobProgress): void;
  /** Aborted when the process running the job shuts down: long background jobs stop early. */
  signal: AbortSignal;
}

/**
 * Job name → what runs it. Data and results cross Redis in scaled mode: plain JSON only, and a handler must
 * be idempotent, since a job whose worker died is run again by another.
 */
// biome-ignore lint/suspicious/noExplicitAny: the handler map is checked per name through JobData and JobResult
export type JobHandlers = Record<string, (data: any, ctx: JobContext) => Promise<unknown>>;

export type JobData<H, K extends keyof H> = H[K] extends (data: infer D, ctx: JobContext) => Promise<unknown>
  ? D
  : never;
export type JobResult<H, K extends keyof H> = H[K] extends (data: never, ctx: JobContext) => Promise<infer R>
  ? R
  : never;

/** Players' jobs (someone is waiting) run apart from background ones (pool refills), which never hold them up. */
export type JobLane = "players" | "background";

export interface RunOptions {
  /** Equal ids are one job: a run while a job of that id is queued or running waits for that job. */
  jobId?: string;
  lane: JobLane;
  /** How long to wait for a worker to finish it; in-process runs are bounded by the engine's own timeouts. */
  timeoutMs: number;
  onProgress?: (p: JobProgress) => void;
}

/** Runs engine jobs: in this process (embedded), or through a queue any worker process takes them from (scaled). */
export interface JobRunner<H> {
  readonly where: "in-process" | "queue";
  run<K extends keyof H & string>(name: K, data: JobData<H, K>, opts: RunOptions): Promise<JobResult<H, K>>;
  /** Progress of a players' job of that id queued or running anywhere; undefined when there is none. */
  progress(jobId: string): Promise<JobProgress | undefined>;
}

/** No worker took or finished the job in time (none running, or all far behind). */
export class JobsUnavailableError extends Error {}

/** Every engine job runs here, on this process's engine pool; concurrent runs of one id share one run. */
export function createInProcessRunner<H extends JobHandlers>(handlers: H): JobRunner<H> & { close(): void } {
  const running = new Map<
    string,
    { promise: Promise<unknown>; progress?: JobProgress; listeners: Set<(p: JobProgress) => void> }
  >();
  const abort = new AbortController();

  return {
    where: "in-process",

    run(name, data, opts) {
      const joined = opts.jobId === undefined ? undefined : running.get(opts.jobId);
      if (joined) {
        if (opts.onProgress) joined.listeners.add(opts.onProgress);
        return joined.promise as Promise<JobResult<H, typeof name>>;
      }
      const handler = handlers[name];
      if (!handler) return Promise.reject(new Error(`no handler for job ${name}`));
      const entry = {
        promise: Promise.resolve() as Promise<unknown>,
        progress: undefined as JobProgress | undefined,
        listeners: new Set(opts.onProgress ? [opts.onProgress] : []),
      };
      const ctx: JobContext = {
        progress(p) {
          entry.progress = p;
          for (const l of entry.listeners) l(p);
        },
        signal: abort.signal,
      };
      entry.promise = handler(data, ctx);
      const id = opts.jobId;
      if (id !== undefined) {
        running.set(id, entry);
        entry.promise.then(
          () => running.delete(id),
          () => running.delete(id),
        );
      }
      return entry.promise as Promise<JobResult<H, typeof name>>;
    },

    async progress(jobId) {
      const entry = running.get(jobId);
      return entry && (entry.progress ?? { done: 0, total: 0 });
    },

    close() {
      abort.abort();
    },
  };
}
