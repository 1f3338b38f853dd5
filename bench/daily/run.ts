// bench/daily: 10,000 daily games in progress between 2,000 players, seeded into the database, then the built
// server: its memory idle against an empty one, the latency of moves (each loads its game from the database),
// and how late time-outs land, while it runs and across a restart.
// Live games play beside the daily moves (--live N, 1,000 by default, a move a second each, bots in their own
// processes): ARCHITECTURE §7 asks that they keep their budget (p99 ≤ 25 ms) meanwhile.
//   npm run build -w packages/server && node --import tsx bench/daily/run.ts [--games N] [--players N] [--live N]
// PGlite (embedded) unless DATABASE_URL is set (a fresh database is created and dropped).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { io, type Socket } from "socket.io-client";
import { openDatabase } from "../../packages/server/src/storage/db.ts";
import { freshPostgres, makeScripts, memoryOf, runBots, startServer } from "../lib/live.mjs";
import { cpuBusy, fmt, machine, summarize, writeSection } from "../lib/report.mjs";
import { seedDaily } from "./seed.ts";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const GAMES = arg("games", 10_000);
const PLAYERS = arg("players", 2_000);
const MOVERS = arg("movers", 200);
const MOVES = arg("moves", 2_000);
/** Moves sent per second, each on its own (10,000 games a few moves a day each are far fewer). */
const RATE = arg("rate", 50);
/** Live games played beside the daily moves, one move a second each (ARCHITECTURE §7's 1,000). */
const LIVE = arg("live", 1_000);
const LIVE_WARMUP_MS = 3_000;
const TIMEOUTS = 100;
const SWEEP_MS = 10_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const MB = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

/** Where the servers keep their data: one PGlite folder, or one PostgreSQL database, shared by the runs. */
async function storage() {
  if (process.env.DATABASE_URL) {
    const pg = await freshPostgres(`daily_${process.pid}`);
    return {
      env: { DATABASE_URL: pg.url },
      open: () => openDatabase({ databaseUrl: pg.url }),
      drop: pg.drop,
      kind: "PostgreSQL",
    };
  }
  const dir = mkdtempSync(join(tmpdir(), "bench-daily-"));
  return {
    env: { DATA_DIR: dir },
    open: () => openDatabase({ pgliteDir: join(dir, "db") }),
    drop: async () => rmSync(dir, { recursive: true, force: true }),
    kind: "PGlite (embedded)",
  };
}

async function seed(open: () => ReturnType<typeof openDatabase>, now: number) {
  const database = await open();
  await seedDaily(database, { games: GAMES, players: PLAYERS, timeouts: TIMEOUTS, now });
  await database.close();
}

async function setDeadlines(
  open: () => ReturnType<typeof openDatabase>,
  from: number,
  to: number,
  at: (i: number) => number,
) {
  const database = await open();
  for (let g = from; g < to; g++) {
    await database.db.execute(sql`update daily_games set deadline = ${at(g - from)} where game_id = ${`dg${g}`}`);
  }
  await database.close();
}

function connectAs(url: string, userId: number): Promise<Socket> {
  const socket = io(url, {
    transports: ["websocket"],
    auth: { sessionId: `benchsession${userId}` },
    forceNew: true,
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    socket.once("session", () => resolve(socket));
    socket.once("connect_error", reject);
  });
}

/** When each game ended (from its history record), for those ended. */
async function endedAt(url: string, ids: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const id of ids) {
    const r = await fetch(`${url}/history/${id}`);
    const j = (await r.json()) as { endedAt: number | null };
    if (j.endedAt !== null) out.set(id, j.endedAt);
  }
  return out;
}

const busyBefore = await cpuBusy();
const store = await storage();
console.log(`daily bench on ${store.kind}: ${GAMES} games, ${PLAYERS} players`);
// The bench's players all connect from one address.
const env = {
  ...store.env,
  DAILY_SWEEP_MS: String(SWEEP_MS),
  CONNECT_BURST_PER_IP: "100000",
  CONNECT_RATE_PER_IP: "100000",
  SOCKETS_PER_IP: "100000",
};

