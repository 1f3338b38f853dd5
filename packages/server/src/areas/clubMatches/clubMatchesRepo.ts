import type { ClubMatchStatus } from "@chess/shared";
import { and, desc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../storage/db.ts";
import { clubMatches, clubMatchGames, clubMatchPlayers, users } from "../../storage/schema.ts";

export type ClubMatchRow = typeof clubMatches.$inferSelect;
export type ClubMatchGameRow = typeof clubMatchGames.$inferSelect;
export type NewClubMatch = typeof clubMatches.$inferInsert;

/** Before the start: players sign up while the match waits for an answer or is open. */
const SIGN_UP: ClubMatchStatus[] = ["invited", "open"];

export function createClubMatchesRepo(db: Db) {
  return {
    async insert(row: NewClubMatch): Promise<ClubMatchRow> {
      const [stored] = await db.insert(clubMatches).values(row).returning();
      return stored as ClubMatchRow;
    },

    async match(id: string): Promise<ClubMatchRow | undefined> {
      const [row] = await db.select().from(clubMatches).where(eq(clubMatches.id, id)).limit(1);
      return row;
    },

    /** A club's matches, newest first. */
    async ofClub(clubId: number, limit: number): Promise<ClubMatchRow[]> {
      return db
        .select()
        .from(clubMatches)
        .where(or(eq(clubMatches.clubA, clubId), eq(clubMatches.clubB, clubId)))
        .orderBy(desc(clubMatches.createdAt))
        .limit(limit);
    },

    /** Moves a match from one of `from` to `to`: the row, or undefined when it was not in one of them. */
    async transition(id: string, from: ClubMatchStatus[], to: ClubMatchStatus, at?: number) {
      const set: Partial<NewClubMatch> = { status: to };
      if (to === "started") set.startedAt = at;
      if (to === "finished" || to === "cancelled") set.finishedAt = at;
      const [row] = await db
        .update(clubMatches)
        .set(set)
        .where(and(eq(clubMatches.id, id), inArray(clubMatches.status, from)))
        .returning();
      return row;
    },

    /** Signs a player up for `side`, while sign-up is open and no node is starting the match. */
    async join(id: string, userId: number, side: "a" | "b", now: number): Promise<boolean> {
      const rows = await db
        .insert(clubMatchPlayers)
        .select(
          db
            .select({
              matchId: clubMatches.id,
              userId: sql<number>`${userId}`.as("user_id"),
              side: sql<"a" | "b">`${side}`.as("side"),
              joinedAt: sql<Date>`now()`.as("joined_at"),
            })
            .from(clubMatches)
            .where(
              and(
                eq(clubMatches.id, id),
                inArray(clubMatches.status, SIGN_UP),
                or(isNull(clubMatches.startingUntil), lt(clubMatches.startingUntil, now)),
              ),
            ),
        )
        .onConflictDoNothing()
        .returning({ userId: clubMatchPlayers.userId });
      return rows.length > 0;
    },

    async leave(id: string, userId: number): Promise<boolean> {
      const rows = await db
        .delete(clubMatchPlayers)
        .where(and(eq(clubMatchPlayers.matchId, id), eq(clubMatchPlayers.userId, userId)))
        .returning({ userId: clubMatchPlayers.userId });
      return rows.length > 0;
    },

    async players(id: string): Promise<Array<{ userId: number; username: string; side: "a" | "b" }>> {
      return db
        .select({ userId: clubMatchPlayers.userId, username: users.username, side: clubMatchPlayers.side })
        .from(clubMatchPlayers)
        .innerJoin(users, eq(users.id, clubMatchPlayers.userId))
        .where(eq(clubMatchPlayers.matchId, id))
        .orderBy(clubMatchPlayers.joinedAt);
    },

    async playerCounts(ids: string[]): Promise<Map<string, { a: number; b: number }>> {
      const counts = new Map<string, { a: number; b: number }>();
      if (ids.length === 0) return counts;
      const rows = await db
        .select({ id: clubMatchPlayers.matchId, side: clubMatchPlayers.side, n: sql<number>`count(*)::int` })
        .from(clubMatchPlayers)
        .where(inArray(clubMatchPlayers.matchId, ids))
        .groupBy(clubMatchPlayers.matchId, clubMatchPlayers.side);
      for (const r of rows) {
        const c = counts.get(r.id) ?? { a: 0, b: 0 };
        c[r.side] = Number(r.n);
        counts.set(r.id, c);
      }
      return counts;
    },

    /**
     * Takes the start of a match for `leaseMs`: true for one caller at a time. A node that dies half-way leaves a
     * claim that lapses, and whoever takes it next finishes the start (its games have fixed ids).
     */
    async claimStart(id: string, now: number, leaseMs: number, statuses: ClubMatchStatus[]): Promise<boolean> {
      const rows = await db
        .update(clubMatches)
        .set({ startingUntil: now + leaseMs })
        .where(
          and(
            eq(clubMatches.id, id),
            inArray(clubMatches.status, statuses),
            or(isNull(clubMatches.startingUntil), lt(clubMatches.startingUntil, now)),
          ),
        )
        .returning({ id: clubMatches.id });
      return rows.length > 0;
    },

    /** The match is due by `now` at the latest: a start begun early and left half done is finished by the sweep. */
    async dueBy(id: string, now: number): Promise<void> {
      await db
        .update(clubMatches)
        .set({ startsAt: sql`least(${clubMatches.startsAt}, ${now})` })
        .where(eq(clubMatches.id, id));
    },

    async releaseStart(id: string): Promise<void> {
      await db.update(clubMatches).set({ startingUntil: null }).where(eq(clubMatches.id, id));
    },

    /** Matches whose sign-up is over (open, starting at or before `now`), and started ones left half-started. */
    async due(now: number, limit: number): Promise<ClubMatchRow[]> {
      return db
        .select()
        .from(clubMatches)
        .where(
          and(
            or(
              and(eq(clubMatches.status, "open"), lte(clubMatches.startsAt, now)),
              and(eq(clubMatches.status, "invited"), lte(clubMatches.startsAt, now)),
            ),
            or(isNull(clubMatches.startingUntil), lt(clubMatches.startingUntil, now)),
          ),
        )
        .limit(limit);
    },

    /** Started matches with games whose result is not stored yet (a result heard by no node). */
    async unsettled(limit: number): Promise<ClubMatchGameRow[]> {
      return db
        .select({ g: clubMatchGames })
        .from(clubMatchGames)
        .innerJoin(clubMatches, eq(clubMatches.id, clubMatchGames.matchId))
        .where(and(eq(clubMatches.status, "started"), isNull(clubMatchGames.result)))
        .limit(limit)
        .then((rows) => rows.map((r) => r.g));
    },

    /** Stores a match's games (again, after a start left half done: the ones stored stay). */
    async addGames(rows: ClubMatchGameRow[]): Promise<void> {
      if (rows.length === 0) return;
      await db.insert(clubMatchGames).values(rows).onConflictDoNothing();
    },

    async games(id: string): Promise<ClubMatchGameRow[]> {
      return db
        .select()
        .from(clubMatchGames)
        .where(eq(clubMatchGames.matchId, id))
        .orderBy(clubMatchGames.board, clubMatchGames.gameId);
    },

    async gamesOf(ids: string[]): Promise<ClubMatchGameRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(clubMatchGames).where(inArray(clubMatchGames.matchId, ids));
    },

    /** A game's result, once: its match id, or undefined when it is no match game or was stored already. */
    async settle(gameId: string, result: NonNullable<ClubMatchGameRow["result"]>): Promise<string | undefined> {
      const [row] = await db
        .update(clubMatchGames)
        .set({ result })
        .where(and(eq(clubMatchGames.gameId, gameId), isNull(clubMatchGames.result)))
        .returning({ matchId: clubMatchGames.matchId });
      return row?.matchId;
    },
  };
}

export type ClubMatchesRepo = ReturnType<typeof createClubMatchesRepo>;
