import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { settledWithin } from "../util/settledWithin.ts";
import { PgliteClient } from "./pgliteClient.ts";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
/** The one database type every repo takes: the same on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Whether the database answers a trivial statement within `ms` (for /health). Never rejects. */
  ping(ms: number): Promise<boolean>;
  close(): Promise<void>;
}

interface Queryable {
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Runs one statement on the driver itself, past drizzle's per-call query building (~35 KB of garbage a
 * call), for the hottest writes: a move, a game's end. In a transaction (`db` is drizzle's `tx`) it runs on
 * the transaction's connection. `urgent`: a player waits on it, and the embedded database runs it before
 * queued background statements (pgliteLanes.ts); inside a transaction, or on PostgreSQL (statements run side
 * by side there), there is nothing to overtake and it is ignored.
 */
export async function runStatement<R = Record<string, unknown>>(
  db: Db,
  text: string,
  values: unknown[],
  options: { urgent?: boolean } = {},
): Promise<R[]> {
  const d = db as unknown as { $client?: PgliteClient | pg.Pool; session: { client: Queryable } };
  const client = d.$client ?? d.session.client;
  const result =
    client instanceof PgliteClient ? await client.query(text, values, options) : await client.query(text, values);
  return result.rows as R[];
}

/** The rows of a hand-written statement (both drivers answer `{ rows }`), typed by the caller. */
export async function queryRows<R>(db: Db, query: SQL): Promise<R[]> {
  const result = (await db.execute(query)) as unknown as { rows: R[] };
  return result.rows;
}

/** Where drizzle-kit writes the SQL migrations; found next to the source or the built bundle. */
function migrationsFolder(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  // src/storage → ../../drizzle ; dist → ../drizzle
  return here.endsWith("dist") ? join(here, "..", "drizzle") : join(here, "..", "..", "drizzle");
}

/** Serializes migrations across processes that start together against one PostgreSQL. */
const MIGRATION_LOCK = 4_210_677;
const POOL_END_MS = 2_000;
/** PostgreSQL connections per process. */
const POOL_SIZE = 10;
const CONNECT_TIMEOUT_MS = 5_000;
/**
 * The client waits this much longer than the server's statement_timeout: a slow statement is cancelled by
 * the server (a clear error, the connection kept); only an answer that never comes (a partition) is the
 * client's to give up on.
 */
const CLIENT_MARGIN_MS = 1_000;

const answersWithin = async (p: Promise<unknown>, ms: number) =>
  (await settledWithin(
    p.then(() => true),
    ms,
  )) === true;

/**
 * The per-connection settings that bound every statement: the server cancels one that runs past
 * `statementTimeoutMs` (and ends a session left idle inside a transaction, whose locks would otherwise be
 * held until TCP keepalive noticed a dead client), the client gives up on one whose answer never comes.
 */
function timeoutSettings(statementTimeoutMs: number | undefined): pg.PoolConfig {
  if (statementTimeoutMs === undefined) return {};
  return {
    statement_timeout: statementTimeoutMs,
    idle_in_transaction_session_timeout: 2 * statementTimeoutMs,
    query_timeout: statementTimeoutMs + CLIENT_MARGIN_MS,
    // A new connection into a partition is bounded alike (a stalled pool replaces the connections it cut).
    connectionTimeoutMillis: Math.min(CONNECT_TIMEOUT_MS, statementTimeoutMs + CLIENT_MARGIN_MS),
  };
}

const isReadTimeout = (e: unknown) => e instanceof Error && e.message === "Query read timeout";
/**
 * An error of the way to the database rather than of the statement: no answer, a reset (ECONNRESET, EPIPE),
 * a closed socket. What PostgreSQL itself answered (a constraint, a cancelled statement) is a DatabaseError.
 */
const lostConnection = (e: unknown) => e instanceof Error && !(e instanceof pg.DatabaseError);
const cutConnection = (client: pg.PoolClient) =>
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();

/**
 * A connection whose statement got no answer in time is cut, so the pool never hands it out again: pg
 * leaves a timed-out statement in flight, and the next statement sent there (a transaction's ROLLBACK,
 * or anyone's after the transaction releases it) would queue behind it for another full timeout.
 * Statements through `pool.query` are released with their error, and the pool drops the connection itself
 * (its "release" event, below); this is for a client checked out for a transaction.
 */
function dropConnectionOnReadTimeout(client: pg.PoolClient, onLost: () => void): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const result = query(...args);
    if (result instanceof Promise)
      result.catch((e: unknown) => {
        if (isReadTimeout(e)) cutConnection(client);
        if (lostConnection(e)) onLost();
      });
    return result;
  };
}