// An empty server first, on a database of its own (never the one DATABASE_URL names): the idle baseline.
const emptyPg = process.env.DATABASE_URL ? await freshPostgres(`daily_empty_${process.pid}`) : undefined;
const empty = await startServer({ env: emptyPg ? { DATABASE_URL: emptyPg.url } : {} });
await sleep(2000);
const emptyMemory = await memoryOf(empty);
await empty.stop();
empty.remove();
await emptyPg?.drop();

const seededAt = Date.now();
await seed(store.open, seededAt);
let server = await startServer({ env });
await sleep(3000);
const idleMemory = await memoryOf(server);

// Made before the daily players connect: making them holds this process for seconds, past their ping timeout.
const liveScripts = LIVE > 0 ? makeScripts(24, 160) : [];
// Moves: MOVERS players each move in their own games (White at the start), RATE a second, while LIVE live
// games play (their timed part covers the daily moves: started once the bots' warm-up is over).
const sockets = await Promise.all(Array.from({ length: MOVERS }, (_, i) => connectAs(server.url, 1 + i)));
const dailySeconds = Math.min(MOVES, Math.ceil((GAMES - 2 * TIMEOUTS) / PLAYERS) * MOVERS) / RATE;
let liveGo: () => void = () => {};
const liveTimed = new Promise<void>((resolve) => {
  liveGo = () => setTimeout(resolve, LIVE_WARMUP_MS);
});
const live =
  LIVE > 0
    ? runBots({
        url: server.url,
        mode: "server",
        scenario: { name: "live", games: LIVE, paceMs: 1000, seconds: Math.ceil(dailySeconds) + 2 },
        scripts: liveScripts,
        botProcesses: 2,
        warmupMs: LIVE_WARMUP_MS,
        onGo: () => liveGo(),
      })
    : undefined;
if (live) await liveTimed;
const latencies: number[] = [];
let refused = 0;
const sends: Array<Promise<void>> = [];
for (let k = 0; k < MOVES; k++) {
  // Game g has White player 1 + g % PLAYERS: mover i plays its games i, i + PLAYERS, ...
  const mover = k % MOVERS;
  const g = mover + PLAYERS * Math.floor(k / MOVERS);
  if (g >= GAMES - 2 * TIMEOUTS) break;
  const socket = sockets[mover] as Socket;
  const t = performance.now();
  sends.push(
    (
      socket
        .timeout(10_000)
        .emitWithAck("dailyMove", { gameId: `dg${g}`, move: { from: "d2", to: "d4" }, ply: 0 }) as Promise<{
        ok: boolean;
      }>
    ).then(
      (ack) => {
        latencies.push(performance.now() - t);
        if (!ack.ok) refused += 1;
      },
      () => {
        // No answer in 10 s: counted as its wait and refused, so the run still reports.
        latencies.push(performance.now() - t);
        refused += 1;
      },
    ),
  );
  await sleep(1000 / RATE);
}
await Promise.all(sends);
const moves = summarize(latencies);
const liveResult = await live;
const liveMoves = liveResult ? summarize(liveResult.samples) : undefined;
for (const s of sockets) s.close();
await sleep(2000);
const afterMoves = await memoryOf(server);

// Time-outs while it runs: the first TIMEOUTS fall due 30-90 s after seeding.
const running = Array.from({ length: TIMEOUTS }, (_, i) => `dg${GAMES - 2 * TIMEOUTS + i}`);
const lastDue = seededAt + 30_000 + (TIMEOUTS - 1) * 600;
await sleep(Math.max(0, lastDue - Date.now()) + SWEEP_MS + 5_000);
const ranEnds = await endedAt(server.url, running);
const lateRunning = running.map(
  (id, i) => (ranEnds.get(id) ?? Number.POSITIVE_INFINITY) - (seededAt + 30_000 + i * 600),
);

// Across a restart: down for 20 s while the other TIMEOUTS fall due.
await server.stop();
const downAt = Date.now();
await setDeadlines(store.open, GAMES - TIMEOUTS, GAMES, (i) => downAt + 2_000 + i * 150);
await sleep(20_000);
server = await startServer({ env });
const upAt = Date.now();
const restarted = Array.from({ length: TIMEOUTS }, (_, i) => `dg${GAMES - TIMEOUTS + i}`);
const restartEnds = await endedAt(server.url, restarted);
const lateRestart = restarted.map(
  (id, i) => (restartEnds.get(id) ?? Number.POSITIVE_INFINITY) - (downAt + 2_000 + i * 150),
);
const afterUp = restarted.map((id) => (restartEnds.get(id) ?? Number.POSITIVE_INFINITY) - upAt);
await server.stop();
server.remove();
await store.drop();

