// bench/tournament/wave: the event-loop time of one whole pairing wave in a 1,000-player arena with 500 players
// waiting, as the director runs it: before (issue 45), every player's row read from the database each wave and
// ranked; now, the standings kept in the director's memory (ArenaRoster), the two rows of a game's end read
// again, ranked and paired. Embedded PGlite runs in this process, so its work is event-loop time too.
//   node --import tsx bench/tournament/wave.ts [--players 1000] [--waiting 500] [--games 20] [--waves 30] [--no-write]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pairWaiting } from "../../packages/server/src/areas/tournaments/arenaDirector.ts";
import { ArenaRoster } from "../../packages/server/src/areas/tournaments/arenaRoster.ts";
import { rankStandings } from "../../packages/server/src/areas/tournaments/arenaStandings.ts";
import { createTournamentsRepo } from "../../packages/server/src/areas/tournaments/tournamentsRepo.ts";
import { derived } from "../../packages/server/src/areas/tournaments/tournamentsRows.ts";
import { openDatabase } from "../../packages/server/src/storage/db.ts";
import { type StoredArenaResult, tournamentPlayers, users } from "../../packages/server/src/storage/schema.ts";
import { testArenaSettings } from "../../packages/server/test/testArena.ts";
import { cpuBusy, fmt, machine, summarize, writeSection } from "../lib/report.mjs";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const PLAYERS = arg("players", 1000);
const WAITING = arg("waiting", 500);
const GAMES = arg("games", 20);
const WAVES = arg("waves", 30);
const BUDGET_MS = 100;

const dir = mkdtempSync(join(tmpdir(), "bench-arena-wave-"));
const database = await openDatabase({ pgliteDir: join(dir, "db") });
const repo = createTournamentsRepo(database.db);
await repo.insert({
  id: "bench",
  createdBy: null,
  settings: testArenaSettings(Date.now(), {
    name: "Bench Arena",
    timeControl: { baseTime: 3, increment: 0 },
    durationMinutes: 120,
  }),
});
const made = await database.db
  .insert(users)
  .values(Array.from({ length: PLAYERS }, (_, i) => ({ username: `w${i}`, email: `w${i}@x.y`, passwordHash: "x" })))
  .returning({ id: users.id });
const ids = made.map((u) => u.id);
let seed = 7;
const r = () => {
  seed = (Math.imul(seed, 1_664_525) + 1_013_904_223) >>> 0;
  return seed / 2 ** 32;
};
for (let i = 0; i < ids.length; i += 200) {
  await database.db.insert(tournamentPlayers).values(
    ids.slice(i, i + 200).map((userId, j) => {
      const results: StoredArenaResult[] = Array.from({ length: GAMES }, (_, g) => ({
        gameId: `g${userId}x${g}`,
        opponentId: ids[Math.floor(r() * ids.length)]!,
        opponentRating: 1000 + Math.floor(r() * 1000),
        color: g % 2 ? "b" : "w",
        outcome: r() < 0.45 ? "win" : r() < 0.2 ? "draw" : "loss",
        plies: 20 + Math.floor(r() * 80),
        berserk: r() < 0.1,
      }));
      return {
        tournamentId: "bench",
        userId,
        rating: 1000 + Math.floor(r() * 1000),
        results,
        ...derived(results, true),
        // Those past the waiting ones are in a game.
        playingGameId: i + j < WAITING ? null : `live${userId}`,
      };
    }),
  );
}
const here = new Set(ids);
const random = () => r();

/** CPU (user + system) and wall time of each wave, after 3 warm-up waves. */
async function time(wave: () => Promise<unknown>) {
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let w = 0; w < WAVES + 3; w++) {
    const used = process.cpuUsage();
    const t = performance.now();
    await wave();
    const spent = process.cpuUsage(used);
    if (w < 3) continue;
    wall.push(performance.now() - t);
    cpu.push((spent.user + spent.system) / 1000);
  }
  return { cpu: summarize(cpu), wall: summarize(wall) };
}

const two = () => [ids[Math.floor(r() * ids.length)]!, ids[Math.floor(r() * ids.length)]!];
const busy = await cpuBusy();
let paired = 0;
const before = await time(async () => {
  const all = await repo.players("bench");
  paired = pairWaiting(rankStandings(all), here, random).length * 2;
});
const roster = new ArenaRoster();
roster.apply(await repo.players("bench"), roster.stamp(), "all");
const after = await time(async () => {
  // A game's end heard: its two players' rows read again (the standings change), then the wave.
  const changed = two();
  const stamp = roster.stamp();
  roster.apply(await repo.some("bench", changed), stamp, changed);
  paired = pairWaiting(roster.ranked(), here, random).length * 2;
});
await database.close();
rmSync(dir, { recursive: true, force: true });

const row = (label: string, s: Awaited<ReturnType<typeof time>>) =>
  `| ${label} | ${fmt(s.cpu.p50)} | ${fmt(s.cpu.p95)} | ${fmt(s.cpu.max)} | ${fmt(s.wall.p50)} | ${s.cpu.p95 <= BUDGET_MS ? "pass" : "FAIL"} |`;
const body = [
  "## A whole arena pairing wave (`bench/tournament/wave.ts`)",
  "",
  `Run ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${machine()}; CPU busy in the 3 s before: ${busy.toFixed(0)}%. One arena of ${PLAYERS} players with ${GAMES} results each, ${WAITING} of them waiting and on the page (${paired} paired by the last wave); ${WAVES} waves per row after 3 warm-up waves, embedded PGlite (in this process: its work is event-loop time). CPU: user + system time of this process over the wave.`,
  "",
  `| wave | CPU p50 | CPU p95 | CPU max | wall p50 | budget: CPU p95 ≤ ${BUDGET_MS} ms |`,
  "|---|---|---|---|---|---|",
  row(`every player's row read and ranked each wave (before)`, before),
  row(`standings in the director's memory, a game's two rows read (now)`, after),
].join("\n");
console.log(body);
if (!process.argv.includes("--no-write")) {
  writeSection("tournament-wave", body);
  console.log("written to bench/README.md");
}
process.exit(0);
