import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { AnalysisEntry } from "@chess/shared";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, http, redisEnv, signupAndLogin, startTestServer, type TestServer } from "./harness.ts";
import { play, registered, startGame, uniqueName } from "./players.ts";

// Worker processes share the web nodes' PostgreSQL and Redis: the scaled mode only.
const scaled = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const NEEDS = "needs DATABASE_URL and REDIS_URL; CI sets both";
const workerEntry = fileURLToPath(new URL("../src/worker.ts", import.meta.url));
const prefix = `worker${process.pid}`;
let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let nodes: TestServer[] = [];
const running = new Set<ChildProcess>();

interface WorkerProcess {
  proc: ChildProcess;
  /** Ids of the jobs it reported done, e.g. "game-abc123". */
  done: string[];
}

/** `npm run worker` as a process of its own (so it can be SIGKILLed), taking jobs once it says so. */
async function spawnWorker(env: Record<string, string> = {}): Promise<WorkerProcess> {
  const proc = spawn(process.execPath, ["--import", "tsx", workerEntry], {
    env: {
      ...process.env,
      ...db?.env,
      ...redisEnv(prefix),
      ENGINE_WORKERS: "1",
      ENGINE_NICENESS: "0",
      // A killed worker's job goes back to the queue within a second or two instead of 30.
      JOB_LOCK_MS: "1000",
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  running.add(proc);
  proc.once("exit", () => running.delete(proc));
  const worker: WorkerProcess = { proc, done: [] };
  let buffered = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the worker did not start")), 30_000);
    proc.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the worker exited with ${code}`));
    });
    proc.stdout?.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) {
        if (line.startsWith("Engine worker taking jobs")) {
          clearTimeout(timer);
          resolve();
        } else if (line.startsWith("{")) {
          const entry = JSON.parse(line) as { msg?: string; id?: string };
          if (entry.msg === "job done" && entry.id) worker.done.push(entry.id);
        }
      }
    });
  });
  return worker;
}

/** A registered pair plays `moves`, then White resigns: a finished game to analyse. */
async function finishedGame(base: string, moves: string[]): Promise<string> {
  const { white, black, game } = await startGame(await registered(base, "wkW"), await registered(base, "wkB"));
  await play(white, black, game.gameId, moves);
  const over = black.next("gameOver");
  await white.emit("forfeit");
  await over;
  white.socket.close();
  black.socket.close();
  return game.gameId;
}

it("refuses to start a worker without REDIS_URL and DATABASE_URL, saying why", { timeout: 30_000 }, async () => {
  const proc = spawn(process.execPath, ["--import", "tsx", workerEntry], {
    env: { ...process.env, REDIS_URL: "", DATABASE_URL: "" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  proc.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise((resolve) => proc.once("exit", resolve));
  expect(code).toBe(2);
  expect(stderr).toMatch(/set REDIS_URL and DATABASE_URL/);
});

beforeAll(async () => {
  if (!scaled) return;
  db = await createTestDatabase();
  const env = { ...db.env, ...redisEnv(prefix), WORKERS: "external" };
  nodes = [await startTestServer(env), await startTestServer(env)];
});

afterAll(async () => {
  for (const proc of running) proc.kill("SIGKILL");
  for (const n of nodes) await n.close();
  await db?.drop();
  if (scaled) {
    const redis = new Redis(process.env.REDIS_URL as string);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  }
});

describe.skipIf(!scaled)(`engine jobs on the queue, run by worker processes (${NEEDS})`, () => {
  it("with no worker running, a web node of WORKERS=external runs no engine and says so", async () => {
    const [a] = nodes as [TestServer];
    const health = await http(a.url, "GET", "/health");
    expect(health.json).toMatchObject({ jobs: "queue", queue: { players: { waiting: 0, active: 0 } } });
    expect(health.json.engine).toBeUndefined();
    const { cookie } = await signupAndLogin(a.url, uniqueName("wkNone"));
    const res = await http(a.url, "POST", "/game/analysis/single-move", {
      headers: { cookie },
      body: { initialPosition: "start", moves: ["e4"] },
    });
    expect(res.status).toBe(503);
    expect(res.json.message).toMatch(/No engine worker is running/);
  });

  it("analyse a game asked for on two nodes at once in one job, on the worker", { timeout: 60_000 }, async () => {
    const [a, b] = nodes as [TestServer, TestServer];
    const worker = await spawnWorker();
    const gameId = await finishedGame(a.url, ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"]);
    const { cookie } = await signupAndLogin(a.url, uniqueName("wkAsker"));
    const [fromA, fromB] = await Promise.all([
      http(a.url, "GET", `/game/analysis/${gameId}`, { headers: { cookie } }),
      http(b.url, "GET", `/game/analysis/${gameId}`, { headers: { cookie } }),
    ]);
    expect(fromA.status).toBe(200);
    expect(fromB.json).toEqual(fromA.json);
    const entries = fromA.json as unknown as AnalysisEntry[];
    expect(entries).toHaveLength(8);
    // Mate is on the board: nothing to search (the entry also carries its win percentage and judgement).
    expect(entries.at(-1)).toMatchObject({ eval: 10_000, turn: "b", moves: [] });
    expect(worker.done.filter((id) => id === `game-${gameId}`)).toHaveLength(1);

    // Single positions go the same way.
    const single = await http(b.url, "POST", "/game/analysis/single-move", {
      headers: { cookie },
      body: { initialPosition: "start", moves: ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6"] },
    });
    expect(single.status).toBe(200);
    expect((single.json as unknown as AnalysisEntry[])[0]).toMatchObject({ eval: "#1", moves: ["h5f7"] });
    worker.proc.kill("SIGTERM");
    expect(await new Promise((resolve) => worker.proc.once("exit", resolve))).toBe(0);
  });

  it("finish the job in hand on SIGTERM before the worker exits", { timeout: 60_000 }, async () => {
    const [a] = nodes as [TestServer];
    const worker = await spawnWorker();
    const gameId = await finishedGame(a.url, ["d2d4", "d7d5", "c2c4", "e7e6", "b1c3", "g8f6", "c1g5", "f8e7"]);
    const { cookie } = await signupAndLogin(a.url, uniqueName("wkTerm"));
    const analysis = http(a.url, "GET", `/game/analysis/${gameId}`, { headers: { cookie } });
    const deadline = Date.now() + 30_000;
    let progress: { status?: string; done?: number } = {};
    while (!(progress.status === "running" && Number(progress.done) >= 1) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      progress = (await http(a.url, "GET", `/game/analysis/${gameId}/progress`, { headers: { cookie } })).json;
    }
    expect(Number(progress.done)).toBeLessThan(9);
    const exited = new Promise((resolve) => worker.proc.once("exit", resolve));
    worker.proc.kill("SIGTERM");
    const res = await analysis;
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(9);
    expect(await exited).toBe(0);
    expect(worker.done).toContain(`game-${gameId}`);
  });

  it("finish a job on a second worker when the first is killed in the middle of it", { timeout: 60_000 }, async () => {
    const [a, b] = nodes as [TestServer, TestServer];
    const first = await spawnWorker();
    const moves = ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6"];
    const gameId = await finishedGame(a.url, [
      ...moves,
      "e1g1",
      "f8e7",
      "f1e1",
      "b7b5",
      "a4b3",
      "d7d6",
      "c2c3",
      "e8g8",
    ]);
    const { cookie } = await signupAndLogin(a.url, uniqueName("wkKill"));
    const analysis = http(a.url, "GET", `/game/analysis/${gameId}`, { headers: { cookie } });

    // Node b did not ask for it: it reads the job's progress from the queue.
    let progress: { status?: string; done?: number; total?: number } = {};
    const deadline = Date.now() + 30_000;
    while (!(progress.status === "running" && Number(progress.done) >= 2) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      progress = (await http(b.url, "GET", `/game/analysis/${gameId}/progress`, { headers: { cookie } })).json;
    }
    expect(progress).toMatchObject({ status: "running", total: 17 });
    first.proc.kill("SIGKILL");
    await new Promise((resolve) => first.proc.once("exit", resolve));
    expect(Number(progress.done)).toBeLessThan(17);

    const second = await spawnWorker();
    const res = await analysis;
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(17);
    expect(first.done).not.toContain(`game-${gameId}`);
    expect(second.done).toContain(`game-${gameId}`);
    // Stored once: asked again, it is read, not searched.
    const again = await http(b.url, "GET", `/game/analysis/${gameId}`, { headers: { cookie } });
    expect(again.json).toEqual(res.json);
    expect(second.done.filter((id) => id === `game-${gameId}`)).toHaveLength(1);
  });
});
