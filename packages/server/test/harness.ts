import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ServerToClientEvents, SessionEvent } from "@chess/shared";
import pg from "pg";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, inject } from "vitest";
import { type Config, loadConfig } from "../src/config.ts";
import { type RunningServer, startServer } from "../src/main.ts";
import { type Database, openDatabase } from "../src/storage/db.ts";

/**
 * A database for one test file: a fresh PostgreSQL database when DATABASE_URL is set (CI runs both),
 * else a PGlite directory in a temp folder, copied from the migrated template of test/globalSetup.ts.
 * `drop()` removes it.
 */
export async function createTestDatabase(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (base) {
    const name = `chess_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    return {
      env: { DATABASE_URL: url.toString() },
      async drop() {
        const c = new pg.Client({ connectionString: base });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), "chess-test-"));
  const template = inject("pgliteTemplate");
  if (template) cpSync(template, join(dir, "db"), { recursive: true });
  return {
    env: { DATA_DIR: dir },
    async drop() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface TestServer extends RunningServer {
  config: Config;
}

/**
 * Redis for the server under test when REDIS_URL is set (CI runs both ways), under a prefix of its own so
 * servers of other test files running at the same time do not hear its broadcasts.
 */
export function redisEnv(prefix = `t${process.pid}_${Math.random().toString(36).slice(2, 8)}`): Record<string, string> {
  return process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: prefix } : {};
}

/** Starts the real server on a free port of 127.0.0.1 with the given environment. */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const config = loadConfig({
    ...redisEnv(),
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    JUMPSTART_POOL_SIZE: "0",
    ANALYSIS_NODES: "30000",
    // Test files run in parallel, each with its own server: one engine each, at normal priority, so
    // engine tests get their share of the CPU (nice 10 would starve them behind the other servers).
    ENGINE_WORKERS: "1",
    ENGINE_NICENESS: "0",
    // Dozens of servers start in a test run: engines only where a test asks for one.
    ENGINES_AT_START: "false",
    // Every test connects from 127.0.0.1; throttles.test.ts and connectLimits.test.ts check the real figures.
    GUEST_SESSIONS_PER_IP: "100000",
    CONNECT_BURST_PER_IP: "100000",
    SOCKETS_PER_IP: "100000",
    ...env,
  });
  const server = await startServer(config);
  return { ...server, config };
}

/** JSON over real HTTP. */
export async function http(
  base: string,
  method: string,
  path: string,
  opts: { body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...opts.headers };
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers["content-type"] ??= "application/json";
  }
  const res = await fetch(base + path, { method, headers, body });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json: json as Record<string, unknown>, text };
}

export type TestSocket = Socket<ServerToClientEvents>;

/** A real socket.io-client connected to the server; resolves with the `session` event it receives. */
export function connect(
  base: string,
  opts: {
    sessionId?: string;
    cookie?: string;
    origin?: string;
    transports?: Array<"polling" | "websocket">;
    /** More handshake headers, e.g. X-Forwarded-For for a server behind a proxy. */
    headers?: Record<string, string>;
    /** `auth.board`: the game whose board the client shows, null for none; absent, as the spec's clients. */
    board?: string | null;
  } = {},
): Promise<{ socket: TestSocket; session: SessionEvent }> {
  const extraHeaders: Record<string, string> = { ...opts.headers };
  if (opts.cookie) extraHeaders.cookie = opts.cookie;
  if (opts.origin) extraHeaders.origin = opts.origin;
  const socket: TestSocket = io(base, {
    transports: opts.transports ?? ["websocket"],
    auth: {
      ...(opts.sessionId ? { sessionId: opts.sessionId } : {}),
      ...(opts.board !== undefined ? { board: opts.board } : {}),
    },
    extraHeaders,
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no session event")), 5000);
    socket.once("session", (session) => {
      clearTimeout(timer);
      resolve({ socket, session });
    });
    socket.once("connect_error", (err) => {
      clearTimeout(timer);
      socket.close();
      reject(err);
    });
  });
}

/** Creates an account and logs in; returns the session id and the cookie header to send. */
export async function signupAndLogin(base: string, username: string, password = "correct horse") {
  const created = await http(base, "POST", "/user/create", {
    body: { username, email: `${username.toLowerCase()}@example.com`, password },
  });
  if (created.status !== 201) throw new Error(`signup failed: ${created.status} ${created.text}`);
  const login = await http(base, "POST", "/user/login", { body: { username, password } });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  const sessionId = login.json.sessionId as string;
  return { sessionId, cookie: `sid=${sessionId}` };
}

/**
 * One server on its own database for the test file: started before its tests, stopped and dropped after.
 * Read `.url` (and `.server`) inside tests.
 */
export function useTestServer(env: Record<string, string> = {}): { readonly url: string; readonly server: TestServer } {
  let server: TestServer | undefined;
  let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  beforeAll(async () => {
    db = await createTestDatabase();
    server = await startTestServer({ ...db.env, ...env });
  });
  afterAll(async () => {
    await server?.close();
    await db?.drop();
  });
  return {
    get url() {
      if (!server) throw new Error("the test server is not started yet");
      return server.url;
    },
    get server() {
      if (!server) throw new Error("the test server is not started yet");
      return server;
    },
  };
}

/**
 * A test file's own database (createTestDatabase), opened in the test process for tests of a repository
 * without a server; closed and removed after the file.
 */
export function useTestDatabase(): { readonly database: Database } {
  let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let database: Database | undefined;
  beforeAll(async () => {
    db = await createTestDatabase();
    database = await openDatabase({
      databaseUrl: db.env.DATABASE_URL,
      pgliteDir: db.env.DATA_DIR ? join(db.env.DATA_DIR, "db") : undefined,
    });
  });
  afterAll(async () => {
    await database?.close();
    await db?.drop();
  });
  return {
    get database() {
      if (!database) throw new Error("the test database is opened in beforeAll");
      return database;
    },
  };
}
