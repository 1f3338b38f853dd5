// bench/analysis: the engine budgets, end to end through the real server.
// - Full analysis of an 80-ply game (Kasparov-Topalov, Wijk aan Zee 1999, first 80 plies) at the server's
//   default ANALYSIS_NODES, with the bundled WASM engine and with a native Stockfish when one is installed;
//   then the cached re-open.
// - The same analysis while 50 live games are played at one move per second each: its time, and the live
//   moves' latency (A emits "move" → B receives "update") before and during the analysis, p50 / p99.
// - Jumpstart: requests for the presets served from the background pool, and custom ranges generated on
//   demand, each as p50/p95.
// Prints the figures and writes them into bench/README.md.
// - Puzzles (issue 48): games analysed one after another while 50 live games play; each analysis's mistakes
//   searched for their second-best move in the background: puzzles made an hour, and the live moves' latency.
//   `--puzzles-only` runs just that and prints its figures.
//   node bench/analysis/run.mjs [--quick] [--live-only] [--puzzles-only]      (needs `npm run build` first)
import { accessSync, constants } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import { Chess } from "chess.js";
import { io } from "socket.io-client";
import { makeScripts, root, sleep, startServer } from "../lib/live.mjs";
import { fmt, machine, summarize, writeSection } from "../lib/report.mjs";

const quick = process.argv.includes("--quick");
/** Only the analysis under live play, printed, README untouched. */
const liveOnly = process.argv.includes("--live-only");
/** Only the puzzles under live play, printed, README untouched. */
const puzzlesOnly = process.argv.includes("--puzzles-only");

const GAME =
  "1. e4 d6 2. d4 Nf6 3. Nc3 g6 4. Be3 Bg7 5. Qd2 c6 6. f3 b5 7. Nge2 Nbd7 8. Bh6 Bxh6 9. Qxh6 Bb7 10. a3 e5 " +
  "11. O-O-O Qe7 12. Kb1 a6 13. Nc1 O-O-O 14. Nb3 exd4 15. Rxd4 c5 16. Rd1 Nb6 17. g3 Kb8 18. Na5 Ba8 " +
  "19. Bh3 d5 20. Qf4+ Ka7 21. Rhe1 d4 22. Nd5 Nbxd5 23. exd5 Qd6 24. Rxd4 cxd4 25. Re7+ Kb6 26. Qxd4+ Kxa5 " +
  "27. b4+ Ka4 28. Qc3 Qxd5 29. Ra7 Bb7 30. Rxb7 Qc4 31. Qxf6 Kxa3 32. Qxa6+ Kxb4 33. c3+ Kxc3 34. Qa1+ Kd2 " +
  "35. Qb2+ Kd1 36. Bf1 Rd2 37. Rd7 Rxd7 38. Bxc4 bxc4 39. Qxh8 Rd3 40. Qa8 c3";
const PLIES = 80;
const GAME_MOVES = (() => {
  const c = new Chess();
  c.loadPgn(GAME);
  return c
    .history({ verbose: true })
    .slice(0, PLIES)
    .map((m) => ({ from: m.from, to: m.to }));
})();

function nativeEngine() {
  for (const p of [process.env.STOCKFISH_PATH, "/usr/games/stockfish", "/usr/bin/stockfish"]) {
    if (!p || p.endsWith(".js")) continue;
    try {
      accessSync(p, constants.X_OK);
      return p;
    } catch {}
  }
  return undefined;
}
const wasmEngine = createRequire(import.meta.url).resolve("stockfish/bin/stockfish-19-lite-single.js", {
  paths: [join(root, "packages/server")],
});

