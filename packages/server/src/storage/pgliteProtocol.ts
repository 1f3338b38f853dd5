/** Messages between the server and the worker thread that owns the embedded PGlite database. */
import type { CheckpointPolicy } from "./checkpoints.ts";

export type RowMode = "array" | "object";

export type PgliteRequest =
  | {
      id: number;
      op: "query";
      sql: string;
      params: unknown[];
      rowMode: RowMode;
      /** The open transaction it belongs to: it runs at once, the transaction holds the database. */
      tx?: number;
      /**
       * A player waits on it (a live move's write): run before every queued request that is not urgent
       * (pgliteLanes.ts). Only for statements outside a transaction.
       */
      urgent?: boolean;
    }
  | { id: number; op: "begin" }
  | { id: number; op: "commit" | "rollback"; tx: number }
  | { id: number; op: "close" }
  | { id: number; op: "stats" };

export interface QueryResult {
  rows: unknown[];
  affectedRows?: number;
  fields: Array<{ name: string; dataTypeID: number }>;
}

/** A database error as plain data: an Error's own fields (code, detail, constraint…) do not survive postMessage. */
export interface WireError {
  message: string;
  fields: Record<string, string | number>;
}

export type PgliteResponse = { id: number; ok: true; result?: unknown } | { id: number; ok: false; error: WireError };

/** How the embedded database reached the disk so far (all zero in memory). */
export interface PgliteSyncStats {
  /** Writes PostgreSQL made to its files, and how many of them are known to be on disk. */
  written: number;
  synced: number;
  /** Group commits: one sync for every commit waiting when it started. */
  syncs: number;
  /** fdatasync calls, grouped or needed by PostgreSQL's write ordering (WAL before data, checkpoints). */
  fdatasyncs: number;
  dirSyncs: number;
  /** Open files with writes not yet on disk (data files wait for a checkpoint, as in PostgreSQL). */
  unsyncedFiles: number;
  /** WAL segments written and synced ahead, off the database thread, so a segment switch costs nothing. */
  walSegmentsPrepared: number;
  /** Checkpoints the worker took while running (checkpoints.ts), and the WAL written since it opened. */
  checkpoints: number;
  walBytes: number;
}

/** What the worker is started with. */
export interface PgliteWorkerData {
  /** The data folder; undefined keeps the database in memory (tests). */
  dir: string | undefined;
  migrationsFolder: string;
  /** When to checkpoint (a data folder only); checkpoints.ts's defaults when not given. */
  checkpoints?: CheckpointPolicy;
}

/** The worker's first message: the database is open and migrated, or why it is not. */
export type PgliteReady = { ready: true } | { ready: false; error: WireError };

export function toWireError(error: unknown): WireError {
  const e = error instanceof Error ? error : new Error(String(error));
  const fields: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(e)) if (typeof v === "string" || typeof v === "number") fields[k] = v;
  return { message: e.message, fields };
}

export function fromWireError(wire: WireError): Error {
  return Object.assign(new Error(wire.message), wire.fields);
}
