/**
 * The worker thread that owns the embedded database. PGlite runs PostgreSQL compiled to WASM on the thread
 * that calls it: on the server's own event loop each statement cost 0.3-0.5 ms of the loop and ~100 KB of
 * garbage (protocol parsing, result rows), which under load became the live games' GC pauses. Here that
 * work runs on another core, and the server receives plain rows.
 *
 * With a data folder, a commit is answered only once it is on disk: PGlite itself never syncs (see
 * pgliteDiskSync.ts), so after each commit, and each statement outside a transaction, the answer waits for
 * a group sync (groupSync.ts) of the WAL PostgreSQL wrote; commits that end while one runs share the next.
 * Meanwhile the thread goes on with the statements that follow.
 *
 * Which request runs next is this thread's choice, not PGlite's lock's (pgliteLanes.ts): one at a time, a
 * player's urgent write before background work queued ahead of it. PGlite's own locks then never wait.
 */
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type QueryOptions, type Transaction, types } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { checkpointDue, DEFAULT_CHECKPOINTS, type WalMark } from "./checkpoints.ts";
import { GroupSync } from "./groupSync.ts";
import { DiskSyncedNodeFS } from "./pgliteDiskSync.ts";
import { Lanes } from "./pgliteLanes.ts";
import { PreparedStatements } from "./pglitePrepared.ts";
import {
  type PgliteReady,
  type PgliteRequest,
  type PgliteResponse,
  type PgliteSyncStats,
  type PgliteWorkerData,
  type QueryResult,
  type RowMode,
  toWireError,
} from "./pgliteProtocol.ts";

if (!parentPort) throw new Error("pgliteWorker.ts runs as a worker thread");
const port = parentPort;

const asText = (value: string) => value;
/**
 * Drizzle's PGlite driver asks for dates, times and intervals (and their arrays) as text, and maps them itself.
 * Given to the database once: passed with each query, PGlite merges them into its table of ~300 type parsers
 * every time, which doubled what a small INSERT cost this thread (0.7 against 0.35 ms).
 */
const parsers = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText,
  1115: asText,
  1185: asText,
  1187: asText,
  1182: asText,
};
const options: Record<RowMode, QueryOptions> = {
  array: { rowMode: "array" },
  object: { rowMode: "object" },
};

interface OpenTransaction {
  tx?: Transaction;
  end: (commit: boolean) => void;
  done?: Promise<void>;
}

const { dir, migrationsFolder, checkpoints: policy = DEFAULT_CHECKPOINTS } = workerData as PgliteWorkerData;
const disk = dir ? new DiskSyncedNodeFS(dir) : undefined;
const client = new PGlite(disk ? { fs: disk, parsers } : { parsers });
const prepared = new PreparedStatements(client);
const group = disk && new GroupSync(() => disk.flush());
if (disk && group) disk.onWrite = () => group.noteWrite();
if (disk) disk.onSyncFailed = () => stopOnFailedSync();
const open = new Map<number, OpenTransaction>();
const lanes = new Lanes();
const synced = Promise.resolve();
/** Resolves once everything written so far is on disk (at once in memory). */
const durable = () => group?.durable() ?? synced;

const reply = (message: PgliteResponse) => port.postMessage(message);
const fail = (id: number, error: unknown) => reply({ id, ok: false, error: toWireError(error) });

async function query(m: Extract<PgliteRequest, { op: "query" }>): Promise<QueryResult> {
  const tx = m.tx === undefined ? undefined : open.get(m.tx)?.tx;
  if (m.tx !== undefined && !tx) throw new Error(`No open transaction ${m.tx}`);
  const r = tx
    ? await tx.query(m.sql, m.params, options[m.rowMode])
    : await prepared.query(m.sql, m.params, options[m.rowMode]);
  return { rows: r.rows, affectedRows: r.affectedRows, fields: r.fields };
}

/**
 * Opens a transaction that holds the database until the server commits or rolls it back: its turn ends then.
 * Its own statements, commit and rollback come straight in, past the lanes (handle).
 */
function begin(id: number): Promise<void> {
  let end!: (commit: boolean) => void;
  const wanted = new Promise<boolean>((resolve) => {
    end = resolve;
  });
  const t: OpenTransaction = { end };
  t.done = client.transaction(async (tx) => {
    t.tx = tx;
    open.set(id, t);
    reply({ id, ok: true, result: id });
    if (!(await wanted)) await tx.rollback();
  });
  // Failing before the callback ran means BEGIN itself failed: that is the answer to "begin".
  return t.done.catch((e: unknown) => {
    if (!t.tx) fail(id, e);
  });
}

