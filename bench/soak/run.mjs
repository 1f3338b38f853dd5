// bench/soak: many live games for minutes on one node (and, with DATABASE_URL and REDIS_URL, split over
// two nodes sharing PostgreSQL and Redis). Afterwards the database is read directly: every acknowledged
// move must be stored exactly once, in order. The server's live memory is sampled through the run.
//   node bench/soak/run.mjs [--lite] [--minutes M] [--games N] [--pace MS] [--nodes 1|2]
// --lite: 2 minutes (what `npm run bench` runs). Default: 1,000 games for 10 minutes, one move every
// 4 s per game (each player moves every 8 s: blitz pace), ~250 moves/s. Games end (a resignation) after
// a random length and the pair starts another, so the run reaches the steady state of a real site:
// games ending, history written, new games starting.

import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { freshPostgres, makeScripts, memoryOf, runBots, startServer } from "../lib/live.mjs";
import { machine, writeSection } from "../lib/report.mjs";

const args = process.argv.slice(2);
const arg = (name, fallback) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : fallback);
const lite = args.includes("--lite");
const MINUTES = arg("minutes", lite ? 2 : 10);
const GAMES = arg("games", 1000);
const PACE_MS = arg("pace", 4000);
const NODES = arg("nodes", 1);
const SAMPLE_EVERY_MS = lite ? 10_000 : 30_000;
// A game lasts about a third of the run on average (at most 60 plies, ~4 minutes at blitz pace), so
// several generations of games come and go before the end.
const MEAN_PLIES = Math.max(4, Math.min(60, Math.round((MINUTES * 60_000) / PACE_MS / 3)));
const GAME_PLIES = [Math.ceil(MEAN_PLIES / 2), Math.floor((MEAN_PLIES * 3) / 2)];
const scripts = makeScripts(16, GAME_PLIES[1]);

if (NODES === 2 && !(process.env.DATABASE_URL && process.env.REDIS_URL)) {
  console.error("two nodes need DATABASE_URL and REDIS_URL");
  process.exit(1);
}

const COUNT_SQL =
  "select game_id, count(*)::int as n, min(ply)::int as lo, max(ply)::int as hi from game_moves group by game_id";

async function storedMoves(servers, database) {
  if (database) {
    const c = new pg.Client({ connectionString: database.url });
    await c.connect();
    const rows = (await c.query(COUNT_SQL)).rows;
    await c.end();
    return rows;
  }
  const db = new PGlite(join(servers[0].dataDir, "db"));
  const rows = (await db.query(COUNT_SQL)).rows;
  await db.close();
  return rows;
}

// With DATABASE_URL the run gets a database of its own (never the one it was pointed at), on one node too; two
// nodes share it. It is dropped at the end.
const database = process.env.DATABASE_URL ? await freshPostgres("soak") : undefined;
const prefix = `soak${process.pid}`;
const servers = [];
for (let i = 0; i < NODES; i++) {
  servers.push(
    await startServer({
      env: database
        ? {
            DATABASE_URL: database.url,
            REDIS_URL: NODES === 2 ? process.env.REDIS_URL : undefined,
            REDIS_PREFIX: prefix,
          }
        : {},
    }),
  );
}
const label =
  NODES === 2 ? "two nodes (PostgreSQL + Redis)" : `one node (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`;
console.log(`soak: ${GAMES} games, ${MINUTES} min, a move every ${PACE_MS} ms per game, ${label}`);

const samples = [];
const started = Date.now();
const sampler = setInterval(async () => {
  const at = Math.round((Date.now() - started) / 1000);
  const mem = await Promise.all(servers.map((s) => memoryOf(s).catch(() => undefined)));
  samples.push({ at, mem });
  process.stdout.write(
    `  ${at} s: heap ${mem.map((m) => (m ? `${(m.heapUsed / 2 ** 20).toFixed(0)} MiB` : "?")).join(" / ")}\n`,
  );
}, SAMPLE_EVERY_MS);

const scenario = {
  name: "soak",
  games: Math.floor(GAMES / NODES),
  paceMs: PACE_MS,
  seconds: MINUTES * 60,
  gamePlies: GAME_PLIES,
};
const results = await Promise.all(
  servers.map((server) =>
    runBots({ url: server.url, mode: "server", scenario, scripts, botProcesses: NODES === 2 ? 1 : 2, warmupMs: 0 }),
  ),
);
clearInterval(sampler);
for (const s of servers) await s.stop();

