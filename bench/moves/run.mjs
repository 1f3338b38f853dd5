// bench/moves: bot pairs play legal moves over socket.io-client against the real server (every move
// validated and persisted), beside a bare Socket.IO relay measured in the same run, at 100 and 1,000
// concurrent games and flat out. Prints the figures and writes them into bench/README.md.
//   node bench/moves/run.mjs [--quick]      (needs `npm run build` first)
import { fork, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Chess } from "chess.js";
import { io } from "socket.io-client";
import { fmt, machine, summarize, writeSection } from "../lib/report.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const quick = process.argv.includes("--quick");
const SCENARIOS = quick
  ? [{ name: "100 games, 1 move/s each", games: 100, paceMs: 1000, seconds: 8 }]
  : [
      { name: "100 games, 1 move/s each", games: 100, paceMs: 1000, seconds: 15 },
      { name: "1,000 games, 1 move/s each", games: 1000, paceMs: 1000, seconds: 20 },
      { name: "400 games, flat out", games: 400, paceMs: 0, seconds: 15 },
    ];
const WARMUP_MS = 3000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function connect(url) {
  return new Promise((resolve, reject) => {
    const s = io(url, { transports: ["websocket"], forceNew: true, reconnection: false });
    const timer = setTimeout(() => reject(new Error("connect timeout")), 20_000);
    s.once("connect", () => {
      clearTimeout(timer);
      resolve(s);
    });
    s.once("connect_error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}

async function inBatches(n, size, fn) {
  const out = [];
  for (let i = 0; i < n; i += size)
    out.push(...(await Promise.all(Array.from({ length: Math.min(size, n - i) }, (_, k) => fn(i + k)))));
  return out;
}

/** Plays `pairs` (each {white, black, gameId}) for `seconds`; returns latency samples and moves counted. */
async function drive(pairs, { paceMs, seconds }) {
  const samples = [];
  let moves = 0;
  let errors = 0;
  const started = performance.now();
  const measureFrom = started + WARMUP_MS;
  const stopAt = started + WARMUP_MS + seconds * 1000;
  let running = true;

  for (const p of pairs) {
    const chess = new Chess();
    const sentAt = new Map();
    const moveFrom = (socket) => {
      if (!running || chess.isGameOver()) return;
      const legal = chess.moves({ verbose: true });
      const m = legal[Math.floor(Math.random() * legal.length)];
      const ply = chess.history().length;
      sentAt.set(ply + 1, performance.now());
      socket.emit(
        "move",
        { gameId: p.gameId, move: { from: m.from, to: m.to, ...(m.promotion ? { promotion: m.promotion } : {}) }, ply },
        (ack) => {
          if (!ack?.ok) errors++;
        },
      );
      chess.move({ from: m.from, to: m.to, promotion: m.promotion });
    };
    for (const [me, other] of [
      [p.white, "b"],
      [p.black, "w"],
    ]) {
      me.on("update", (u) => {
        const t0 = sentAt.get(u.ply);
        // Only the receiving side measures: the mover's own echo is ignored.
        if (t0 === undefined || chess.turn() !== (other === "b" ? "w" : "b")) return;
        sentAt.delete(u.ply);
        const now = performance.now();
        if (now >= measureFrom && now <= stopAt) {
          samples.push(now - t0);
          moves++;
        }
        if (paceMs === 0) moveFrom(me);
        else setTimeout(() => moveFrom(me), paceMs * (0.5 + Math.random()));
      });
    }
    // Spread the first moves over one pace interval so load is even.
    setTimeout(() => moveFrom(p.white), Math.random() * Math.max(paceMs, 50));
  }
  await sleep(WARMUP_MS + seconds * 1000);
  running = false;
  return { samples, movesPerSecond: moves / seconds, errors };
}

async function benchRelay(scenario) {
  const child = fork(join(root, "bench/moves/relay.mjs"), ["0"], { stdio: "ignore" });
  const port = await new Promise((r) => child.once("message", (m) => r(m.port)));
  const url = `http://127.0.0.1:${port}`;
  const pairs = await inBatches(scenario.games, 100, async (i) => {
    const [white, black] = await Promise.all([connect(url), connect(url)]);
    const gameId = `g${i}`;
    await Promise.all([
      white.timeout(10_000).emitWithAck("join", gameId),
      black.timeout(10_000).emitWithAck("join", gameId),
    ]);
    return { white, black, gameId };
  });
  const result = await drive(pairs, scenario);
  for (const p of pairs) {
    p.white.close();
    p.black.close();
  }
  child.kill();
  return result;
}

async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-moves-"));
  const port = 30_000 + Math.floor(Math.random() * 20_000);
  const env = { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", DATA_DIR: dataDir };
  const child = spawn(process.execPath, [join(root, "packages/server/dist/main.js")], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {}
    await sleep(100);
  }
  return {
    url,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function benchServer(scenario) {
  const server = await startServer();
  const pairs = await inBatches(scenario.games, 50, async () => {
    const [a, b] = await Promise.all([connect(server.url), connect(server.url)]);
    const startedA = new Promise((r) => a.once("gameStarted", r));
    const startedB = new Promise((r) => b.once("gameStarted", r));
    const offer = await a
      .timeout(10_000)
      .emitWithAck("createGameOffer", { baseTime: 60, increment: 0, selectedColor: "white" });
    const accepted = await b.timeout(10_000).emitWithAck("acceptGameOffer", { offerId: offer.data.offerId });
    if (!accepted.ok) throw new Error(accepted.message);
    const game = await startedA;
    await startedB;
    return { white: a, black: b, gameId: game.gameId };
  });
  const result = await drive(pairs, scenario);
  for (const p of pairs) {
    p.white.close();
    p.black.close();
  }
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
const lines = [
  "## Move relay (`bench/moves`)",
  "",
  `Run ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${machine()}; bots and server share the machine.`,
  "Latency: a player emits `move`, the opponent receives `update` (server: validated by chess.js, committed to",
  "PGlite, then broadcast). Baseline: a bare Socket.IO relay in the same run, same bots.",
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
];
writeSection("moves", lines.join("\n"));
console.log("\nwritten to bench/README.md");
process.exit(0);