/**
 * After a statement lost its connection (no answer, or a reset), every idle connection is in doubt: they
 * reached the database the same way. When PostgreSQL moved to another address behind its name (a failover)
 * or a partition cut the old path, each kept connection would fail the next statement sent on it, after the
 * full timeout when the old address is silent, one after another (pg-pool hands out the most recently used
 * first). So each idle one is pinged, bounded by `pingMs`: one that does not answer is cut like any
 * connection whose statement got none, one that fails is dropped by the pool, and the next statements get
 * fresh connections. One sweep at a time; the pings' own failures start none.
 */
function idleSweeper(pool: pg.Pool, pingMs: number): () => void {
  let sweeping = false;
  const ping = { text: "select 1", query_timeout: pingMs } as pg.QueryConfig;
  return () => {
    if (sweeping) return;
    sweeping = true;
    // pg-pool hands its idle connections out before it opens new ones: as many pings as it has idle reach them all.
    const pings = Array.from({ length: pool.idleCount }, () => pool.query(ping).catch(() => {}));
    void Promise.all(pings).finally(() => {
      sweeping = false;
    });
  };
}

/**
 * Opens the database and applies pending migrations: PostgreSQL when `databaseUrl` is set, else PGlite
 * stored in `pgliteDir` (or in memory when that is undefined, for tests).
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  pgliteDir?: string;
  /** The embedded database's thread died: nothing can be stored from then on. */
  onLost?: (error: Error) => void;
  /**
   * Past this a statement fails as "database unavailable" instead of holding its request (and its game):
   * cancelled by PostgreSQL, given up by the client when no answer comes, or not waited for on PGlite.
   * Undefined: no bound (tools that load large data sets). Migrations are never bounded.
   */
  statementTimeoutMs?: number;
}): Promise<Database> {
  if (opts.databaseUrl) {
    await migratePostgres(opts.databaseUrl);
    // A database that does not answer fails a request instead of holding it (and its game) forever.
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: POOL_SIZE,
      // Connections are kept once open. pg-pool closes one idle for 10 s by default, and under steady play
      // the spare ones go idle between bursts: the next burst (a collection's backlog) then waited for new
      // backends to start, moves with it (bench/README.md, eleventh pass: the server's p99 at ~2 moves/s
      // 7-75 ms with the churn, 6-9 ms without).
      min: POOL_SIZE,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // A peer that vanished (a partition) is noticed on idle connections too, not only by the next query.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      ...timeoutSettings(opts.statementTimeoutMs),
    });
    pool.on("error", () => {
      // An idle client lost its connection; the pool replaces it. Queries in flight see their own error.
    });
    const sweepIdle = idleSweeper(pool, CLIENT_MARGIN_MS);
    pool.on("release", (error: unknown, client: pg.PoolClient) => {
      // The pool drops a connection released with an error, politely, which a peer that never answers never
      // completes: cut, it frees its socket now.
      if (isReadTimeout(error)) cutConnection(client);
      if (lostConnection(error)) sweepIdle();
    });
    pool.on("connect", (client) => {
      // A checked-out client (a transaction between two statements) that loses its connection emits
      // "error" with no pool listener attached: unheard, that would crash the process. Its statements
      // fail on their own, and the pool discards the client when it is released.
      client.on("error", () => {});
      if (opts.statementTimeoutMs !== undefined) dropConnectionOnReadTimeout(client, sweepIdle);
    });
    // pool.end() waits for every checked-out client, and a statement sent into a network partition never
    // returns one: past a bound the process ends anyway, and PostgreSQL drops the connections itself.
    const close = async () => {
      await settledWithin(pool.end(), POOL_END_MS);
    };
    // query_timeout per query (pg reads it, its types do not list it): a ping that got no answer frees its connection.
    const pingQuery = (ms: number) => ({ text: "select 1", query_timeout: ms }) as pg.QueryConfig;
    const ping = (ms: number) => answersWithin(pool.query(pingQuery(ms)), ms);
    return { db: drizzlePg(pool, { schema }) as unknown as Db, kind: "postgres", ping, close };
  }
  if (opts.pgliteDir) mkdirSync(opts.pgliteDir, { recursive: true });
  const client = await PgliteClient.start({ dir: opts.pgliteDir, migrationsFolder: migrationsFolder() }, opts.onLost, {
    timeoutMs: opts.statementTimeoutMs,
  });
  // The client speaks PGlite's query/transaction interface from another thread; drizzle needs nothing else.
  const db = drizzlePglite(client as never, { schema });
  const ping = (ms: number) => answersWithin(client.query("select 1"), ms);
  return { db: db as unknown as Db, kind: "pglite", ping, close: () => client.close() };
}

/**
 * Applies pending migrations on a connection of its own, with no statement bound: a migration may build an
 * index over a large table, and a node may wait for another that migrates first.
 */
async function migratePostgres(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsFolder() });
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    await client.end().catch(() => {});
  }
}
