import { and, asc, count, eq, gt, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../storage/db.ts";
import { clubMembers, clubRatings, ratings, users } from "../../storage/schema.ts";
import { closedAccounts, foldCounts, playersByBoard, playersByElo } from "./leaderboardsCounts.ts";

export interface BoardPage {
  rows: Array<{ username: string; elo: number; games: number }>;
  total: number;
}

/** One board of the overview: its top rows and how many it ranks. */
export interface BoardSummary extends BoardPage {
  variant: string;
  timeClass: string;
}

/**
 * The board indexes are `elo DESC NULLS LAST` (drizzle-kit's form); a plain DESC means NULLS FIRST and
 * would make PostgreSQL sort the whole category instead of walking the index. elo is never null.
 */
const byElo = (column: typeof ratings.elo | typeof clubRatings.elo) => sql`${column} desc nulls last`;

/** A page's row as the global board query returns it (no row, only `total`, past the last page). */
interface PageRow extends Record<string, unknown> {
  total: number;
  username: string | null;
  elo: number | null;
  games: number | null;
}

/** Each board's top rows as the overview query returns them. */
interface TopRow extends Record<string, unknown> {
  variant: string;
  time_class: string;
  username: string;
  elo: number;
  games: number;
}

/**
 * Rankings: open accounts with a rated game in the category (a rating row exists only once one was played), by
 * rating, ties by account age (user id) so the order is stable, along the (variant, time class, elo desc,
 * user id) index. A page finds the rating it starts at from the players counted at each rating
 * (leaderboardsCounts.ts), then walks the index from there: a deep page reads the players of one rating
 * above it, not every player above it.
 */
export function createLeaderboardsRepo(db: Db) {
  return {
    async global(variant: string, timeClass: string, limit: number, offset: number): Promise<BoardPage> {
      // One statement, so the counts and the index are read in one snapshot and agree exactly.
      const rows = await queryRows<PageRow>(
        db,
        sql`with counted as (${playersByElo(variant, timeClass)}),
        ranked as (
          select elo, players, sum(players) over (order by elo desc) as upto from counted where players > 0
        ),
        start as (select elo, upto - players as above from ranked where upto > ${offset} order by elo desc limit 1)
        select t.total, u.username, p.elo, r.games
        from (select coalesce(sum(players), 0)::int as total from counted) t
        left join lateral (
          select b.user_id, b.elo from ratings b
          where b.variant = ${variant} and b.time_class = ${timeClass} and b.elo <= (select elo from start)
            and b.user_id not in (${closedAccounts})
          order by b.elo desc nulls last, b.user_id
          offset (${offset} - (select above from start)) limit ${limit}
        ) p on true
        left join users u on u.id = p.user_id
        left join ratings r on r.user_id = p.user_id and r.variant = ${variant} and r.time_class = ${timeClass}
        order by p.elo desc nulls last, p.user_id`,
      );
      return {
        total: Number(rows[0]?.total ?? 0),
        rows: rows.flatMap((r) =>
          r.username === null || r.elo === null ? [] : [{ username: r.username, elo: r.elo, games: r.games ?? 0 }],
        ),
      };
    },

    /** The top `top` of every board named, and how many players each ranks (boards with none are left out). */
    async overview(
      boards: ReadonlyArray<{ variant: string; timeClass: string }>,
      top: number,
    ): Promise<BoardSummary[]> {
      if (boards.length === 0) return [];
      const named = sql.join(
        boards.map((b) => sql`(${b.variant}, ${b.timeClass})`),
        sql`, `,
      );
      const [tops, totals] = await Promise.all([
        queryRows<TopRow>(
          db,
          sql`select c.variant, c.time_class, u.username, p.elo, p.games
          from (values ${named}) as c(variant, time_class)
          cross join lateral (
            select b.user_id, b.elo, b.games from ratings b
            where b.variant = c.variant and b.time_class = c.time_class and b.user_id not in (${closedAccounts})
            order by b.elo desc nulls last, b.user_id
            limit ${top}
          ) p
          join users u on u.id = p.user_id
          order by c.variant, c.time_class, p.elo desc, p.user_id`,
        ),
        queryRows<{ variant: string; time_class: string; players: number }>(db, playersByBoard),
      ]);
      const key = (variant: string, timeClass: string) => `${variant}:${timeClass}`;
      const players = new Map(totals.map((r) => [key(r.variant, r.time_class), Number(r.players)]));
      return boards.flatMap(({ variant, timeClass }) => {
        const rows = tops
          .filter((r) => r.variant === variant && r.time_class === timeClass)
          .map((r) => ({ username: r.username, elo: r.elo, games: r.games }));
        const total = players.get(key(variant, timeClass)) ?? 0;
        return rows.length === 0 ? [] : [{ variant, timeClass, total, rows }];
      });
    },

    /** Folds the rating counts' change log (a timer's work; any node may, one at a time). */
    foldCounts: () => foldCounts(db),

    /** A club's members ranked by their global rating or by their club rating. */
    async club(
      clubId: number,
      clubElo: boolean,
      variant: string,
      timeClass: string,
      limit: number,
      offset: number,
    ): Promise<BoardPage> {
      if (clubElo) {
        const where = and(
          eq(clubRatings.clubId, clubId),
          eq(clubRatings.variant, variant),
          eq(clubRatings.timeClass, timeClass),
          gt(clubRatings.games, 0),
        );
        const [rows, [total]] = await Promise.all([
          db
            .select({ username: users.username, elo: clubRatings.elo, games: clubRatings.games })
            .from(clubRatings)
            .innerJoin(
              clubMembers,
              and(eq(clubMembers.clubId, clubRatings.clubId), eq(clubMembers.userId, clubRatings.userId)),
            )
            .innerJoin(users, eq(users.id, clubRatings.userId))
            .where(where)
            .orderBy(byElo(clubRatings.elo), asc(clubRatings.userId))
            .limit(limit)
            .offset(offset),
          db
            .select({ n: count() })
            .from(clubRatings)
            .innerJoin(
              clubMembers,
              and(eq(clubMembers.clubId, clubRatings.clubId), eq(clubMembers.userId, clubRatings.userId)),
            )
            .where(where),
        ]);
        return { rows, total: Number(total?.n ?? 0) };
      }
      const where = and(
        eq(clubMembers.clubId, clubId),
        eq(ratings.variant, variant),
        eq(ratings.timeClass, timeClass),
        gt(ratings.games, 0),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ username: users.username, elo: ratings.elo, games: ratings.games })
          .from(clubMembers)
          .innerJoin(ratings, eq(ratings.userId, clubMembers.userId))
          .innerJoin(users, eq(users.id, clubMembers.userId))
          .where(where)
          .orderBy(byElo(ratings.elo), asc(ratings.userId))
          .limit(limit)
          .offset(offset),
        db
          .select({ n: count() })
          .from(clubMembers)
          .innerJoin(ratings, eq(ratings.userId, clubMembers.userId))
          .where(where),
      ]);
      return { rows, total: Number(total?.n ?? 0) };
    },
  };
}

export type LeaderboardsRepo = ReturnType<typeof createLeaderboardsRepo>;
