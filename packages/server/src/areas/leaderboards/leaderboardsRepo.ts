import { and, asc, count, desc, eq, gt, isNotNull, notInArray, sql } from "drizzle-orm";
import type { Db } from "../../storage/db.ts";
import { clubMembers, clubRatings, ratings, users } from "../../storage/schema.ts";

export interface BoardPage {
  rows: Array<{ username: string; elo: number; games: number }>;
  total: number;
}

/**
 * The board indexes are `elo DESC NULLS LAST` (drizzle-kit's form); a plain DESC means NULLS FIRST and
 * would make PostgreSQL sort the whole category instead of walking the index. elo is never null.
 */
const byElo = (column: typeof ratings.elo | typeof clubRatings.elo) => sql`${column} desc nulls last`;

/**
 * Closed accounts leave the global boards. Their few ids (a partial index) are hashed once per query and each
 * rating row of the walk is checked against them, which keeps the walk an ordered index-only scan.
 */
const openAccounts = (db: Db) =>
  notInArray(ratings.userId, db.select({ id: users.id }).from(users).where(isNotNull(users.closedAt)));

/** Values kept for a while and dropped early when they are known to change. */
class TimedCache<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>();
  constructor(private readonly ttlMs: number) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value;
    const value = load();
    this.entries.set(key, { at: Date.now(), value });
    value.catch(() => this.entries.delete(key));
    return value;
  }

  forget(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * Rankings: open accounts with a rated game in the category (a rating row exists only once one was played), by
 * rating, ties by account age (user id) so the order is stable. Served by the (variant, time class,
 * elo desc, user id) indexes. The number of ranked players (for lastPage) is cached for a minute and
 * refreshed when a rated game of that category ends.
 */
export function createLeaderboardsRepo(db: Db) {
  const counts = new TimedCache<number>(60_000);
  return {
    async global(variant: string, timeClass: string, limit: number, offset: number): Promise<BoardPage> {
      // Rank inside the (variant, time class, elo desc, user id) index first, then join only the page's
      // rows: joined first, PostgreSQL sorts every rated player of the category for a deep page.
      // Only indexed columns inside, so a deep page is an index-only walk; games come per row after.
      const page = db
        .select({ userId: ratings.userId, elo: ratings.elo })
        .from(ratings)
        .where(and(eq(ratings.variant, variant), eq(ratings.timeClass, timeClass), openAccounts(db)))
        .orderBy(byElo(ratings.elo), asc(ratings.userId))
        .limit(limit)
        .offset(offset)
        .as("page");
      const [rows, total] = await Promise.all([
        db
          .select({ username: users.username, elo: page.elo, games: ratings.games })
          .from(page)
          .innerJoin(users, eq(users.id, page.userId))
          .innerJoin(
            ratings,
            and(eq(ratings.userId, page.userId), eq(ratings.variant, variant), eq(ratings.timeClass, timeClass)),
          )
          .orderBy(desc(page.elo), asc(page.userId)),
        counts.get(`${variant}:${timeClass}`, async () => {
          const [row] = await db
            .select({ n: count() })
            .from(ratings)
            .where(and(eq(ratings.variant, variant), eq(ratings.timeClass, timeClass), openAccounts(db)));
          return Number(row?.n ?? 0);
        }),
      ]);
      return { rows, total };
    },

    /** A rated game ended: the category's player count may have grown. */
    ratingsChanged(variant: string, timeClass: string): void {
      counts.forget(`${variant}:${timeClass}`);
    },

    /** An account closed: every category's player count may have shrunk. */
    accountClosed(): void {
      counts.clear();
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
