// bench/queries: seeds 100,000 users and 1,000,000 finished games, then times the leaderboard, club
// leaderboard, history and stats queries the site runs (through the same repos), p50/p95 over many calls.
//   node --import tsx bench/queries/run.ts [--users N] [--games N]
// Uses PostgreSQL when DATABASE_URL is set (a fresh database is created and dropped), else PGlite.
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { createClubsRepo } from "../../packages/server/src/areas/clubs/clubsRepo.ts";
import { createHistoryRepo } from "../../packages/server/src/areas/history/historyRepo.ts";
import { createLeaderboardsRepo } from "../../packages/server/src/areas/leaderboards/leaderboardsRepo.ts";
import { createLeaderboardsService } from "../../packages/server/src/areas/leaderboards/leaderboardsService.ts";
import { openDatabase } from "../../packages/server/src/storage/db.ts";
import { fmt, machine, summarize, writeSection } from "../lib/report.mjs";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const USERS = arg("users", 100_000);
const GAMES = arg("games", 1_000_000);
const RUNS = 200;
const BUDGET_MS = 20;

async function freshDatabase() {
  const base = process.env.DATABASE_URL;
  if (base) {
    const name = `chess_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    return {
      database,
      kind: "PostgreSQL",
      async drop() {
        await database.close();
        const c = new pg.Client({ connectionString: base });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), "bench-queries-"));
  const database = await openDatabase({ pgliteDir: dir });
  return {
    database,
    kind: "PGlite",
    async drop() {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const { database, kind, drop } = await freshDatabase();
const db = database.db;
const t0 = performance.now();
console.log(`seeding ${USERS} users and ${GAMES} games into ${kind}...`);
await db.execute(sql`insert into users (username, email, password_hash)
  select 'player' || g, 'player' || g || '@example.com', 'x' from generate_series(1, ${USERS}) g`);
const timeClasses = sql`(array['bullet','blitz','rapid','classical'])`;
await db.execute(sql`insert into ratings (user_id, variant, time_class, elo, games, wins, draws, losses)
  select u.id, 'standard', tc, 800 + floor(random() * 1600)::int, 1 + floor(random() * 40)::int, 0, 0, 0
  from users u cross join unnest(${timeClasses}) tc where random() < 0.7`);
const BATCH = 200_000;
for (let done = 0; done < GAMES; done += BATCH) {
  const n = Math.min(BATCH, GAMES - done);
  await db.execute(sql`insert into games (id, variant, time_class, base_ms, increment_ms, initial_fen,
      white_user_id, black_user_id, white_session_id, black_session_id, white_name, black_name, rated,
      white_deltas, black_deltas, status, winning_color, end_reason, fen, ply, moves, clock, created_at, ended_at,
      white_elo, black_elo, white_elo_change, black_elo_change)
    select 'b' || (${done} + g), 'standard', (${timeClasses})[1 + (g % 4)], 300000, 0,
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
      w, b, 's', 's', 'player' || w, 'player' || b, true,
      '{"winEloDelta":20,"drawEloDelta":0,"lossEloDelta":-20}', '{"winEloDelta":20,"drawEloDelta":0,"lossEloDelta":-20}',
      'finished', (array['white','black','draw'])[1 + (g % 3)], 'checkmate', 'x', 40, 'e4 e5 Nf3 Nc6',
      '{"remaining":{"w":1,"b":1},"turn":"w","runningSince":null,"incrementMs":0,"lagQuota":{"w":0,"b":0},"lagGain":0}',
      now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval, 1200, 1200, 10, -10
    from (select g, 1 + floor(random() * ${USERS})::int as w, 1 + floor(random() * ${USERS})::int as b
          from generate_series(1, ${n}) g) s`);
  process.stdout.write(`  ${done + n} games\r`);
}
// A club of 200 members for the club leaderboard.
const clubs = createClubsRepo(db);
const clubId = (await clubs.create("Bench club", 1)) as number;
await db.execute(sql`insert into club_members (club_id, user_id) select ${clubId}, g from generate_series(2, 200) g`);
// As the leaderboards' timer would: the seed's rating counts folded in (leaderboardsCounts.ts).
await createLeaderboardsRepo(db).foldCounts();
// As autovacuum would: statistics, and the visibility map that lets index-only scans skip the heap.
await db.execute(sql`vacuum analyze`);
const seedSeconds = (performance.now() - t0) / 1000;
console.log(`\nseeded in ${seedSeconds.toFixed(0)} s`);

const boards = createLeaderboardsRepo(db);
const overview = createLeaderboardsService(boards);
const history = createHistoryRepo(db);
const rnd = (n: number) => 1 + Math.floor(Math.random() * n);
const lastPage = Math.ceil((await boards.global("standard", "rapid", 20, 0)).total / 20);

async function time(name: string, fn: () => Promise<unknown>) {
  for (let i = 0; i < 10; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const s = performance.now();
    await fn();
    samples.push(performance.now() - s);
  }
  const r = summarize(samples);
  console.log(`${name.padEnd(44)} p50 ${fmt(r.p50).padStart(9)}  p95 ${fmt(r.p95).padStart(9)}`);
  return { name, ...r };
}

const loadAtStart = loadavg()[0];
const rows = [
  await time("leaderboard overview (12 boards, top 5 and count of each)", () => overview.overview()),
  await time("leaderboard, page 1 (rows + count)", () => boards.global("standard", "rapid", 20, 0)),
  await time("leaderboard, a random page", () => boards.global("standard", "blitz", 20, (rnd(lastPage) - 1) * 20)),
  await time(`leaderboard, last page (${lastPage})`, () => boards.global("standard", "rapid", 20, (lastPage - 1) * 20)),
  // The query deep pages ran before the rating counts (an OFFSET walk of the index), timed beside them.
  await time(`baseline: last page by OFFSET walk (${lastPage})`, () =>
    db.execute(sql`select r.user_id, r.elo from ratings r
      where r.variant = 'standard' and r.time_class = 'rapid'
        and r.user_id not in (select id from users where closed_at is not null)
      order by r.elo desc nulls last, r.user_id offset ${(lastPage - 1) * 20} limit 20`),
  ),
  await time("club leaderboard, global Elo (200 members)", () =>
    boards.club(clubId, false, "standard", "rapid", 20, 0),
  ),
  await time("history, first 10 games of a random player", () => history.games(rnd(USERS), "standard", 10, 0)),
  await time("history, page 2 of a random player", () => history.games(rnd(USERS), "standard", 10, 10)),
  await time("stats of a random player", () => history.ratings(rnd(USERS), "standard")),
];
await drop();

const pass = (ms: number) => (ms <= BUDGET_MS ? "pass" : "**FAIL**");
writeSection(
  `queries-${kind.toLowerCase()}`,
  [
    `## Leaderboard and history queries on ${kind} (\`bench/queries\`)`,
    "",
    `Run ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${machine()}: ${USERS.toLocaleString("en")} users, ${GAMES.toLocaleString("en")} finished games, ~70% of players rated per time class (seeded in ${seedSeconds.toFixed(0)} s). ${RUNS} timed calls each through the server's repos, after 10 warm-up calls; load average ${loadAtStart.toFixed(1)} when timing began.`,
    "",
    "A page finds the rating it starts at from the players counted at each rating (`leaderboard_counts`, kept by triggers on `ratings` in each rating's transaction), then walks the board's index from there; the baseline row is the plain OFFSET walk that deep pages ran before, timed in the same run.",
    "",
    `| query | p50 | p95 | budget p95 ≤ ${BUDGET_MS} ms |`,
    "|---|---|---|---|",
    ...rows.map(
      (r) =>
        `| ${r.name} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${r.name.startsWith("baseline") ? "(not budgeted)" : pass(r.p95)} |`,
    ),
  ].join("\n"),
);
console.log("written to bench/README.md");
process.exit(0);
