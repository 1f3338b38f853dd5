// bench/moves: bot pairs play legal moves over socket.io-client against the real server (every move
// validated and persisted), beside a bare Socket.IO relay measured in the same run with the same bots,
// at 100 and 1,000 concurrent games and flat out. The bots run in their own processes and replay
// pre-computed games, so the figures measure the server rather than the harness.
// Prints the figures and writes them into bench/README.md.
//   node bench/moves/run.mjs [--quick] [--bots N] [--only I] [--profile]      (needs `npm run build` first)
// --only I runs scenario I alone and --profile writes the server's CPU profile; neither updates the README.
import { fork } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeScripts, root, runBots, startServer } from "../lib/live.mjs";
import { fmt, machine, summarize, writeSection } from "../lib/report.mjs";

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
      // Flat out over enough games that no socket nears the server's flood limit (100 events per 20 s)
      // and no game runs out of its 160 scripted plies.
      { name: "1,000 games, flat out", games: 1000, paceMs: 0, seconds: 8, throughput: true },
    ];
const SCENARIOS = ONLY === undefined ? ALL_SCENARIOS : [ALL_SCENARIOS[ONLY]];
const WARMUP_MS = 3000;
const scripts = makeScripts(24, 160);

async function benchRelay(scenario) {
  const child = fork(join(root, "bench/moves/relay.mjs"), ["0"], { stdio: "ignore" });
  const port = await new Promise((r) => child.once("message", (m) => r(m.port)));
  const result = await runBots({
    url: `http://127.0.0.1:${port}`,
    mode: "relay",
    scenario,
    scripts,
    botProcesses: BOT_PROCESSES,
    warmupMs: WARMUP_MS,
  });
  child.kill();
  return result;
}

async function benchServer(scenario) {
  const server = await startServer({ profileDir: PROFILE_DIR });
  const result = await runBots({
    url: server.url,
    mode: "server",
    scenario,
    scripts,
    botProcesses: BOT_PROCESSES,
    warmupMs: WARMUP_MS,
    server,
  });
  await server.stop();
  server.remove();
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
  // A game whose script ran out stops moving, and the figures would understate the load.
  if (server.exhausted) console.log(`  warning: ${server.exhausted} games ran out of scripted moves`);
  rows.push({ scenario, relay, r, server, s });
}

const pass = (ok) => (ok ? "pass" : "**FAIL**");
const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const store = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite (embedded)";
const lines = [
  `## Move relay${process.env.DATABASE_URL ? " on PostgreSQL" : ""} (\`bench/moves\`)`,
  "",
  `Run ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${machine()}; ${BOT_PROCESSES} bot processes`,
  "and the server share the machine. Latency: a player emits `move`, the opponent receives `update` (server:",
  `validated by the server's Board, committed to ${store}, then broadcast). Baseline: a bare Socket.IO relay in the same`,
  "run with the same bots. Bots replay pre-computed legal games, so a move costs them nothing to choose.",
  "",
  "| scenario | relay p50 | relay p99 | server p50 | server p99 | p50 ratio (≤ 2) | p99 ratio (≤ 3) | server p99 ≤ 25 ms | moves/s (server) | move errors |",
  "|---|---|---|---|---|---|---|---|---|---|",
  ...rows.map(({ scenario, r, s, server }) => {
    const p50r = s.p50 / r.p50;
    const p99r = s.p99 / r.p99;
    // Flat out, latency is queueing behind the load the bots make: that run measures throughput.
    const judge = (ok) => (scenario.throughput ? "(throughput run)" : pass(ok));
    const rate = server.movesPerSecond.toFixed(0);
    return `| ${scenario.name} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(s.p50)} | ${fmt(s.p99)} | ${p50r.toFixed(2)} ${judge(p50r <= 2)} | ${p99r.toFixed(2)} ${judge(p99r <= 3)} | ${judge(s.p99 <= 25)} | ${scenario.throughput ? `${rate} ${pass(server.movesPerSecond >= 1000)}` : rate} | ${server.errors} |`;
  }),
  "",
  "Budget (ARCHITECTURE §7): at 1,000 live games p50 ≤ 2× and p99 ≤ 3× the relay, p99 ≤ 25 ms; ≥ 1,000 persisted moves/s.",
  "",
  "Reading them. **p50:** a move is committed before it is acknowledged and broadcast. The INSERT alone takes",
  "~0.5-1.5 ms (PGlite on its own thread, ~0.25 ms of that the hop between threads; PostgreSQL a loopback round trip and a",
  "WAL flush), so the server's p50 cannot",
  "come within 2× of a relay at ~0.3 ms; only acknowledging before the commit would, which the spec rules out.",
  "**p99 at 1,000 games** is set by the server's garbage collection (`BENCH_TRACE=1`: stalls lining up with",
  "mark-compacts, `--trace-gc` in the server shows their incremental steps). What was cut, in order: chess.js",
  "(80% of all allocation; the server's own Board, 186 ms → ~80 ms and ~1,500 → ~3,900 moves/s flat out), PGlite's",
  "query path (over half of what was left; the database moved to a worker thread, → ~54 ms), per-socket",
  "listeners and zod schemas (25 → 12 KiB per idle socket, a smaller heap to mark, → 25-32 ms), and drizzle",
  "rebuilding the move INSERT per call. Between runs p99 still moves by ±10 ms; the p99 *ratio* against a relay",
  "whose p99 is ~1 ms cannot be met with a database write in the path (the write's own p90 is over 2 ms).",
  "**Flat out** every bot moves as soon as it sees its opponent's move; 1,000 games keep each socket under the",
  "server's flood limit (100 events per 20 s), which a single fast game would hit and be refused by.",
  "",
  "Server memory after a full GC (bench/lib/memprobe.mjs preloaded into the server): JS heap in use, and the",
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
// The embedded default and PostgreSQL (DATABASE_URL) each keep their own section.
if (ONLY === undefined && !PROFILE_DIR)
  writeSection(process.env.DATABASE_URL ? "moves-postgresql" : "moves", lines.join("\n"));
if (ONLY === undefined && !PROFILE_DIR) console.log("\nwritten to bench/README.md");
process.exit(0);
