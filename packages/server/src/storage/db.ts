import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
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
  close(): Promise<void>;
}

/**
 * Runs one statement on the driver itself, past drizzle's per-call query building (~35 KB of garbage a
 * call), for the hottest write: a move.
 */
export async function runStatement<R = Record<string, unknown>>(db: Db, text: string, values: unknown[]): Promise<R[]> {
  const result = await (db as unknown as { $client: PgliteClient | pg.Pool }).$client.query(text, values);
  return result.rows as R[];
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

/**
 * Opens the database and applies pending migrations: PostgreSQL when `databaseUrl` is set, else PGlite
 * stored in `pgliteDir` (or in memory when that is undefined, for tests).
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  pgliteDir?: string;
  /** The embedded database's thread died: nothing can be stored from then on. */
  onLost?: (error: Error) => void;
}): Promise<Database> {
  if (opts.databaseUrl) {
    // A database that does not answer fails a request after 5 s instead of holding it (and its game) forever.
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, connectionTimeoutMillis: 5_000 });
    pool.on("error", () => {
      // An idle client lost its connection; the pool replaces it. Queries in flight see their own error.
    });
    pool.on("connect", (client) => {
      // A checked-out client (a transaction between two statements) that loses its connection emits
      // "error" with no pool listener attached: unheard, that would crash the process. Its statements
      // fail on their own, and the pool discards the client when it is released.
      client.on("error", () => {});
    });
    const client = await pool.connect();
    try {
      await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsFolder() });
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
      client.release();
    }
    // pool.end() waits for every checked-out client, and a statement sent into a network partition never
    // returns one: past a bound the process ends anyway, and PostgreSQL drops the connections itself.
    const close = async () => {
      await settledWithin(pool.end(), POOL_END_MS);
    };
    return { db: drizzlePg(pool, { schema }) as unknown as Db, kind: "postgres", close };
  }
  if (opts.pgliteDir) mkdirSync(opts.pgliteDir, { recursive: true });
  const client = await PgliteClient.start({ dir: opts.pgliteDir, migrationsFolder: migrationsFolder() }, opts.onLost);
  // The client speaks PGlite's query/transaction interface from another thread; drizzle needs nothing else.
  const db = drizzlePglite(client as never, { schema });
  return { db: db as unknown as Db, kind: "pglite", close: () => client.close() };
}
