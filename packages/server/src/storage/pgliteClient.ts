import { existsSync } from "node:fs";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import {
  fromWireError,
  type PgliteReady,
  type PgliteRequest,
  type PgliteResponse,
  type PgliteSyncStats,
  type PgliteWorkerData,
  type QueryResult,
  type RowMode,
} from "./pgliteProtocol.ts";

type Request = PgliteRequest extends infer R ? (R extends { id: number } ? Omit<R, "id"> : never) : never;

/** The part of a PGlite connection that drizzle's PGlite driver uses: queries and transactions. */
interface Queryable {
  query(sql: string, params?: unknown[], options?: { rowMode?: RowMode }): Promise<QueryResult>;
}

export interface StatementOptions {
  rowMode?: RowMode;
  /** A player waits on it (a live move's write): the worker runs it before queued background statements. */
  urgent?: boolean;
}

interface Pending {
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
  op: Request["op"];
  sentAt: number;
}

export interface PgliteClientOptions {
  /**
   * How long a request may wait for the worker (queued behind others, running, then synced to disk) before
   * it fails as "database unavailable"; undefined waits as long as it takes. PGlite cannot cancel a
   * statement (no statement_timeout in WebAssembly): the worker finishes it, and its late answer is dropped.
   */
  timeoutMs?: number;
}

/** The error of a request the worker did not answer in time: the database is unavailable, not broken. */
function timedOut(ms: number): Error {
  return Object.assign(new Error(`The embedded database did not answer within ${ms} ms`), { code: "ETIMEDOUT" });
}

/**
 * The embedded database, run in a worker thread (see pgliteWorker.ts), behind the interface drizzle's
 * PGlite driver calls. A transaction holds the worker's database until it ends, as PGlite's own does.
 */
export class PgliteClient implements Queryable {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  /** Transactions begun for a caller that had stopped waiting: rolled back as soon as they open. */
  private readonly abandonedBegins = new Set<number>();
  private stopped: Error | undefined;
  private closing = false;
  private readonly sweeper: NodeJS.Timeout | undefined;

  private constructor(
    private readonly worker: Worker,
    private readonly onLost: (error: Error) => void,
    private readonly timeoutMs: number | undefined,
  ) {
    worker.on("message", (m: PgliteResponse) => {
      const p = this.pending.get(m.id);
      if (!p) {
        if (this.abandonedBegins.delete(m.id) && m.ok)
          this.send({ op: "rollback", tx: m.result as number }).catch(() => {});
        return;
      }
      this.pending.delete(m.id);
      if (m.ok) p.resolve(m.result);
      else p.reject(fromWireError(m.error));
    });
    worker.on("error", (e) => this.lose(e));
    worker.on("exit", (code) => this.lose(new Error(`The database worker stopped (exit code ${code})`)));
    // One coarse timer rather than one per request: requests are many, and the bound need not be exact.
    if (timeoutMs !== undefined) {
      this.sweeper = setInterval(() => this.expire(), Math.max(10, Math.min(250, timeoutMs / 4)));
      this.sweeper.unref();
    }
  }

  /**
   * Starts the worker, which opens the database and applies pending migrations. `onLost` hears of the
   * worker dying unasked (a WebAssembly abort, out of memory, a failed sync to disk): every query fails
   * from then on.
   */
  static async start(
    data: PgliteWorkerData,
    onLost: (error: Error) => void = () => {},
    options: PgliteClientOptions = {},
  ): Promise<PgliteClient> {
    // A new database is made by a worker of its own, which then ends: PostgreSQL's initdb grows the thread's
    // WebAssembly memory for good (a first start's server held 960 MB against 440 MB when it opens a made one).
    // Opening again costs the first start ~1.5 s.
    if (data.dir && !existsSync(join(data.dir, "PG_VERSION"))) await (await PgliteClient.open(data, () => {})).close();
    return PgliteClient.open(data, onLost, options);
  }

  private static async open(
    data: PgliteWorkerData,
    onLost: (error: Error) => void,
    options: PgliteClientOptions = {},
  ): Promise<PgliteClient> {
    const source = import.meta.url.endsWith(".ts");
    const entry = new URL(source ? "./pgliteWorker.dev.mjs" : "./pgliteWorker.js", import.meta.url);
    const worker = new Worker(entry, { workerData: data });
    const ready = await new Promise<PgliteReady>((resolve, reject) => {
      const exited = (code: number) => reject(new Error(`The database worker exited (${code}) while opening`));
      worker.once("message", (m: PgliteReady) => {
        worker.off("error", reject).off("exit", exited);
        resolve(m);
      });
      worker.once("error", reject).once("exit", exited);
    });
    if (!ready.ready) {
      await worker.terminate();
      throw fromWireError(ready.error);
    }
    return new PgliteClient(worker, onLost, options.timeoutMs);
  }

  query(sql: string, params: unknown[] = [], options: StatementOptions = {}): Promise<QueryResult> {
    const rowMode = options.rowMode ?? "object";
    const urgent = options.urgent ? { urgent: true } : {};
    return this.send({ op: "query", sql, params, rowMode, ...urgent }) as Promise<QueryResult>;
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const tx = (await this.send({ op: "begin" })) as number;
    const inTx: Queryable = {
      query: (sql, params = [], options = {}) =>
        this.send({ op: "query", sql, params, rowMode: options.rowMode ?? "object", tx }) as Promise<QueryResult>,
    };
    let result: T;
    try {
      result = await fn(inTx);
    } catch (e) {
      await this.send({ op: "rollback", tx }).catch(() => {});
      throw e;
    }
    await this.send({ op: "commit", tx });
    return result;
  }

  /** How the database reached the disk so far: writes made and synced, group syncs, fdatasync calls. */
  syncStats(): Promise<PgliteSyncStats> {
    return this.send({ op: "stats" }) as Promise<PgliteSyncStats>;
  }

  async close(): Promise<void> {
    if (this.stopped) return;
    this.closing = true;
    clearInterval(this.sweeper);
    await this.send({ op: "close" }).catch(() => {});
    this.stop(new Error("The database is closed"));
    await this.worker.terminate();
  }

  private send(request: Request): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, op: request.op, sentAt: Date.now() });
      this.worker.postMessage({ ...request, id });
    });
  }

  /** Fails the requests that waited too long. Ids grow with time, so the oldest come first. */
  private expire(): void {
    const ms = this.timeoutMs as number;
    const before = Date.now() - ms;
    for (const [id, p] of this.pending) {
      if (p.sentAt > before) break;
      if (p.op === "close") continue;
      this.pending.delete(id);
      if (p.op === "begin") this.abandonedBegins.add(id);
      p.reject(timedOut(ms));
    }
  }

  private lose(error: Error): void {
    if (this.stopped) return;
    this.stop(error);
    // A thread that ends while it is being closed is no loss, but what waited on it (the close itself) is over.
    if (!this.closing) this.onLost(error);
  }

  private stop(reason: Error): void {
    this.stopped ??= reason;
    clearInterval(this.sweeper);
    for (const p of this.pending.values()) p.reject(this.stopped);
    this.pending.clear();
  }
}