async function finish(tx: number, commit: boolean): Promise<void> {
  const t = open.get(tx);
  if (!t) throw new Error(`No open transaction ${tx}`);
  open.delete(tx);
  t.end(commit);
  await t.done;
}

function stats(): PgliteSyncStats {
  const g = group?.stats() ?? { written: 0, synced: 0, syncs: 0 };
  const d = disk?.state() ?? { fdatasyncs: 0, dirSyncs: 0, unsyncedFiles: 0, walSegmentsPrepared: 0, walBytes: 0 };
  const { fdatasyncs, dirSyncs, unsyncedFiles, walSegmentsPrepared, walBytes } = d;
  return { ...g, fdatasyncs, dirSyncs, unsyncedFiles, walSegmentsPrepared, walBytes, checkpoints };
}

/** Checkpoints taken while running (checkpoints.ts), and the WAL written when the last one ended. */
let checkpoints = 0;
let lastCheckpoint: WalMark = { walBytes: 0, at: Date.now() };
let checkpointing = false;

/** Queues a checkpoint when one is due: it takes its turn with the background work. */
function checkpointIfDue(): void {
  if (!disk || checkpointing || !checkpointDue(policy, lastCheckpoint, { walBytes: disk.walBytes, at: Date.now() }))
    return;
  checkpointing = true;
  lanes.run(() => checkpoint(disk), false);
}

async function checkpoint(disk: DiskSyncedNodeFS): Promise<void> {
  try {
    // pg_control is written only once everything the checkpoint wrote is on disk (pgliteDiskSync.ts).
    await client.exec("checkpoint");
    checkpoints++;
    lastCheckpoint = { walBytes: disk.walBytes, at: Date.now() };
  } catch (e) {
    console.warn("The embedded database could not take a checkpoint; it will try again", e);
  } finally {
    checkpointing = false;
  }
}
const checkpointTimer = setInterval(checkpointIfDue, Math.min(5000, policy.everyMs / 4));
checkpointTimer.unref();

/**
 * A sync that failed leaves the database's files in doubt (the kernel may have dropped what it could not
 * write): as PostgreSQL does, stop. The server hears the thread exit, and a restart recovers from the WAL.
 */
function stopOnFailedSync(): void {
  setImmediate(() => process.exit(1));
}

function handle(m: PgliteRequest): void {
  switch (m.op) {
    case "query":
      if (m.tx !== undefined) void inTransaction(m);
      else lanes.run(() => statement(m), m.urgent === true);
      return;
    case "begin":
      lanes.run(() => begin(m.id), false);
      return;
    case "commit":
    case "rollback":
      void end(m.id, m.tx, m.op === "commit");
      return;
    case "stats":
      reply({ id: m.id, ok: true, result: stats() });
      return;
    case "close":
      lanes.run(() => close(m.id), false);
      return;
  }
}

/** A statement outside any transaction: its turn ends once it ran; its answer waits for the disk. */
async function statement(m: Extract<PgliteRequest, { op: "query" }>): Promise<void> {
  let result: QueryResult;
  try {
    result = await query(m);
  } catch (e) {
    return fail(m.id, e);
  }
  durable().then(
    () => reply({ id: m.id, ok: true, result }),
    (e: unknown) => {
      stopOnFailedSync();
      fail(m.id, e);
    },
  );
}

/** A statement of an open transaction, which holds the database: nothing is committed, nothing to sync. */
async function inTransaction(m: Extract<PgliteRequest, { op: "query" }>): Promise<void> {
  try {
    reply({ id: m.id, ok: true, result: await query(m) });
  } catch (e) {
    fail(m.id, e);
  }
}

async function end(id: number, tx: number, commit: boolean): Promise<void> {
  try {
    await finish(tx, commit);
    if (commit) await durable().catch(rethrowAndStop);
    reply({ id, ok: true });
  } catch (e) {
    fail(id, e);
  }
}

async function close(id: number): Promise<void> {
  try {
    clearInterval(checkpointTimer);
    await disk?.stopPreparing();
    try {
      await client.close();
    } finally {
      // The server terminates this thread once answered, even after a failed close: no sync may be running
      // then (a file operation cut short by a terminated thread aborts the whole process).
      await durable();
    }
    reply({ id, ok: true });
    port.close();
  } catch (e) {
    fail(id, e);
  }
}

function rethrowAndStop(e: unknown): never {
  stopOnFailedSync();
  throw e;
}

async function start(): Promise<PgliteReady> {
  try {
    await client.waitReady;
    await migrate(drizzle(client), { migrationsFolder });
    await durable();
    return { ready: true };
  } catch (e) {
    return { ready: false, error: toWireError(e) };
  }
}

const ready = await start();
port.on("message", handle);
port.postMessage(ready);
