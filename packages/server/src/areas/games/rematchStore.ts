import { and, eq, gt, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../storage/db.ts";
import { rematchOffers } from "../../storage/schema.ts";
import type { PlayerRef } from "./gameRound.ts";

export interface StoredRematch {
  offerId: string;
  previousGameId: string;
  from: PlayerRef;
  to: PlayerRef;
  createdAt: number;
}

export const REMATCH_EXPIRES_MS = 5 * 60_000;

/**
 * Open rematch offers, in the database: a restart, a takeover or another node sees the offer both players
 * see (ARCHITECTURE §5: everything a player can see of a game is stored). `take` removes an offer (declined,
 * cancelled) and says whether this caller was the one that did; an accept takes it with storing its game, in
 * one transaction (gamesRepo `insertRematch`), so an offer starts at most one game.
 */
export function createRematchStore(db: Db, now: () => number = Date.now) {
  const fresh = () => gt(rematchOffers.createdAt, new Date(now() - REMATCH_EXPIRES_MS));
  const stored = (r: typeof rematchOffers.$inferSelect): StoredRematch => ({
    offerId: r.offerId,
    previousGameId: r.previousGameId,
    from: r.fromPlayer,
    to: r.toPlayer,
    createdAt: r.createdAt.getTime(),
  });
  return {
    /** Stores an offer; false when the game already has one (the other player's, made at the same moment). */
    async add(o: StoredRematch): Promise<boolean> {
      // An expired offer of the same game gives way.
      await db
        .delete(rematchOffers)
        .where(
          and(
            eq(rematchOffers.previousGameId, o.previousGameId),
            lt(rematchOffers.createdAt, new Date(now() - REMATCH_EXPIRES_MS)),
          ),
        );
      const rows = await db
        .insert(rematchOffers)
        .values({
          offerId: o.offerId,
          previousGameId: o.previousGameId,
          fromPlayer: o.from,
          toPlayer: o.to,
          createdAt: new Date(o.createdAt),
        })
        .onConflictDoNothing()
        .returning({ offerId: rematchOffers.offerId });
      return rows.length === 1;
    },
    async get(offerId: string): Promise<StoredRematch | undefined> {
      const [row] = await db
        .select()
        .from(rematchOffers)
        .where(and(eq(rematchOffers.offerId, offerId), fresh()));
      return row && stored(row);
    },
    async forGame(previousGameId: string): Promise<StoredRematch | undefined> {
      const [row] = await db
        .select()
        .from(rematchOffers)
        .where(and(eq(rematchOffers.previousGameId, previousGameId), fresh()));
      return row && stored(row);
    },
    /** Whether the offer's row is there at all, expired or not (a take whose answer was lost is read back so). */
    async has(offerId: string): Promise<boolean> {
      const rows = await db
        .select({ offerId: rematchOffers.offerId })
        .from(rematchOffers)
        .where(eq(rematchOffers.offerId, offerId));
      return rows.length > 0;
    },
    async take(offerId: string): Promise<boolean> {
      const rows = await db
        .delete(rematchOffers)
        .where(and(eq(rematchOffers.offerId, offerId), fresh()))
        .returning({ offerId: rematchOffers.offerId });
      return rows.length === 1;
    },
    /** Removes and returns the offers a closed account made or was made. */
    async removeInvolving(userId: number): Promise<StoredRematch[]> {
      const id = String(userId);
      const rows = await db
        .delete(rematchOffers)
        .where(
          or(sql`${rematchOffers.fromPlayer}->>'userId' = ${id}`, sql`${rematchOffers.toPlayer}->>'userId' = ${id}`),
        )
        .returning();
      return rows.map(stored);
    },

    /** Removes expired offers (run now and then). */
    async sweep(): Promise<void> {
      await db.delete(rematchOffers).where(lt(rematchOffers.createdAt, new Date(now() - REMATCH_EXPIRES_MS)));
    },
  };
}

export type RematchStore = ReturnType<typeof createRematchStore>;
