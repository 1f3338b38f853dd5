import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";

const folder = join(import.meta.dirname, "..", "..", "drizzle");
const work = mkdtempSync(join(tmpdir(), "migrations-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The migrations up to and including `tag`, as a folder of their own. */
function migrationsUpTo(tag: string): string {
  const dir = join(work, tag);
  cpSync(folder, dir, { recursive: true });
  const journalPath = join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
  const end = journal.entries.findIndex((e) => e.tag === tag);
  if (end < 0) throw new Error(`No migration ${tag}`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, end + 1) }));
  return dir;
}

describe("migrations of stored games", () => {
  it("moves a move row's JSON clock into its columns, a takeback's rewritten clock included", async () => {
    const client = new PGlite();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsUpTo("0011_ai_games_never_expire") });
    await client.query(
      `insert into games (id, variant, time_class, base_ms, increment_ms, initial_fen, white_session_id,
         black_session_id, white_name, black_name, rated, white_deltas, black_deltas, status, fen, clock, owner_epoch)
       values ('g', 'standard', 'blitz', 180000, 2000, 'start', 's1', 's2', 'W', 'B', false, '{}', '{}', 'active',
         'start', '{}', 1)`,
    );
    const clock = (w: number, b: number, since: number | null, lag: [number, number]) =>
      JSON.stringify({
        remaining: { w, b },
        turn: "w",
        runningSince: since,
        incrementMs: 2000,
        lagQuota: { w: lag[0], b: lag[1] },
        lagGain: 1000,
      });
    const insert = `insert into game_moves (game_id, owner_epoch, ply, san, uci, fen, white_ms, black_ms, clock, moved_at)
      values ('g', 1, $1, 'x', 'e2e4', 'f', $2, $3, $4, now())`;
    await client.query(insert, [1, 180000, 180000, clock(180000, 180000, null, [3000, 3000])]);
    // A takeback rewrote ply 2's JSON clock only: its columns still held the time left after the move.
    await client.query(insert, [2, 180000, 179000, clock(175500.4, 179000, 1764213000123, [2999.6, 2500])]);

    await migrate(db, { migrationsFolder: folder });
    const rows = await client.query(
      "select ply, white_ms, black_ms, lag_w, lag_b, running_since::float8 as since from game_moves order by ply",
    );
    expect(rows.rows).toEqual([
      { ply: 1, white_ms: 180000, black_ms: 180000, lag_w: 3000, lag_b: 3000, since: null },
      { ply: 2, white_ms: 175500, black_ms: 179000, lag_w: 3000, lag_b: 2500, since: 1764213000123 },
    ]);
    const columns = await client.query<{ column_name: string }>(
      "select column_name from information_schema.columns where table_name = 'game_moves' and column_name = 'clock'",
    );
    expect(columns.rows).toEqual([]);
    await client.close();
  });
});