const stored = new Map((await storedMoves(servers, database)).map((r) => [r.game_id, r]));
let acked = 0;
let lost = 0;
let unacked = 0;
let gaps = 0;
for (const { gameId, acked: n } of results.flatMap((r) => r.acked)) {
  const row = stored.get(gameId) ?? { n: 0, lo: 1, hi: 0 };
  acked += n;
  if (row.n < n) lost += n - row.n;
  if (row.n > n) unacked += row.n - n;
  if (row.n > 0 && (row.lo !== 1 || row.hi !== row.n)) gaps++;
}
for (const s of servers) s.remove();
await database?.drop();

const errors = results.reduce((n, r) => n + r.errors, 0);
const exhausted = results.reduce((n, r) => n + r.exhausted, 0);
const gamesEnded = results.reduce((n, r) => n + r.gamesEnded, 0);
const stallReasons = new Map();
for (const [reason, n] of results.flatMap((r) => r.stalls))
  stallReasons.set(reason, (stallReasons.get(reason) ?? 0) + n);
const stalled = [...stallReasons.values()].reduce((a, b) => a + b, 0);
const heap = (m) => (m ? `${(m.heapUsed / 2 ** 20).toFixed(1)} MiB` : "?");
// Warm once the first generation of games has turned over (about a third of the run).
const WARM_S = (MINUTES * 60) / 3;
const warm = samples.filter((s) => s.at >= WARM_S);
const first = warm[0];
const last = samples.at(-1);
const growth = servers.map((_, i) =>
  first?.mem[i] && last?.mem[i] ? (last.mem[i].heapUsed - first.mem[i].heapUsed) / 2 ** 20 : Number.NaN,
);
const ok = lost === 0 && gaps === 0;
const stallText = [...stallReasons].map(([reason, n]) => `${n} × ${reason}`).join("; ");
const lines = [
  `## ${lite ? "Soak-lite" : "Soak"}, ${label} (\`bench/soak${lite ? " --lite" : ""}\`)`,
  "",
  `Run ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${machine()}: ${GAMES} live games for ${MINUTES} minutes,`,
  `a move every ${PACE_MS / 1000} s per game on average (${Math.round((GAMES * 1000) / PACE_MS)} moves/s), every move persisted before it is acknowledged.`,
  `Each game ends by resignation after ${GAME_PLIES[0]}-${GAME_PLIES[1]} plies and its players start another: ${gamesEnded} games ended during the run.`,
  "Afterwards the database is read directly and compared with the moves the bots saw acknowledged.",
  "",
  "| moves acknowledged | stored | lost (acknowledged, not stored) | stored but not yet acknowledged at stop | games with gaps | move errors | pairs stalled between games |",
  "|---|---|---|---|---|---|---|",
  `| ${acked} | ${acked - lost + unacked} | ${lost} ${ok ? "pass" : "**FAIL**"} | ${unacked} | ${gaps} | ${errors}${exhausted ? ` (${exhausted} scripts ran out)` : ""} | ${stalled}${stalled ? ` **FAIL**: ${stallText}` : " pass"} |`,
  "",
  `Live JS heap after a full GC, per node (${servers.length === 2 ? "node A / node B" : "one node"}), sampled every ${SAMPLE_EVERY_MS / 1000} s:`,
  "",
  "| time | heap |",
  "|---|---|",
  ...samples
    .filter((_, i) => i % Math.max(1, Math.floor(samples.length / 10)) === 0 || _ === last)
    .map((s) => `| ${s.at} s | ${s.mem.map((m) => heap(m)).join(" / ")} |`),
  "",
  `Heap growth from the first sample after warm-up (${Math.round(WARM_S)} s, once the first games have ended) to the last: ${growth.map((g) => `${g.toFixed(1)} MiB`).join(" / ")}.`,
];
// The lite pass of `npm run bench` has sections of its own: it does not replace a full run's figures.
writeSection(`${NODES === 2 ? "soak-two-nodes" : "soak"}${lite ? "-lite" : ""}`, lines.join("\n"));
console.log(lines.slice(6, 10).join("\n"));
console.log("\nwritten to bench/README.md");
process.exit(ok && stalled === 0 ? 0 : 1);