/** The built server with the given engine settings; `health()` reads /health. */
async function startAnalysisServer(env) {
  const server = await startServer({ env, profileDir: process.env.BENCH_PROFILE });
  // A busy machine can take longer than startServer waits (PGlite's first start migrates the database).
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${server.url}/health`)).ok) break;
    } catch {}
    await sleep(500);
  }
  return {
    url: server.url,
    health: async () => (await fetch(`${server.url}/health`)).json(),
    async stop() {
      await server.stop();
      server.remove();
    },
  };
}

let players = 0;
/** A new account on a socket of its own, from an address of its own (the bench server trusts the proxy header). */
async function player(url, name) {
  players += 1;
  const address = `10.77.${Math.floor(players / 250) % 250}.${players % 250}`;
  const headers = { "content-type": "application/json", "x-forwarded-for": address };
  const body = (b) => ({ method: "POST", headers, body: JSON.stringify(b) });
  await fetch(`${url}/user/create`, body({ username: name, email: `${name}@example.com`, password: "bench pass" }));
  const login = await (await fetch(`${url}/user/login`, body({ username: name, password: "bench pass" }))).json();
  const socket = io(url, {
    transports: ["websocket"],
    auth: { sessionId: login.sessionId },
    forceNew: true,
    extraHeaders: { "x-forwarded-for": address },
  });
  await new Promise((r) => socket.once("session", r));
  return { socket, sessionId: login.sessionId };
}

/** Plays the game (these moves) between two new accounts, ends it by resignation, and returns its id and a session. */
async function playGame(url, moves = GAME_MOVES) {
  const tag = Math.random().toString(36).slice(2, 7);
  const [a, b] = await Promise.all([player(url, `benchw${tag}`), player(url, `benchb${tag}`)]);
  const started = new Promise((r) => a.socket.once("gameStarted", r));
  const offer = await a.socket.emitWithAck("createGameOffer", { baseTime: 10, increment: 0, selectedColor: "white" });
  await b.socket.emitWithAck("acceptGameOffer", { offerId: offer.data.offerId });
  const { gameId } = await started;
  for (let ply = 0; ply < moves.length; ply++) {
    const mover = ply % 2 === 0 ? a : b;
    const ack = await mover.socket.emitWithAck("move", { gameId, move: moves[ply], ply });
    if (!ack.ok) throw new Error(`move ${ply}: ${ack.message}`);
  }
  // A game that ended on the board (a random game's mate) needs no resignation.
  await a.socket.emitWithAck("forfeit", { gameId }).catch(() => {});
  a.socket.close();
  b.socket.close();
  return { gameId, sessionId: a.sessionId };
}

async function benchAnalysis(kind, enginePath) {
  const server = await startAnalysisServer({ STOCKFISH_PATH: enginePath, JUMPSTART_POOL_SIZE: "0" });
  const { engine } = await server.health();
  const { gameId, sessionId } = await playGame(server.url);
  const get = () => fetch(`${server.url}/game/analysis/${gameId}`, { headers: { "Session-ID": sessionId } });
  const t0 = performance.now();
  const res = await get();
  const full = performance.now() - t0;
  const entries = await res.json();
  if (!res.ok || entries.length !== PLIES + 1) throw new Error(`analysis failed: ${res.status}`);
  const cached = [];
  for (let i = 0; i < 30; i++) {
    const t = performance.now();
    await (await get()).json();
    cached.push(performance.now() - t);
  }
  await server.stop();
  return { kind, workers: engine.workers, full, cached: summarize(cached), positions: entries.length };
}

const LIVE_GAMES = quick ? 20 : 50;
const LIVE_PACE_MS = 1000;
const BASELINE_SECONDS = quick ? 5 : 10;

/** `count` live games between new accounts, each ready to play its scripted moves. */
async function liveGames(url, count) {
  const scripts = makeScripts(count, 200);
  const games = [];
  for (let i = 0; i < count; i++) {
    const tag = Math.random().toString(36).slice(2, 7);
    const [a, b] = await Promise.all([player(url, `livew${tag}`), player(url, `liveb${tag}`)]);
    const started = new Promise((r) => a.socket.once("gameStarted", r));
    const offer = await a.socket.emitWithAck("createGameOffer", { baseTime: 60, increment: 0, selectedColor: "white" });
    await b.socket.emitWithAck("acceptGameOffer", { offerId: offer.data.offerId });
    const { gameId } = await started;
    games.push({ gameId, sockets: [a.socket, b.socket], script: scripts[i], ply: 0 });
  }
  return games;
}

/**
 * Plays the live games at LIVE_PACE_MS per move each until `stop()`; `samples` collects the latency of each
 * move from the mover's emit to the opponent's "update", while `recording` is set.
 */
function playLive(games) {
  const state = { recording: false, samples: [], sentAt: [], errors: 0, running: true };
  for (const g of games) {
    let sentAt = 0;
    const moveNow = () => {
      if (!state.running || g.ply >= g.script.length) return;
      sentAt = performance.now();
      g.sockets[g.ply % 2].emit("move", { gameId: g.gameId, move: g.script[g.ply], ply: g.ply }, (ack) => {
        if (!ack?.ok) state.errors++;
      });
    };
    g.sockets.forEach((socket, side) => {
      socket.on("update", (u) => {
        if (u.gameId !== g.gameId || u.ply !== g.ply + 1 || side !== (g.ply + 1) % 2) return;
        if (state.recording) {
          state.samples.push(performance.now() - sentAt);
          state.sentAt.push(sentAt);
        }
        g.ply++;
        setTimeout(moveNow, LIVE_PACE_MS * (0.5 + Math.random()));
      });
    });
    setTimeout(moveNow, Math.random() * LIVE_PACE_MS);
  }
  return state;
}

/** The full analysis while live games are played: its time, and live-move latency before and during it. */
async function benchAnalysisUnderPlay(kind, enginePath) {
  const server = await startAnalysisServer({
    STOCKFISH_PATH: enginePath,
    JUMPSTART_POOL_SIZE: "0",
    SIGNUP_LIMIT_PER_IP: "100000",
  });
  const { gameId, sessionId } = await playGame(server.url);
  const games = await liveGames(server.url, LIVE_GAMES);
  const live = playLive(games);
  await sleep(3000);
  live.recording = true;
  await sleep(BASELINE_SECONDS * 1000);
  const baseline = summarize(live.samples);
  live.samples = [];
  live.sentAt = [];
  const t0 = performance.now();
  const res = await fetch(`${server.url}/game/analysis/${gameId}`, { headers: { "Session-ID": sessionId } });
  const entries = await res.json();
  const full = performance.now() - t0;
  live.recording = false;
  live.running = false;
  const during = summarize(live.samples);
  if (process.env.BENCH_TRACE) {
    // When the slowest live moves were sent, from the analysis request: bursts at its start or end, or spread.
    const slow = live.samples.map((ms, i) => [live.sentAt[i] - t0, ms]).filter(([, ms]) => ms > 10);
    console.error(`analysis took ${full.toFixed(0)} ms; live moves over 10 ms (sent at ms → took ms):`);
    for (const [at, ms] of slow) console.error(`  ${at.toFixed(0)} → ${ms.toFixed(1)}`);
  }
  if (!res.ok || entries.length !== PLIES + 1) throw new Error(`analysis failed: ${res.status}`);
  for (const g of games) for (const s of g.sockets) s.close();
  await server.stop();
  return { kind, full, baseline, during, errors: live.errors };
}

/**
 * Stand-ins for amateur games: the biggest capture on offer two times in three, else any legal move, so
 * pieces hang and wins are missed on both sides. Seeded: every run analyses the same games.
 */
function mistakeGames(count, plies) {
  let seed = 48;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const value = { p: 1, n: 3, b: 3, r: 5, q: 9, k: 0 };
  return Array.from({ length: count }, () => {
    const c = new Chess();
    const out = [];
    while (out.length < plies && !c.isGameOver()) {
      const legal = c.moves({ verbose: true });
      // Takes what is offered two times in three, else any move: blunders on both sides, and their punishments.
      const captures = legal.filter((m) => m.captured).sort((x, y) => value[y.captured] - value[x.captured]);
      const m = captures.length > 0 && random() < 0.67 ? captures[0] : legal[Math.floor(random() * legal.length)];
      c.move(m);
      out.push({ from: m.from, to: m.to, ...(m.promotion ? { promotion: m.promotion } : {}) });
    }
    return out;
  });
}

const PUZZLE_GAMES = quick ? 3 : 6;

/** Games analysed one after another while live games play; their puzzles made in the background. */
async function benchPuzzlesUnderPlay(kind, enginePath) {
  const server = await startAnalysisServer({
    STOCKFISH_PATH: enginePath,
    JUMPSTART_POOL_SIZE: "0",
    SIGNUP_LIMIT_PER_IP: "100000",
  });
  const played = [];
  for (const g of mistakeGames(PUZZLE_GAMES, 60)) played.push(await playGame(server.url, g));
  const games = await liveGames(server.url, LIVE_GAMES);
  const live = playLive(games);
  await sleep(3000);
  live.recording = true;
  const t0 = performance.now();
  let positions = 0;
  for (const { gameId, sessionId } of played) {
    const res = await fetch(`${server.url}/game/analysis/${gameId}`, { headers: { "Session-ID": sessionId } });
    if (!res.ok) throw new Error(`analysis failed: ${res.status}`);
    positions += (await res.json()).length;
  }
  const analysed = performance.now() - t0;
  // The second-best searches run behind the analyses: done once no game is in hand.
  let health = await server.health();
  while (health.puzzles.gamesInHand > 0 && performance.now() - t0 < 900_000) {
    await sleep(250);
    health = await server.health();
  }
  const elapsed = performance.now() - t0;
  live.recording = false;
  live.running = false;
  const during = summarize(live.samples);
  for (const g of games) for (const s of g.sockets) s.close();
  await server.stop();
  const made = health.puzzles.made;
  return {
    kind,
    games: played.length,
    positions,
    analysed,
    elapsed,
    made,
    perHour: (made / elapsed) * 3_600_000,
    during,
    errors: live.errors,
  };
}

const PRESETS = ["early", "mid", "late"].flatMap((stage) =>
  ["almostEven", "uphill", "freeClimbing"].map((handicap) => ({ stage, handicap })),
);
const RANGES = { almostEven: [0, 1], uphill: [1, 3], freeClimbing: [3, 5] };
const STAGES = { early: [10, 20], mid: [20, 40], late: [40, 100] };

async function benchJumpstart(enginePath) {
  const poolSize = 4;
  const server = await startAnalysisServer({ STOCKFISH_PATH: enginePath, JUMPSTART_POOL_SIZE: String(poolSize) });
  const want = PRESETS.length * poolSize;
  const fillStarted = performance.now();
  let stock = 0;
  while (stock < want && performance.now() - fillStarted < 600_000) {
    await sleep(2000);
    stock = (await server.health()).jumpstartStock;
  }
  const fillSeconds = (performance.now() - fillStarted) / 1000;
  const ask = async (q) => {
    const t = performance.now();
    const res = await fetch(`${server.url}/game/random-position?${new URLSearchParams(q)}`);
    const body = await res.json();
    return { ms: performance.now() - t, ok: res.ok, source: body.source };
  };
  const pooled = [];
  const fellThrough = [];
  const requests = quick ? 18 : 45;
  // A steady stream a little under the per-address limit (60 a minute), rotating over the presets.
  for (let i = 0; i < requests; i++) {
    const p = PRESETS[i % PRESETS.length];
    const [emin, emax] = RANGES[p.handicap];
    const [mmin, mmax] = STAGES[p.stage];
    const r = await ask({
      lower_eval_limit: emin,
      upper_eval_limit: emax,
      lower_move_limit: mmin,
      upper_move_limit: mmax,
    });
    (r.source === "pool" ? pooled : fellThrough).push(r.ms);
    await sleep(1100);
  }
  const onDemand = [];
  let failures = 0;
  for (let i = 0; i < (quick ? 4 : 10); i++) {
    const r = await ask({ lower_eval_limit: 0.5, upper_eval_limit: 2, lower_move_limit: 15, upper_move_limit: 30 });
    if (r.ok) onDemand.push(r.ms);
    else failures++;
    await sleep(1100);
  }
  await server.stop();
  return { fillSeconds, stock, want, pooled: summarize(pooled), fellThrough, onDemand: summarize(onDemand), failures };
}

const native = nativeEngine();
const runs = [];
/** Other work on the machine shows in every figure here: the 1-minute load average when the run began. */
const loadAtStart = loadavg()[0];
if (puzzlesOnly) {
  const r = await benchPuzzlesUnderPlay("WASM", native ?? wasmEngine);
  // The machine is shared: the figure goes with the load it was measured under.
  console.log(JSON.stringify({ ...r, loadAtStart, loadAtEnd: loadavg()[0] }, null, 1));
  process.exit(0);
}
if (liveOnly) {
  const r = await benchAnalysisUnderPlay("WASM", native ?? wasmEngine);
  console.log(JSON.stringify(r, null, 1));
  process.exit(0);
}
process.stdout.write("analysis, WASM... ");
runs.push(await benchAnalysis("WASM (npm stockfish 19 lite, single thread)", wasmEngine));
console.log(`${(runs.at(-1).full / 1000).toFixed(1)} s`);
if (native) {
  process.stdout.write("analysis, native... ");
  runs.push(await benchAnalysis(`native (${native})`, native));
  console.log(`${(runs.at(-1).full / 1000).toFixed(1)} s`);
}
const underPlay = [];
process.stdout.write(`analysis while ${LIVE_GAMES} games play, WASM... `);
underPlay.push(await benchAnalysisUnderPlay("WASM", wasmEngine));
console.log(
  `${(underPlay.at(-1).full / 1000).toFixed(1)} s, live p99 ${fmt(underPlay.at(-1).baseline.p99)} → ${fmt(underPlay.at(-1).during.p99)}`,
);
if (native) {
  process.stdout.write(`analysis while ${LIVE_GAMES} games play, native... `);
  underPlay.push(await benchAnalysisUnderPlay("native", native));
  console.log(
    `${(underPlay.at(-1).full / 1000).toFixed(1)} s, live p99 ${fmt(underPlay.at(-1).baseline.p99)} → ${fmt(underPlay.at(-1).during.p99)}`,
  );
}
process.stdout.write(`puzzles while ${LIVE_GAMES} games play, ${native ? "native" : "WASM"}... `);
const pz = await benchPuzzlesUnderPlay(native ? "native" : "WASM", native ?? wasmEngine);
console.log(
  `${pz.made} puzzles from ${pz.games} games in ${(pz.elapsed / 1000).toFixed(0)} s: ${pz.perHour.toFixed(0)} an hour`,
);
process.stdout.write("jumpstart... ");
const js = await benchJumpstart(native ?? wasmEngine);
console.log(`pool p95 ${fmt(js.pooled.p95)}, on demand p95 ${fmt(js.onDemand.p95)}`);

const pass = (ok) => (ok ? "pass" : "**FAIL**");
const nodes = process.env.ANALYSIS_NODES ?? "150000";
const lines = [
  "## Analysis and jumpstart (`bench/analysis`)",
  "",
  `Run ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${machine()}. Through the real server over HTTP;`,
  `${availableParallelism()} cores, default ENGINE_WORKERS; ANALYSIS_NODES ${nodes} per position. Load average`,
  `${loadAtStart.toFixed(1)} when the run began${loadAtStart > availableParallelism() ? " (other work on the machine: figures are slower than on an idle one)" : ""}.`,
  native ? "" : "No native Stockfish was found (`apt-get install stockfish` puts one at /usr/games/stockfish).",
  "",
  "| full analysis of an 80-ply game (81 positions) | engines | time | budget ≤ 15 s | cached re-open p50 / p95 | budget ≤ 100 ms |",
  "|---|---|---|---|---|---|",
  ...runs.map(
    (r) =>
      `| ${r.kind} | ${r.workers} | ${(r.full / 1000).toFixed(1)} s | ${pass(r.full <= 15_000)} | ${fmt(r.cached.p50)} / ${fmt(r.cached.p95)} | ${pass(r.cached.p95 <= 100)} |`,
  ),
  "",
  `The same analysis while ${LIVE_GAMES} live games are played on the same server (one move per second each, from`,
  "socket.io clients in the benchmark process); live-move latency is A's `move` → B's `update`, measured for",
  `${BASELINE_SECONDS} s before the analysis and for as long as it runs.`,
  "",
  "| engine | analysis time with live play | budget ≤ 15 s | live moves before: n, p50 / p99 | during the analysis: n, p50 / p99 | budget p99 ≤ 25 ms | move errors |",
  "|---|---|---|---|---|---|---|",
  ...underPlay.map(
    (r) =>
      `| ${r.kind} | ${(r.full / 1000).toFixed(1)} s | ${pass(r.full <= 15_000)} | ${r.baseline.n}, ${fmt(r.baseline.p50)} / ${fmt(r.baseline.p99)} | ${r.during.n}, ${fmt(r.during.p50)} / ${fmt(r.during.p99)} | ${pass(r.during.p99 <= 25)} | ${r.errors} |`,
  ),
  "",
  "Reading them. With ~460 moves during the analysis, p99 is their fifth-slowest: it moves between runs (2026-11-26,",
  "`--live-only`, 8 runs on this machine: 13-24 ms). The worst moves used to come at the analysis's start, held up",
  "40-54 ms while the server spawned its engines (a fork blocks the event loop ~20 ms per engine): engines now start",
  "with the server (`ENGINES_AT_START`). What remains is spread over the analysis: the server's threads waiting",
  "for a core the engines hold (nice 10 or 19 made no difference) and its garbage collection.",
  "",
  `Puzzles (issue 48): ${pz.games} games of 60 plies analysed one after another while ${LIVE_GAMES} live games play, each`,
  "game's mistakes then searched for their second-best move on the same engines at low priority (behind every",
  "player's search); the time runs from the first analysis request until the last game's puzzles are stored. The",
  "games are seeded stand-ins for amateur play (captures taken two times in three, else a random move): many",
  "mistakes a game, so the hour's figure is near the node's most; games an hour is the cost that does not depend on that.",
  "",
  "| engine | games analysed | positions | puzzles made | time | puzzles an hour | games an hour | live moves meanwhile: n, p50 / p99 | budget p99 ≤ 25 ms | move errors |",
  "|---|---|---|---|---|---|---|---|---|---|",
  `| ${pz.kind} | ${pz.games} | ${pz.positions} | ${pz.made} | ${(pz.elapsed / 1000).toFixed(0)} s | ${pz.perHour.toFixed(0)} | ${((pz.games / pz.elapsed) * 3_600_000).toFixed(0)} | ${pz.during.n}, ${fmt(pz.during.p50)} / ${fmt(pz.during.p99)} | ${pass(pz.during.p99 <= 25)} | ${pz.errors} |`,
  "",
  `Jumpstart with the ${native ? "native" : "WASM"} engine; pool of 4 per preset (9 presets), ${js.stock}/${js.want} filled in ${js.fillSeconds.toFixed(0)} s before measuring.`,
  "",
  "| jumpstart request | n | p50 | p95 | budget p95 ≤ 200 ms |",
  "|---|---|---|---|---|",
  `| preset, from the pool (one request every 1.1 s, presets in turn) | ${js.pooled.n} | ${fmt(js.pooled.p50)} | ${fmt(js.pooled.p95)} | ${pass(js.pooled.p95 <= 200)} |`,
  `| preset, pool empty so generated on demand | ${js.fellThrough.length} | ${fmt(summarize(js.fellThrough).p50)} | ${fmt(summarize(js.fellThrough).p95)} | (not pooled) |`,
  `| custom range (eval 0.5–2, moves 15–30), generated on demand | ${js.onDemand.n} | ${fmt(js.onDemand.p50)} | ${fmt(js.onDemand.p95)} | (not pooled; ${js.failures} failed) |`,
];
writeSection("analysis", lines.filter((l, i) => l !== "" || lines[i - 1] !== "").join("\n"));
console.log("\nwritten to bench/README.md");
process.exit(0);
