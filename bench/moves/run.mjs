// bench/moves: bot pairs play legal moves over socket.io-client against the real server (every move
// validated and persisted), beside a bare Socket.IO relay measured in the same run with the same bots,
// at 100 and 1,000 concurrent games and flat out. The bots run in their own processes and replay
// pre-computed games, so the figures measure the server rather than the harness.
// Prints the figures and writes them into bench/README.md.
//   node bench/moves/run.mjs [--quick] [--bots N] [--only I] [--profile]      (needs `npm run build` first)
// --only I runs scenario I alone and --profile writes the server's CPU profile; neither updates the README.
import { fork, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Chess } from "chess.js";
import { fmt, machine, summarize, writeSection } from "../lib/report.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const args = process.argv.slice(2);
const quick = args.includes("--quick");
const BOT_PROCESSES = Number(args[args.indexOf("--bots") + 1]) || 2;
const PROFILE_DIR = args.includes("--profile") ? mkdtempSync(join(tmpdir(), "bench-moves-prof-")) : undefined;
const ONLY = args.includes("--only") ? Number(args[args.indexOf("--only") + 1]) : undefined;
const ALL_SCENARIOS = quick
  ? [{ name: "100 games, 1 move/s each", games: 100, paceMs: 1000, seconds: 8 }]
  : [
      { name: "100 games, 1 move/s each", games: 100, paceMs: 1000, seconds: 15 },
      { name: "1,000 games, 1 move/s each", games: 1000, paceMs: 1000, seconds: 20 },
      { name: "400 games, flat out", games: 400, paceMs: 0, seconds: 10 },
    ];
const SCENARIOS = ONLY === undefined ? ALL_SCENARIOS : [ALL_SCENARIOS[ONLY]];
const WARMUP_MS = 3000;
const SCRIPT_PLIES = 160;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Random legal games that stay unfinished for SCRIPT_PLIES plies, as {from, to, promotion?} lists. */
function makeScripts(count) {
  const scripts = [];
  while (scripts.length < count) {
    const chess = new Chess();
    const moves = [];
    while (moves.length < SCRIPT_PLIES && !chess.isGameOver()) {
      const legal = chess.moves({ verbose: true });
      const m = legal[Math.floor(Math.random() * legal.length)];
      chess.move(m);
      moves.push({ from: m.from, to: m.to, ...(m.promotion ? { promotion: m.promotion } : {}) });
    }
    if (moves.length === SCRIPT_PLIES && !chess.isGameOver()) scripts.push(moves);
  }
  return scripts;
}
const scripts = makeScripts(24);

function message(child, type) {
  return new Promise((resolve, reject) => {
    const onMessage = (m) => {
      if (m.type === type) {
        child.off("message", onMessage);
        resolve(m);
      } else if (m.type === "error") reject(new Error(m.message));
    };
    child.on("message", onMessage);
    child.once("exit", (code) => code !== 0 && reject(new Error(`bot process exited with ${code}`)));
  });
}

/** The server's live memory after a full GC, through memprobe.mjs preloaded into it. */
async function memoryOf(server) {
  rmSync(server.probeFile, { force: true });
  process.kill(server.pid, "SIGUSR2");
  for (let i = 0; i < 100 && !existsSync(server.probeFile); i++) await sleep(50);
  await sleep(50);
  return JSON.parse(readFileSync(server.probeFile, "utf8"));
}

/**
 * Splits the scenario's games over the bot processes: connects their sockets, starts the games, plays,
 * and merges the results. With `server`, its live memory is read idle, with the sockets connected, with
 * the games started, and after playing.
 */
async function runBots(url, mode, scenario, server) {
  const bots = Array.from({ length: BOT_PROCESSES }, () =>
    fork(join(root, "bench/moves/bots.mjs"), [], { stdio: ["ignore", "inherit", "inherit", "ipc"] }),
  );
  const all = (type, reply, extra = () => ({})) =>
    Promise.all(
      bots.map((bot, i) => {
        const answer = message(bot, reply);
        bot.send({ type, ...extra(i) });
        return answer;
      }),
    );
  const memory = {};
  if (server) memory.idle = await memoryOf(server);
  await all("connect", "connected", (i) => ({
    url,
    scripts,
    games: Math.floor(scenario.games / BOT_PROCESSES) + (i < scenario.games % BOT_PROCESSES ? 1 : 0),
  }));
  await sleep(1000);
  if (server) memory.sockets = await memoryOf(server);
  await all("start", "started", (i) => ({ mode, tag: `b${i}` }));
  await sleep(1000);
  if (server) memory.games = await memoryOf(server);
  const results = await all("go", "done", () => ({
    paceMs: scenario.paceMs,
    seconds: scenario.seconds,
    warmupMs: WARMUP_MS,
  }));
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
    errors: results.reduce((n, r) => n + r.errors, 0),
    exhausted: results.reduce((n, r) => n + r.exhausted, 0),
    memory,
  };
}

