import { and, asc, desc, eq, isNotNull, or, sql } from "drizzle-orm";
import type { Db } from "../../storage/db.ts";
import { games, ratings, users } from "../../storage/schema.ts";

export type HistoryGame = typeof games.$inferSelect;

export function createHistoryRepo(db: Db) {
  const playedBy = (userId: number) => or(eq(games.whiteUserId, userId), eq(games.blackUserId, userId));

  return {
    async user(username: string): Promise<{ id: number; username: string } | undefined> {
      const [row] = await db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username})`)
        .limit(1);
      return row;
    },

    /** Finished games of a player, newest first. */
    async games(userId: number, variant: string, limit: number, offset: number): Promise<HistoryGame[]> {
      return db
        .select()
        .from(games)
        .where(and(playedBy(userId), eq(games.variant, variant), eq(games.status, "finished")))
        .orderBy(desc(games.createdAt), desc(games.id))
        .limit(limit)
        .offset(offset);
    },

    async ratings(userId: number, variant: string) {
      return db
        .select()
        .from(ratings)
        .where(and(eq(ratings.userId, userId), eq(ratings.variant, variant)));
    },

    /** Rated finished games, oldest first, with the rating each side had and gained. */
    async ratedGames(userId: number, variant: string) {
      return db
        .select({
          timeClass: games.timeClass,
          whiteUserId: games.whiteUserId,
          whiteElo: games.whiteElo,
          blackElo: games.blackElo,
          whiteEloChange: games.whiteEloChange,
          blackEloChange: games.blackEloChange,
          endedAt: games.endedAt,
        })
        .from(games)
        .where(
          and(
            playedBy(userId),
            eq(games.variant, variant),
            eq(games.status, "finished"),
            eq(games.rated, true),
            isNotNull(games.endedAt),
          ),
        )
        .orderBy(asc(games.endedAt));
    },

    async game(gameId: string): Promise<HistoryGame | undefined> {
      const [row] = await db.select().from(games).where(eq(games.id, gameId)).limit(1);
      return row;
    },

    /** A guest who signs up in the same session keeps the games they played as that guest. */
    async adoptGuestGames(sessionId: string, userId: number, username: string): Promise<void> {
      await db
        .update(games)
        .set({ whiteUserId: userId, whiteName: username })
        .where(and(eq(games.whiteSessionId, sessionId), sql`${games.whiteUserId} is null`));
      await db
        .update(games)
        .set({ blackUserId: userId, blackName: username })
        .where(and(eq(games.blackSessionId, sessionId), sql`${games.blackUserId} is null`));
    },
  };
}

export type HistoryRepo = ReturnType<typeof createHistoryRepo>;
