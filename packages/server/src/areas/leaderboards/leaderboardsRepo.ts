import { and, asc, count, desc, eq, gt } from "drizzle-orm";
import type { Db } from "../../storage/db.ts";
import { clubMembers, clubRatings, ratings, users } from "../../storage/schema.ts";

export interface BoardPage {
  rows: Array<{ username: string; elo: number; games: number }>;
  total: number;
}

/**
 * Rankings: players with at least one rated game in the category, by rating, ties by account age
 * (user id) so the order is stable. Served by the (variant, time class, elo desc, user id) indexes.
 */
export function createLeaderboardsRepo(db: Db) {
  return {
    async global(variant: string, timeClass: string, limit: number, offset: number): Promise<BoardPage> {
      const where = and(eq(ratings.variant, variant), eq(ratings.timeClass, timeClass), gt(ratings.games, 0));
      const [rows, [total]] = await Promise.all([
        db
          .select({ username: users.username, elo: ratings.elo, games: ratings.games })
          .from(ratings)
          .innerJoin(users, eq(users.id, ratings.userId))
          .where(where)
          .orderBy(desc(ratings.elo), asc(ratings.userId))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(ratings).where(where),
      ]);
      return { rows, total: Number(total?.n ?? 0) };
    },

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
            .orderBy(desc(clubRatings.elo), asc(clubRatings.userId))
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
          .orderBy(desc(ratings.elo), asc(ratings.userId))
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
