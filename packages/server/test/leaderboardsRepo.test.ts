import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createLeaderboardsRepo, type LeaderboardsRepo } from "../src/areas/leaderboards/leaderboardsRepo.ts";
import { queryRows } from "../src/storage/db.ts";
import { useTestDatabase } from "./harness.ts";

/**
 * A page starts from the players counted at each rating (kept by triggers on `ratings`) instead of an OFFSET
 * walk: every page must be the one a plain OFFSET gives, whatever happened to the ratings and whether the
 * change log was folded or not.
 */
const test = useTestDatabase();
let repo: LeaderboardsRepo;
const PAGE = 7;

/** The plain query the counts stand in for. */
async function byOffset(timeClass: string, offset: number) {
  const rows = await queryRows<{ username: string; elo: number; games: number }>(
    test.database.db,
    sql`select u.username, r.elo, r.games from ratings r join users u on u.id = r.user_id
      where r.variant = 'standard' and r.time_class = ${timeClass} and u.closed_at is null
      order by r.elo desc, r.user_id offset ${offset} limit ${PAGE}`,
  );
  const [count] = await queryRows<{ n: number }>(
    test.database.db,
    sql`select count(*)::int as n from ratings r join users u on u.id = r.user_id
      where r.variant = 'standard' and r.time_class = ${timeClass} and u.closed_at is null`,
  );
  return { rows, total: count?.n ?? 0 };
}

async function expectEveryPageAsOffset(timeClass: string) {
  const { total } = await byOffset(timeClass, 0);
  for (let offset = 0; offset <= total + PAGE; offset += PAGE) {
    expect(await repo.global("standard", timeClass, PAGE, offset), `offset ${offset}`).toEqual(
      await byOffset(timeClass, offset),
    );
  }
}

/** A rated game's end as the games area writes it: insert the first rating, else move it. */
const rate = (userId: number, timeClass: string, elo: number, delta: number) =>
  test.database.db.execute(sql`insert into ratings (user_id, variant, time_class, elo, games)
    values (${userId}, 'standard', ${timeClass}, ${elo}, 1)
    on conflict (user_id, variant, time_class) do update set elo = ratings.elo + ${delta}, games = ratings.games + 1`);

let ids: number[] = [];

beforeAll(async () => {
  repo = createLeaderboardsRepo(test.database.db);
  const db = test.database.db;
  await db.execute(sql`insert into users (username, email, password_hash)
    select 'ranked' || g, 'ranked' || g || '@example.com', 'x' from generate_series(1, 60) g`);
  ids = (await queryRows<{ id: number }>(db, sql`select id from users where username like 'ranked%' order by id`)).map(
    (r) => r.id,
  );
  // Few distinct ratings, so that pages start inside runs of equal ratings.
  await db.execute(sql`insert into ratings (user_id, variant, time_class, elo, games)
    select id, 'standard', 'blitz', 1400 + (id % 5) * 10, 1 + id % 3 from users where username like 'ranked%'`);
});

describe("leaderboards repository", () => {
  it("gives every page as OFFSET would, before and after the change log is folded", async () => {
    await expectEveryPageAsOffset("blitz");
    await repo.foldCounts();
    await expectEveryPageAsOffset("blitz");
  });

  it("follows ratings that move, new ones, closed accounts and removed rows", async () => {
    await rate(ids[3]!, "blitz", 0, 25);
    await rate(ids[4]!, "blitz", 0, -7);
    await rate(ids[5]!, "rapid", 1500, 0);
    await rate(ids[5]!, "rapid", 0, 12);
    await test.database.db.execute(sql`update users set closed_at = now() where id in (${ids[10]!}, ${ids[11]!})`);
    await expectEveryPageAsOffset("blitz");
    await expectEveryPageAsOffset("rapid");
    await repo.foldCounts();
    await test.database.db.execute(sql`delete from ratings where user_id = ${ids[20]!} and time_class = 'blitz'`);
    await test.database.db.execute(
      sql`update ratings set elo = elo + 3 where time_class = 'blitz' and user_id < ${ids[30]!}`,
    );
    await expectEveryPageAsOffset("blitz");
    await repo.foldCounts();
    await expectEveryPageAsOffset("blitz");
    // A fold leaves no count of zero behind, and nothing to fold.
    const left = await queryRows<{ n: number }>(
      test.database.db,
      sql`select (select count(*) from leaderboard_counts where players = 0)
        + (select count(*) from leaderboard_count_changes) as n`,
    );
    expect(Number(left[0]?.n)).toBe(0);
  });

  it("an empty board and a page past the end have no rows and say how many there are", async () => {
    expect(await repo.global("standard", "classical", PAGE, 0)).toEqual({ rows: [], total: 0 });
    const { total } = await byOffset("blitz", 0);
    expect(await repo.global("standard", "blitz", PAGE, total + 100)).toEqual({ rows: [], total });
  });

  it("the overview gives each board's top players and its count, and leaves out boards nobody played", async () => {
    const boards = await repo.overview(
      [
        { variant: "standard", timeClass: "blitz" },
        { variant: "standard", timeClass: "rapid" },
        { variant: "fun", timeClass: "bullet" },
      ],
      3,
    );
    expect(boards.map((b) => [b.timeClass, b.total, b.rows.length])).toEqual([
      ["blitz", (await byOffset("blitz", 0)).total, 3],
      ["rapid", 1, 1],
    ]);
    expect(boards[0]?.rows).toEqual((await byOffset("blitz", 0)).rows.slice(0, 3));
  });
});
