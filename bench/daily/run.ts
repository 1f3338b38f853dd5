// bench/daily: 10,000 daily games in progress between 2,000 players, seeded into the database, then the built
// server: its memory idle against an empty one, the latency of moves (each loads its game from the database),
// and how late time-outs land, while it runs and across a restart.
// Moves come in two rounds, each timed on its own: the rate 10,000 daily games in progress make
// (--move-every-min: each game makes a ply every 30 minutes, around the clock), then a stress rate (--rate, 50 a
// second).
// Live games play beside the daily moves (--live N, 1,000 by default, a move a second each, bots in their own
// processes): ARCHITECTURE §7 asks that they keep their budget (p99 ≤ 25 ms) meanwhile.
//   npm run build -w packages/server && node --import tsx bench/daily/run.ts [--games N] [--players N] [--live N]
//     [--rate 50] [--move-every-min 30] [--realistic-seconds 60] [--no-write] [--profile DIR]
// PGlite (embedded) unless DATABASE_URL is set (a fresh database is created and dropped). Prints its section and
// rewrites it in bench/README.md (not with --no-write).
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
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
/** The stress round: moves sent per second, each on its own (10,000 games a few moves a day each are far fewer). */
const RATE = arg("rate", 50);
/**
 * The realistic round: each game in progress makes a ply every this many minutes on average, around the clock.
 * Daily games allow 1 to 14 days per move (REFERENCE.md), and their moves come minutes to days apart: a ply every
 * 30 minutes in every game is a 1-day game whose players both answer within half an hour, day and night.
 */
const MOVE_EVERY_MIN = arg("move-every-min", 30);
const REALISTIC_RATE = GAMES / (MOVE_EVERY_MIN * 60);
const REALISTIC_SECONDS = arg("realistic-seconds", 60);
const WRITE = !process.argv.includes("--no-write");
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

const loadBefore = loadavg()
  .map((l) => l.toFixed(1))
  .join(" / ");
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
// --profile DIR: the seeded server's CPU profiles (every thread: the embedded database's too) there.
const profileAt = process.argv.indexOf("--profile");
let server = await startServer({ env, profileDir: profileAt >= 0 ? process.argv[profileAt + 1] : undefined });
await sleep(3000);
const idleMemory = await memoryOf(server);

/** Moves of one round: RATE a second for `seconds`, from its own `movers` (players from `firstMover` on). */
interface Round {
  name: string;
  rate: number;
  moves: number;
  firstMover: number;
}
const regularGames = GAMES - 2 * TIMEOUTS;
/** Each mover plays White in its games mover, mover + PLAYERS, ...: how many moves `movers` players have. */
const movesOf = (firstMover: number, movers: number) => {
  let n = 0;
  for (let m = firstMover; m < firstMover + movers; m++) n += Math.max(0, Math.ceil((regularGames - m) / PLAYERS));
  return n;
};
const stress: Round = { name: "stress", rate: RATE, moves: Math.min(MOVES, movesOf(0, MOVERS)), firstMover: 0 };
const realistic: Round = {
  name: "realistic",
  rate: REALISTIC_RATE,
  moves: Math.min(Math.round(REALISTIC_RATE * REALISTIC_SECONDS), movesOf(MOVERS, MOVERS)),
  firstMover: MOVERS,
};
// The realistic round first: the stress round's backlog (queued statements, garbage) must not fall into it.
const rounds = [realistic, stress];
const ROUND_GAP_MS = 5_000;
const dailySeconds = rounds.reduce((t, r) => t + r.moves / r.rate, 0) + (ROUND_GAP_MS / 1000) * (rounds.length - 1);

// Made before the daily players connect: making them holds this process for seconds, past their ping timeout.
// Long enough for the live games to last both rounds (a ply a second).
const liveScripts = LIVE > 0 ? makeScripts(24, Math.max(160, Math.ceil(dailySeconds * 1.5) + 20)) : [];
// Moves: each round's MOVERS players move in their own games (White at the start), at its rate, while LIVE live
// games play (their timed part covers both rounds: started once the bots' warm-up is over).
const sockets = await Promise.all(
  Array.from({ length: MOVERS * rounds.length }, (_, i) => connectAs(server.url, 1 + i)),
);
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
        timed: true,
      })
    : undefined;
if (live) await liveTimed;

