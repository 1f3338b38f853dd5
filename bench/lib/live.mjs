// Shared by the live-play benchmarks (moves, soak): scripted games, the benchmarked server, its memory,
// and the bot processes (bench/lib/bots.mjs) that play over socket.io-client.
import { fork, spawn } from "node:child_process";
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Chess } from "chess.js";
import pg from "pg";

export const root = fileURLToPath(new URL("../..", import.meta.url));
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Node's flags as `npm start` gives them (the root package.json): the bench measures the server as it runs. */
const START_FLAGS = JSON.parse(readFileSync(join(root, "package.json"), "utf8"))
  .scripts.start.split(" ")
  .filter((arg) => arg.startsWith("--"));

/** Random legal games that stay unfinished for `plies` plies, as {from, to, promotion?} lists. */
export function makeScripts(count, plies) {
  const scripts = [];
  while (scripts.length < count) {
    const chess = new Chess();
    const moves = [];
    while (moves.length < plies && !chess.isGameOver()) {
      const legal = chess.moves({ verbose: true });
      const m = legal[Math.floor(Math.random() * legal.length)];
      chess.move(m);
      moves.push({ from: m.from, to: m.to, ...(m.promotion ? { promotion: m.promotion } : {}) });
    }
    if (moves.length === plies && !chess.isGameOver()) scripts.push(moves);
  }
  return scripts;
}

function message(child, type) {
  return new Promise((resolve, reject) => {
    const onMessage = (m) => {
      if (m.type === type) {
        child.off("message", onMessage);
        resolve(m);
      } else if (m.type === "error") reject(new Error(m.message));
    };
    child.on("message", onMessage);
    child.once("exit", (code) => reject(new Error(`bot process exited with ${code} before it sent "${type}"`)));
  });
}

/**
 * A free port below Linux's ephemeral range (32768+), where the kernel's ports for outgoing connections
 * cannot take it between this check and the server's listen.
 */
