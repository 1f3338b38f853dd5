import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const root = fileURLToPath(new URL("../../..", import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy at ${url}`);
}

export interface Started {
  url: string;
  stop(): Promise<void>;
  /**
   * Stops the server and starts it again on the same port and data, `settings` added (e.g. a clock moved on):
   * the browsers' pages reconnect to it as they would after a deploy.
   */
  restart(settings?: Record<string, string>): Promise<void>;
}

/**
 * The built server (`npm run build` first) on a free port with its own data: a temp PGlite folder, or a fresh
 * PostgreSQL database when DATABASE_URL is set, and a Redis prefix of its own when REDIS_URL is set. `name`
 * tells its database and prefix apart; `settings` are added to the environment the suite's servers share.
 */
export async function startServer(name: string, settings: Record<string, string> = {}): Promise<Started> {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    LOG_LEVEL: "warn",
    HOST: "127.0.0.1",
    // Every browser of the suite comes from 127.0.0.1: one address for hundreds of players.
    SIGNUP_LIMIT_PER_IP: "10000",
    GUEST_SESSIONS_PER_IP: "100000",
    CONNECT_BURST_PER_IP: "100000",
    SOCKETS_PER_IP: "100000",
    // No background jumpstart pool: its engine searches compete with the analysis tests for the one
    // engine and with Chromium for the two cores. Jumpstart games generate their position on demand.
    JUMPSTART_POOL_SIZE: "0",
    ENGINE_WORKERS: "1",
    ENGINE_NICENESS: "0",
    // Players' arenas start 20 s after they are made (a minute at least otherwise): the arena specs wait less.
    ARENA_COUNTDOWN_MS: "20000",
    ...settings,
  };
  const cleanups: Array<() => Promise<void> | void> = [];

  const baseDb = process.env.DATABASE_URL;
  if (baseDb) {
    const database = `chess_e2e_${process.pid}_${Date.now()}_${name}`;
    const admin = new pg.Client({ connectionString: baseDb });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const url = new URL(baseDb);
    url.pathname = `/${database}`;
    env.DATABASE_URL = url.toString();
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: baseDb });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await c.end();
    });
  } else {
    delete env.DATABASE_URL;
  }
  if (process.env.REDIS_URL) env.REDIS_PREFIX = `e2e${process.pid}_${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), "chess-e2e-"));
  env.DATA_DIR = dataDir;
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));

  const port = await freePort();
  env.PORT = String(port);
  const url = `http://127.0.0.1:${port}`;
  const run = (more: Record<string, string>) => {
    const child = spawn(process.execPath, [join(root, "packages/server/dist/main.js")], {
      env: { ...env, ...more },
      stdio: "inherit",
    });
    return { child, exited: new Promise((r) => child.once("exit", r)) };
  };
  let current = run({});
  const halt = async () => {
    const { child, exited } = current;
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  const stop = async () => {
    await halt();
    for (const c of cleanups.reverse()) await c();
  };
  try {
    // A fresh embedded database took 66 s to start and migrate on this 2-core machine under six engineers.
    await waitForHealth(url, current.child, 180_000);
  } catch (e) {
    await stop();
    throw e;
  }
  const restart = async (more: Record<string, string> = {}) => {
    await halt();
    current = run(more);
    await waitForHealth(url, current.child, 180_000);
  };
  return { url, stop, restart };
}