async function benchRelay(scenario) {
  const child = fork(join(root, "bench/moves/relay.mjs"), ["0"], { stdio: "ignore" });
  const port = await new Promise((r) => child.once("message", (m) => r(m.port)));
  const result = await runBots(`http://127.0.0.1:${port}`, "relay", scenario);
  child.kill();
  return result;
}

async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-moves-"));
  const port = 30_000 + Math.floor(Math.random() * 20_000);
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    DATA_DIR: dataDir,
    JUMPSTART_POOL_SIZE: "0",
  };
  const profile = PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`] : [];
  const probeFile = join(dataDir, "memory.json");
  env.MEMPROBE_FILE = probeFile;
  const probe = ["--expose-gc", "--import", join(root, "bench/moves/memprobe.mjs")];
  const child = spawn(process.execPath, [...profile, ...probe, join(root, "packages/server/dist/main.js")], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  // A failed run must not leave the server behind.
  process.once("exit", () => child.kill("SIGKILL"));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {}
    await sleep(100);
  }
  return {
    url,
    pid: child.pid,
    probeFile,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function benchServer(scenario) {
  const server = await startServer();
  const result = await runBots(server.url, "server", scenario, server);
  await server.stop();
  return result;
}

const rows = [];
for (const scenario of SCENARIOS) {
  process.stdout.write(`${scenario.name}: relay... `);
  const relay = await benchRelay(scenario);
  const r = summarize(relay.samples);
  process.stdout.write(`p50 ${fmt(r.p50)} p99 ${fmt(r.p99)}; server... `);
  const server = await benchServer(scenario);
  const s = summarize(server.samples);
  console.log(
    `p50 ${fmt(s.p50)} p99 ${fmt(s.p99)}, ${server.movesPerSecond.toFixed(0)} moves/s, ${server.errors} errors`,
  );
  rows.push({ scenario, relay, r, server, s });
}

const pass = (ok) => (ok ? "pass" : "**FAIL**");
const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const store = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite (embedded)";
const lines = [
  "## Move relay (`bench/moves`)",
  "",
  `Run ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${machine()}; ${BOT_PROCESSES} bot processes`,
  "and the server share the machine. Latency: a player emits `move`, the opponent receives `update` (server:",
  `validated by chess.js, committed to ${store}, then broadcast). Baseline: a bare Socket.IO relay in the same`,
  "run with the same bots. Bots replay pre-computed legal games, so a move costs them nothing to choose.",
  "",
  "| scenario | relay p50 | relay p99 | server p50 | server p99 | p50 ratio (≤ 2) | p99 ratio (≤ 3) | server p99 ≤ 25 ms | moves/s (server) | move errors |",
  "|---|---|---|---|---|---|---|---|---|---|",
  ...rows.map(({ scenario, r, s, server }) => {
    const p50r = s.p50 / r.p50;
    const p99r = s.p99 / r.p99;
    return `| ${scenario.name} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(s.p50)} | ${fmt(s.p99)} | ${p50r.toFixed(2)} ${pass(p50r <= 2)} | ${p99r.toFixed(2)} ${pass(p99r <= 3)} | ${pass(s.p99 <= 25)} | ${server.movesPerSecond.toFixed(0)} | ${server.errors} |`;
  }),
  "",
  "Budget (ARCHITECTURE §7): at 1,000 live games p50 ≤ 2× and p99 ≤ 3× the relay, p99 ≤ 25 ms; ≥ 1,000 persisted moves/s.",
  "",
  "Server memory after a full GC (memprobe.mjs preloaded into the server): JS heap in use, and the",
  "resident set (which includes the embedded database's WebAssembly memory).",
  "",
  "| scenario | heap idle | heap + sockets | per idle socket | heap + live games | per live game | heap after playing | resident after playing |",
  "|---|---|---|---|---|---|---|---|",
  ...rows.map(({ scenario, server: { memory: m } }) => {
    const perSocket = (m.sockets.heapUsed - m.idle.heapUsed) / (2 * scenario.games);
    const perGame = (m.games.heapUsed - m.sockets.heapUsed) / scenario.games;
    return `| ${scenario.name} | ${mb(m.idle.heapUsed)} | ${mb(m.sockets.heapUsed)} | ${kib(perSocket)} | ${mb(m.games.heapUsed)} | ${kib(perGame)} | ${mb(m.after.heapUsed)} | ${mb(m.after.rss)} |`;
  }),
];
if (PROFILE_DIR) console.log(`server CPU profiles in ${PROFILE_DIR} (open in Chrome DevTools)`);
if (ONLY === undefined && !PROFILE_DIR) writeSection("moves", lines.join("\n"));
if (ONLY === undefined && !PROFILE_DIR) console.log("\nwritten to bench/README.md");
process.exit(0);