const late = summarize(lateRunning);
const lateAcross = summarize(lateRestart);
const growth = idleMemory.heapUsed - emptyMemory.heapUsed;
const rssGrowth = idleMemory.rss - emptyMemory.rss;
const pass = (ok: boolean) => (ok ? "pass" : "FAIL");
const body = `## Daily games (\`bench/daily\`)

Run ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${machine()}, ${store.kind}. ${GAMES.toLocaleString("en")} daily
games in progress between ${PLAYERS.toLocaleString("en")} players, seeded into the database before the built server starts
(sweep every ${SWEEP_MS / 1000} s, the default). Moves: ${MOVERS} players, ${RATE} moves a second, each \`dailyMove\` timed
to its acknowledgement: the game read from the database (row, daily state, moves), the move decided and stored
in one transaction, broadcast. Memory: live heap and RSS after a full GC, against an empty server started the same
way (the heap after the moves holds the live games too). Live games${LIVE > 0 ? ` (${LIVE.toLocaleString("en")})` : ""}: guests' games played by
bots in two processes of their own, a move a second each, timed from a move to the opponent's update, during the
daily moves. Time-outs: ${TIMEOUTS} games due while the server runs, and ${TIMEOUTS} more due while it is down for 20 s.
CPU busy in the 3 s before the run: ${busyBefore.toFixed(0)}%${busyBefore > 20 ? " (a busy machine: the tail is other work's)" : ""}.

| what | figure | budget |
|---|---|---|
| move answered, p50 / p90 / p99 / max (${moves.n} moves, ${refused} refused) | ${fmt(moves.p50)} / ${fmt(moves.p90)} / ${fmt(moves.p99)} / ${fmt(moves.max)} | p99 ≤ 50 ms: ${pass(moves.p99 <= 50)} |
${
  liveMoves && liveResult
    ? `| live games meanwhile: ${LIVE.toLocaleString("en")} games, a move a second each, relayed p50 / p99 (${liveMoves.n} moves, ${liveResult.errors} errors) | ${fmt(liveMoves.p50)} / ${fmt(liveMoves.p99)} | p99 ≤ 25 ms: ${pass(liveMoves.p99 <= 25 && liveResult.errors === 0)} |\n`
    : ""
}| heap over an empty server, idle with ${GAMES.toLocaleString("en")} games | ${MB(growth)} (RSS ${MB(idleMemory.rss)} against ${MB(emptyMemory.rss)}) | < 200 MB: ${pass(growth < 200 * 2 ** 20 && rssGrowth < 200 * 2 ** 20)} |
| heap after the moves (over the idle one) | ${MB(afterMoves.heapUsed - idleMemory.heapUsed)} | – |
| time-out lateness while running, p50 / max | ${fmt(late.p50)} / ${fmt(late.max)} | ≤ 60 s: ${pass(late.max <= 60_000)} |
| time-out lateness across a 20 s outage, p50 / max | ${fmt(lateAcross.p50)} / ${fmt(lateAcross.max)} (${afterUp.every((ms) => ms <= 0) ? "all ended before the server answered its first request" : `the last ${fmt(Math.max(...afterUp))} after it answered`}) | ≤ 60 s: ${pass(lateAcross.max <= 60_000)} |

Lateness across the outage is mostly the outage itself: the node sweeps before it listens, so every game that
fell due while it was down has ended by the time it answers its first request.${
  process.env.DATABASE_URL
    ? ""
    : `

PGlite runs inside the server's thread: each daily move's reads and its transaction take event-loop time from
the live games, so ${RATE} daily moves a second (far above 10,000 games' real rate, a few moves a day each) show in
both tails here and not on PostgreSQL, where the database works in its own processes.`
}`;
console.log(body);
writeSection(process.env.DATABASE_URL ? "daily-postgresql" : "daily", body);
process.exit(0);
