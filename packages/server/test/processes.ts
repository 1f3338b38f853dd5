import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer, connect as tcpConnect } from "node:net";
import { fileURLToPath } from "node:url";

// The site as real processes, for tests that kill, stop or restart them (crash, sigterm, failover, nginx).

const cli = fileURLToPath(new URL("../src/cli.ts", import.meta.url));

/**
 * A port nothing listens on, below Linux's ephemeral range (32768+). A port the kernel hands out for outgoing
 * connections (to PostgreSQL, Redis, another test's server) can be taken between the check and the server's own
 * listen, or again while a killed server restarts on it; below that range only explicit listens compete.
 */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 50; tries++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const s = createServer();
      s.once("error", () => resolve(false));
      s.listen(port, "127.0.0.1", () => s.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error("no free port below the ephemeral range");
}

// A server spawned on a fresh embedded database migrates it first: 18 s alone on a slow machine (2026-11-29),
// far more beside CI's other test files. The wait is the harness's, not a figure the tests check.
export async function waitFor(what: string, ok: () => Promise<boolean>, child: ChildProcess, ms = 90_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what}: exited with ${child.exitCode}`);
    if (await ok().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${what}: not ready within ${ms} ms`);
}

/** Signals the process and resolves with its exit code (SIGKILL after 12 s if it does not go). */
export function stop(child: ChildProcess | undefined, signal: NodeJS.Signals = "SIGTERM"): Promise<number | null> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child?.exitCode ?? null);
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 12_000);
    child.once("exit", (code) => {
      clearTimeout(force);
      resolve(code);
    });
    child.kill(signal);
  });
}

/**
 * The real server (`src/cli.ts`) as its own process on 127.0.0.1:`port`, resolved once /health answers.
 * Like the in-process harness: no jumpstart pool, one engine at normal priority; `env` overrides.
 */
export async function spawnServer(port: number, env: Record<string, string | undefined> = {}): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ["--import", "tsx", cli], {
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      JUMPSTART_POOL_SIZE: "0",
      ENGINE_WORKERS: "1",
      ENGINE_NICENESS: "0",
      GUEST_SESSIONS_PER_IP: "100000",
      CONNECT_BURST_PER_IP: "100000",
      SOCKETS_PER_IP: "100000",
      ...env,
      PORT: String(port),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitFor(`server on :${port}`, async () => (await fetch(`http://127.0.0.1:${port}/health`)).ok, proc);
  return proc;
}

/** Debian's redis-server: suites that restart or cut Redis run one of their own. */
export const REDIS_SERVER = "/usr/bin/redis-server";
export const hasRedisServer = () => existsSync(REDIS_SERVER);

/** A Redis of the caller's own on `port`, without persistence, once it answers PING. */
export function startRedis(port: number): Promise<ChildProcess> {
  const proc = spawn(
    REDIS_SERVER,
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    {
      stdio: "ignore",
    },
  );
  const pong = () =>
    new Promise<boolean>((resolve) => {
      const s = tcpConnect(port, "127.0.0.1");
      s.once("connect", () => s.write("PING\r\n"));
      s.once("data", (d) => {
        s.destroy();
        resolve(d.toString().startsWith("+PONG"));
      });
      s.once("error", () => resolve(false));
    });
  return waitFor("redis", pong, proc, 10_000).then(() => proc);
}
