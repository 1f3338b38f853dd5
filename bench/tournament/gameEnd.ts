// bench/tournament/gameEnd: what a game's end reads to tell its two players their lines in a big arena: every
// player's row ranked in JS (before) against the two rows ranked by the database (repo.ranked). Embedded PGlite.
//   node --import tsx bench/tournament/gameEnd.ts [--players 1000] [--games 20] [--ends 50]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { rankStandings } from "../../packages/server/src/areas/tournaments/arenaStandings.ts";
import { createTournamentsRepo } from "../../packages/server/src/areas/tournaments/tournamentsRepo.ts";
import { derived } from "../../packages/server/src/areas/tournaments/tournamentsRows.ts";
import { openDatabase } from "../../packages/server/src/storage/db.ts";
import { type StoredArenaResult, tournamentPlayers, users } from "../../packages/server/src/storage/schema.ts";
import { testArenaSettings } from "../../packages/server/test/testArena.ts";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const PLAYERS = arg("players", 1000);
const GAMES = arg("games", 20);
const ENDS = arg("ends", 50);

const dir = mkdtempSync(join(tmpdir(), "bench-arena-"));
const database = await openDatabase({ pgliteDir: join(dir, "db") });
const repo = createTournamentsRepo(database.db);
const settings = testArenaSettings(Date.now(), {
  name: "Bench Arena",
  timeControl: { baseTime: 3, increment: 0 },
  durationMinutes: 120,
});
await repo.insert({ id: "bench", createdBy: null, settings });
const made = await database.db
  .insert(users)
  .values(Array.from({ length: PLAYERS }, (_, i) => ({ username: `b${i}`, email: `b${i}@x.y`, passwordHash: "x" })))
  .returning({ id: users.id });
const ids = made.map((u) => u.id);
let seed = 7;
const r = () => {
  seed = (Math.imul(seed, 1_664_525) + 1_013_904_223) >>> 0;
  return seed / 2 ** 32;
};
for (let i = 0; i < ids.length; i += 200) {
  await database.db.insert(tournamentPlayers).values(
    ids.slice(i, i + 200).map((userId) => {
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
      };
    }),
  );
}

async function time(label: string, fn: () => Promise<unknown>) {
  const ms: number[] = [];
  for (let i = 0; i < ENDS + 5; i++) {
    const t = performance.now();
    await fn();
    if (i >= 5) ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const q = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))]!.toFixed(1);
  console.log(`${label}: median ${q(0.5)} ms, p95 ${q(0.95)} ms`);
}

const two = () => [ids[Math.floor(r() * ids.length)]!, ids[Math.floor(r() * ids.length)]!];
console.log(`${PLAYERS} players, ${GAMES} results each, ${ENDS} game ends (PGlite, ${process.version})`);
await time("every row, ranked in JS (before)", async () => {
  const [a, b] = two();
  const all = rankStandings(await repo.players("bench"));
  return [all.find((p) => p.userId === a), all.find((p) => p.userId === b)];
});
await time("two rows, ranked by the database (repo.ranked)", () => repo.ranked("bench", two()));
await database.close();
rmSync(dir, { recursive: true, force: true });
