import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../storage/db.ts";

/** Any fixed key: only one node folds the change log at a time. */
const FOLD_LOCK = 4_210_678;

/**
 * The open accounts at each rating of one board, as `(elo, players)` rows: the folded counts, the changes
 * not folded yet, less the closed accounts (few: read through their partial index). The triggers of
 * migration 0017 write the changes in each rating's own transaction, so this is exact in any snapshot.
 */
export function playersByElo(variant: string, timeClass: string): SQL {
  return sql`select elo, sum(players)::int as players from (
      select elo, players from leaderboard_counts where variant = ${variant} and time_class = ${timeClass}
      union all
      select elo, players from leaderboard_count_changes where variant = ${variant} and time_class = ${timeClass}
      union all
      select r.elo, -1 from users u
        join ratings r on r.user_id = u.id and r.variant = ${variant} and r.time_class = ${timeClass}
        where u.closed_at is not null
    ) counted group by elo`;
}

/** Players ranked on every board that has any: `(variant, time_class, players)` rows. */
export const playersByBoard = sql`select variant, time_class, sum(players)::int as players from (
    select variant, time_class, players from leaderboard_counts
    union all
    select variant, time_class, players from leaderboard_count_changes
    union all
    select r.variant, r.time_class, -1 from users u join ratings r on r.user_id = u.id where u.closed_at is not null
  ) counted group by variant, time_class`;

/** The accounts left off the boards, for `not in` (a hashed set of the few closed ones). */
export const closedAccounts = sql`select id from users where closed_at is not null`;

/**
 * Folds the change log into the counts, in one transaction: the rows it deletes are the rows it adds, and
 * changes committed meanwhile wait for the next fold.
 */
export async function foldCounts(db: Db): Promise<void> {
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ got: boolean }>(
      tx as unknown as Db,
      sql`select pg_try_advisory_xact_lock(${FOLD_LOCK}) as got`,
    );
    if (!lock?.got) return;
    const touched = await queryRows<{ variant: string; time_class: string; elo: number; players: number }>(
      tx as unknown as Db,
      sql`with moved as (
        delete from leaderboard_count_changes returning variant, time_class, elo, players
      )
      insert into leaderboard_counts (variant, time_class, elo, players)
        select variant, time_class, elo, sum(players)::int from moved group by 1, 2, 3 order by 1, 2, 3
      on conflict (variant, time_class, elo) do update set players = leaderboard_counts.players + excluded.players
      returning variant, time_class, elo, players`,
    );
    const emptied = touched.filter((t) => t.players === 0);
    if (emptied.length === 0) return;
    const keys = sql.join(
      emptied.map((t) => sql`(${t.variant}, ${t.time_class}, ${t.elo}::int)`),
      sql`, `,
    );
    await tx.execute(sql`delete from leaderboard_counts
      where players = 0 and (variant, time_class, elo) in (values ${keys})`);
  });
}