async function freePort() {
  for (let tries = 0; tries < 50; tries++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise((resolve) => {
      const s = createServer();
      s.once("error", () => resolve(false));
      s.listen(port, "127.0.0.1", () => s.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error("no free port below the ephemeral range");
}

/**
 * A database of its own on the PostgreSQL server DATABASE_URL names (never the one it names): a server
 * started on a database other runs used would restore and play out every game they left live, thousands
 * after a few runs, while the bench times its moves.
 */
export async function freshPostgres(label) {
  const name = `chess_${label}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/**
 * Starts the built server on a free port with its own data directory (PGlite unless `env` or the
 * environment gives DATABASE_URL), preloading memprobe.mjs so `memoryOf` can read its live memory.
 */
/** `main`: another build of the server to start (bench/moves/compare.mjs). */
export async function startServer({ env: extra = {}, profileDir, main, flags = [] } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-live-"));
  const port = await freePort();
  const probeFile = join(dataDir, "memory.json");
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    DATA_DIR: dataDir,
    JUMPSTART_POOL_SIZE: "0",
    // Bots name addresses of their own behind this "proxy" (bots.mjs); the session limit is lifted as well
    // for harnesses that connect without one.
    TRUST_PROXY: "true",
    GUEST_SESSIONS_PER_IP: "1000000",
    MEMPROBE_FILE: probeFile,
    ...extra,
  };
  const profile = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [];
  // BENCH_SERVER_FLAGS="--trace-gc ...": Node flags for the server alone (NODE_OPTIONS refuses some, and would
  // reach the bots too); with BENCH_SERVER_LOG, what they print is kept.
  const extraFlags = (process.env.BENCH_SERVER_FLAGS ?? "").split(" ").filter(Boolean);
  const probe = ["--expose-gc", "--import", join(root, "bench/lib/memprobe.mjs")];
  const child = spawn(
    process.execPath,
    [...START_FLAGS, ...flags, ...extraFlags, ...profile, ...probe, main ?? join(root, "packages/server/dist/main.js")],
    {
      env,
      // BENCH_SERVER_LOG=DIR keeps each server's log (warnings and errors) as DIR/server-PORT.log.
      stdio: [
        "ignore",
        process.env.BENCH_SERVER_LOG
          ? openSync(join(process.env.BENCH_SERVER_LOG, `server-${port}.log`), "a")
          : "ignore",
        "inherit",
      ],
    },
  );
  // A failed run must not leave the server behind.
  process.once("exit", () => child.kill("SIGKILL"));
  const url = `http://127.0.0.1:${port}`;
  // A loaded machine can take half a minute to start it; a run against a server that never came up is void.
  let up = false;
  for (let i = 0; i < 1200 && !up && child.exitCode === null; i++) {
    try {
      up = (await fetch(`${url}/health`)).ok;
    } catch {}
    if (!up) await sleep(100);
  }
  if (child.exitCode !== null) throw new Error(`the server on ${url} exited with ${child.exitCode} before it answered`);
  if (!up) throw new Error(`the server on ${url} did not answer /health within 120 s`);
  return {
    url,
    pid: child.pid,
    probeFile,
    dataDir,
    /** Stops the server (SIGTERM); the data directory stays until `remove`. */
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    },
    remove() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The server's live memory after a full GC, through memprobe.mjs preloaded into it. */
export async function memoryOf(server) {
  rmSync(server.probeFile, { force: true });
  process.kill(server.pid, "SIGUSR2");
  for (let i = 0; i < 100 && !existsSync(server.probeFile); i++) await sleep(50);
  await sleep(50);
  return JSON.parse(readFileSync(server.probeFile, "utf8"));
}

/** CPU time (user + system, all threads) a process has used so far, in ms; undefined off Linux. */
export function cpuMs(pid) {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

/**
 * `count` bot processes (bench/lib/bots.mjs), off the measured process; `all(type, reply, extra)` sends each a
 * message (with `extra(i)` for the i-th) and resolves with their replies.
 */
export function forkBots(count) {
  const bots = Array.from({ length: count }, () =>
    fork(join(root, "bench/lib/bots.mjs"), [], { stdio: ["ignore", "inherit", "inherit", "ipc"] }),
  );
  process.once("exit", () => {
    for (const bot of bots) bot.kill("SIGKILL");
  });
  const all = (type, reply, extra = () => ({})) =>
    Promise.all(
      bots.map((bot, i) => {
        const answer = message(bot, reply);
        bot.send({ type, ...extra(i) });
        return answer;
      }),
    );
  return { bots, all };
}

/**
 * Splits `scenario.games` over `botProcesses` bot processes: connects their sockets, starts the games
 * ("server": offers accepted through the lobby; "relay": rooms joined), plays for `scenario.seconds`
 * after `warmupMs`, and merges the results. With `server`, its live memory is read idle, with the
 * sockets connected, with the games started, and after playing.
 */
export async function runBots({
  url,
  mode,
  scenario,
  scripts,
  botProcesses,
  warmupMs,
  server,
  pid,
  timed = false,
  onGo,
}) {
  const { all } = forkBots(botProcesses);
  const memory = {};
  if (server) memory.idle = await memoryOf(server);
  await all("connect", "connected", (i) => ({
    url,
    scripts,
    games: Math.floor(scenario.games / botProcesses) + (i < scenario.games % botProcesses ? 1 : 0),
  }));
  await sleep(1000);
  if (server) memory.sockets = await memoryOf(server);
  await all("start", "started", (i) => ({ mode, tag: `b${i}` }));
  await sleep(1000);
  if (server) memory.games = await memoryOf(server);
  // The CPU the measured process spends while the moves are timed (after the warm-up).
  const cpuPid = pid ?? server?.pid;
  let cpuAtStart;
  const cpuStart = setTimeout(() => {
    cpuAtStart = cpuMs(cpuPid);
  }, warmupMs);
  // onGo: for a caller that runs other load beside the bots' timed moves (bench/daily).
  onGo?.();
  const results = await all("go", "done", () => ({
    paceMs: scenario.paceMs,
    seconds: scenario.seconds,
    warmupMs,
    gamePlies: scenario.gamePlies,
    timed,
  }));
  const cpuAtEnd = cpuMs(cpuPid);
  clearTimeout(cpuStart);
  if (server) memory.after = await memoryOf(server);
  if (process.env.BENCH_TRACE) {
    // Worst latency per 250 ms of the run: shows whether the tail comes in bursts.
    const worst = new Map();
    for (const [t, ms] of results.flatMap((r) => r.trace)) {
      const k = Math.floor(t / 250);
      worst.set(k, Math.max(worst.get(k) ?? 0, ms));
    }
    console.log(
      [...worst]
        .sort((a, b) => a[0] - b[0])
        .map(([k, ms]) => `${k * 0.25}s:${ms.toFixed(0)}`)
        .join(" "),
    );
  }
  return {
    samples: results.flatMap((r) => r.samples),
    movesPerSecond: results.reduce((n, r) => n + r.moves, 0) / scenario.seconds,
    /** CPU ms the measured process spent per move while timed (clock ticks of 10 ms: rough on short runs). */
    cpuPerMove:
      cpuAtStart === undefined || cpuAtEnd === undefined
        ? undefined
        : (cpuAtEnd - cpuAtStart) /
          Math.max(
            1,
            results.reduce((n, r) => n + r.moves, 0),
          ),
    errors: results.reduce((n, r) => n + r.errors, 0),
    exhausted: results.reduce((n, r) => n + r.exhausted, 0),
    gamesEnded: results.reduce((n, r) => n + r.gamesEnded, 0),
    /** [reason, pairs] of the pairs that could not start their next game. */
    stalls: results.flatMap((r) => r.stalls ?? []),
    acked: results.flatMap((r) => r.acked),
    timed: results.flatMap((r) => r.timed ?? []),
    memory,
  };
}