/** Sends a round's moves at its rate; each timed to its acknowledgement. From and to: wall-clock (epoch ms). */
async function play(round: Round) {
  const latencies: number[] = [];
  let refused = 0;
  const sends: Array<Promise<void>> = [];
  const from = Date.now();
  for (let k = 0; k < round.moves; k++) {
    // Game g has White player 1 + g % PLAYERS: mover i plays its games i, i + PLAYERS, ...
    const mover = round.firstMover + (k % MOVERS);
    const g = mover + PLAYERS * Math.floor(k / MOVERS);
    if (g >= regularGames) break;
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
    await sleep(1000 / round.rate);
  }
  await Promise.all(sends);
  return { round, moves: summarize(latencies), refused, from, to: Date.now() };
}
const played = [];
for (const round of rounds) {
  if (played.length > 0) await sleep(ROUND_GAP_MS);
  played.push(await play(round));
}
const liveResult = await live;
/** The live games' relays that arrived during a round. */
const liveDuring = (from: number, to: number) =>
  liveResult
    ? summarize(
        liveResult.timed.filter(([at]: [number]) => at >= from && at <= to).map(([, ms]: [number, number]) => ms),
      )
    : undefined;
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
const perGame = (rate: number) => {
  const minutes = GAMES / rate / 60;
  return minutes < 60 ? `${minutes.toFixed(minutes < 10 ? 1 : 0)} min` : `${(minutes / 60).toFixed(1)} h`;
};
const roundRows = played
  .map(({ round, moves, refused, from, to }) => {
    const rate = `${round.rate.toFixed(round.rate < 10 ? 1 : 0)} a second`;
    const what =
      round === stress
        ? `stress, ${rate} (as if each game made a ply every ${perGame(round.rate)})`
        : `realistic, ${rate} (each of the ${GAMES.toLocaleString("en")} games a ply every ${perGame(round.rate)}, day and night)`;
    const liveMoves = liveDuring(from, to);
    const liveRow =
      liveMoves && liveResult
        ? `| live games meanwhile (${round.name}): ${LIVE.toLocaleString("en")} games, a move a second each, relayed p50 / p99 (${liveMoves.n} moves) | ${fmt(liveMoves.p50)} / ${fmt(liveMoves.p99)} | p99 ≤ 25 ms: ${pass(liveMoves.p99 <= 25 && liveResult.errors === 0)} |\n`
        : "";
    return `| daily move answered, ${what}: p50 / p90 / p99 / max (${moves.n} moves, ${refused} refused) | ${fmt(moves.p50)} / ${fmt(moves.p90)} / ${fmt(moves.p99)} / ${fmt(moves.max)} | p99 ≤ 50 ms: ${pass(moves.p99 <= 50 && refused === 0)} |\n${liveRow}`;
  })
  .join("");
const body = `## Daily games (\`bench/daily\`)

Run ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${machine()}, ${store.kind}. ${GAMES.toLocaleString("en")} daily
games in progress between ${PLAYERS.toLocaleString("en")} players, seeded into the database before the built server starts
(sweep every ${SWEEP_MS / 1000} s, the default). Moves, in two rounds timed apart, each from ${MOVERS} players of its own:
first ${realistic.moves} moves at the rate ${GAMES.toLocaleString("en")} games in progress make if each makes a ply every
${MOVE_EVERY_MIN} minutes on average, day and night (${REALISTIC_RATE.toFixed(1)} a second; daily games allow 1 to 14 days per move,
and their moves come minutes to days apart), then, ${ROUND_GAP_MS / 1000} s later, a stress round at ${RATE} a second. Each \`dailyMove\` is timed to its acknowledgement: the
game read from the database in one statement (row, daily state, moves, ledgers), the move decided and stored in
one statement, broadcast. Memory: live heap and RSS after a full GC, against an empty server started the same
way (the heap after the moves holds the live games too). Live games${LIVE > 0 ? ` (${LIVE.toLocaleString("en")})` : ""}: guests' games played by
bots in two processes of their own, a move a second each, timed from a move to the opponent's update, during the
daily moves (split by round; ${liveResult?.errors ?? 0} errors over the run). Time-outs: ${TIMEOUTS} games due while the server runs,
and ${TIMEOUTS} more due while it is down for 20 s.
CPU busy in the 3 s before the run: ${busyBefore.toFixed(0)}%, load average ${loadBefore}${busyBefore > 20 ? " (a busy machine: the tail is other work's)" : ""}.

| what | figure | budget |
|---|---|---|
${roundRows}| heap over an empty server, idle with ${GAMES.toLocaleString("en")} games | ${MB(growth)} (RSS ${MB(idleMemory.rss)} against ${MB(emptyMemory.rss)}) | < 200 MB: ${pass(growth < 200 * 2 ** 20 && rssGrowth < 200 * 2 ** 20)} |
| heap after the moves (over the idle one) | ${MB(afterMoves.heapUsed - idleMemory.heapUsed)} | – |
| time-out lateness while running, p50 / max | ${fmt(late.p50)} / ${fmt(late.max)} | ≤ 60 s: ${pass(late.max <= 60_000)} |
| time-out lateness across a 20 s outage, p50 / max | ${fmt(lateAcross.p50)} / ${fmt(lateAcross.max)} (${afterUp.every((ms) => ms <= 0) ? "all ended before the server answered its first request" : `the last ${fmt(Math.max(...afterUp))} after it answered`}) | ≤ 60 s: ${pass(lateAcross.max <= 60_000)} |

Lateness across the outage is mostly the outage itself: the node sweeps before it listens, so every game that
fell due while it was down has ended by the time it answers its first request.${
  process.env.DATABASE_URL
    ? ""
    : `

PGlite runs in the server's process, on a thread of its own beside the event loop: on this machine's ${cpus().length} cores its
work for each daily move (a read and a write, ~1-2 ms of CPU: \`bench/daily/moveCost.ts\`) competes with the event
loop, the live games' own writes and the bots, where PostgreSQL's C is cheaper per statement. The stress round
(${RATE} a second) is far above what ${GAMES.toLocaleString("en")} games in progress make; the realistic round is the budget's case.`
}`;
console.log(body);
if (WRITE) writeSection(process.env.DATABASE_URL ? "daily-postgresql" : "daily", body);
process.exit(0);
