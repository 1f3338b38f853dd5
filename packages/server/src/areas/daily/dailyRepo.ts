import {
  type ByColor,
  type Color,
  type DailyClock,
  type DaysPerMove,
  moveAllowanceMs,
  type VacationLedger,
} from "@chess/shared";
import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Db, runStatement } from "../../storage/db.ts";
import { dailyGames, dailyOffers, dailyVacations, gameMoves, games, isDailyInProgress } from "../../storage/schema.ts";
import { hasErrorCode, UNIQUE_VIOLATION } from "../../storage/unavailable.ts";
import type { DailyPly } from "./dailyRound.ts";

export type GameWithDaily = { game: typeof games.$inferSelect; daily: typeof dailyGames.$inferSelect };
export type StoredLedger = typeof dailyVacations.$inferSelect;
/** A daily game as a command reads it: rows, moves, and each player's vacation ledger (none: never on one). */
export type LoadedDaily = GameWithDaily & {
  moves: Array<{ uci: string; san: string }>;
  ledgers: ByColor<StoredLedger | undefined>;
};

const whiteVacation = alias(dailyVacations, "white_vacation");
const blackVacation = alias(dailyVacations, "black_vacation");
export type NewDailyGame = { game: typeof games.$inferInsert; daily: typeof dailyGames.$inferInsert };
export type DailyOfferRow = typeof dailyOffers.$inferSelect;

/** What a stored move changes besides its rows: the clock, alarm and conditional lines after it. */
export interface DailyMoveWrite {
  gameId: string;
  epoch: number;
  fromPly: number;
  plies: DailyPly[];
  /** When the move was made (epoch ms). */
  at: number;
  clock: DailyClock;
  alarmAt: number | null;
  conditionals: ByColor<string[][]>;
}

/** One of a player's daily games in progress, as their list and a vacation read it. */
export interface PlayerDailyRow {
  gameId: string;
  whiteUserId: number | null;
  blackUserId: number | null;
  whiteName: string;
  blackName: string;
  variant: string;
  fen: string;
  ply: number;
  /** The last move's SAN, or null before the first. */
  lastMove: string | null;
  days: number;
  deadline: number | null;
  pausedLeftMs: number | null;
}

const clockColumns = (clock: DailyClock) => ({ deadline: clock.deadline, pausedLeftMs: clock.pausedLeftMs });

/**
 * A move's one statement: the games row moves from the ply read to the new one (or nothing happens), the plies
 * go in as move rows, the daily state takes the clock, alarm and lines after them.
 */
const STORE_MOVE = `
  with held as (
    update games set fen = $2, ply = $3 where id = $1 and status = 'active' and ply = $4 returning id, base_ms
  ), moved as (
    insert into game_moves
      (game_id, owner_epoch, ply, san, uci, fen, white_ms, black_ms, lag_w, lag_b, running_since, moved_at)
    select held.id, $5, m.p, m.s, m.u, m.f, held.base_ms, held.base_ms, 0, 0, null, to_timestamp($6::bigint / 1000.0)
    from held, json_to_recordset($7::json) as m(p int, s text, u text, f text)
    returning 1
  ), daily as (
    update daily_games set deadline = $8::bigint, paused_left_ms = $9::bigint, alarm_at = $10::bigint,
      draw_offer_by = null, conditionals_w = $11::jsonb, conditionals_b = $12::jsonb
    where game_id = (select id from held)
    returning 1
  )
  select (select count(*) from held)::int as n, (select count(*) from moved)::int as m, (select count(*) from daily)::int as d`;

export function createDailyRepo(db: Db) {
  /** Locks the games row of a daily game still at `ply` (the compare-and-set of every change); false if not. */
  async function holdAt(tx: Db, gameId: string, ply: number): Promise<boolean> {
    const rows = await tx
      .update(games)
      .set({ ply })
      .where(and(eq(games.id, gameId), eq(games.status, "active"), eq(games.ply, ply)))
      .returning({ id: games.id });
    return rows.length > 0;
  }

  return {
    /**
     * The game, its daily state, its moves in order and both players' vacation ledgers, in one query;
     * undefined when it is not a daily game.
     */
    async load(gameId: string): Promise<LoadedDaily | undefined> {
      const [row] = await db
        .select({
          game: games,
          daily: dailyGames,
          moves: sql<
            Array<[string, string]>
          >`(select coalesce(json_agg(json_build_array(${gameMoves.uci}, ${gameMoves.san}) order by ${gameMoves.ply}), '[]'::json) from ${gameMoves} where ${gameMoves.gameId} = ${games.id})`,
          white: whiteVacation,
          black: blackVacation,
        })
        .from(games)
        .innerJoin(dailyGames, eq(dailyGames.gameId, games.id))
        .leftJoin(whiteVacation, eq(whiteVacation.userId, games.whiteUserId))
        .leftJoin(blackVacation, eq(blackVacation.userId, games.blackUserId))
        .where(eq(games.id, gameId));
      if (!row) return undefined;
      return {
        game: row.game,
        daily: row.daily,
        moves: row.moves.map(([uci, san]) => ({ uci, san })),
        ledgers: { w: row.white ?? undefined, b: row.black ?? undefined },
      };
    },

    /** A new game and its daily state, taking the offer it answers (false when the offer is gone). */
    async start(game: NewDailyGame, offerId: string | null): Promise<boolean> {
      return db.transaction(async (tx) => {
        if (offerId !== null) {
          const taken = await tx
            .delete(dailyOffers)
            .where(eq(dailyOffers.offerId, offerId))
            .returning({ id: dailyOffers.offerId });
          if (taken.length === 0) return false;
        }
        await tx.insert(games).values(game.game);
        await tx.insert(dailyGames).values(game.daily);
        return true;
      });
    },

    /**
     * Stores a move (and a conditional answer) in one statement, only if the game still stands at the ply it
     * was decided on: of two moves for one position, one is stored and the other refused (false). The primary
     * key (game_id, ply) of the moves is the second guard. One statement rather than a transaction of four:
     * the embedded database's thread, which every commit waits on, runs one instead of six.
     */
    async storeMove(w: DailyMoveWrite): Promise<boolean> {
      const last = w.plies.at(-1);
      if (!last) return false;
      const plies = w.plies.map((p) => ({ p: p.ply, s: p.san, u: p.uci, f: p.fen }));
      try {
        const [row] = await runStatement<{ n: number }>(db, STORE_MOVE, [
          w.gameId,
          last.fen,
          last.ply,
          w.fromPly,
          w.epoch,
          w.at,
          JSON.stringify(plies),
          w.clock.deadline,
          w.clock.pausedLeftMs,
          w.alarmAt,
          JSON.stringify(w.conditionals.w),
          JSON.stringify(w.conditionals.b),
        ]);
        return (row?.n ?? 0) > 0;
      } catch (error) {
        if (hasErrorCode(error, UNIQUE_VIOLATION)) return false;
        throw error;
      }
    },

    /** A side's conditional lines, only while the game stands at `ply`. */
    async setConditionals(gameId: string, ply: number, color: Color, lines: string[][]): Promise<boolean> {
      return db.transaction(async (tx) => {
        if (!(await holdAt(tx, gameId, ply))) return false;
        const set = color === "w" ? { conditionalsW: lines } : { conditionalsB: lines };
        await tx.update(dailyGames).set(set).where(eq(dailyGames.gameId, gameId));
        return true;
      });
    },

    /** A draw offer made or answered, only while the game stands at `ply`. */
    async setDrawOffer(gameId: string, ply: number, by: Color | null): Promise<boolean> {
      return db.transaction(async (tx) => {
        if (!(await holdAt(tx, gameId, ply))) return false;
        await tx.update(dailyGames).set({ drawOfferBy: by }).where(eq(dailyGames.gameId, gameId));
        return true;
      });
    },

    /** After its end is stored: nothing of the game is due any more. */
    async closed(gameId: string): Promise<void> {
      await db
        .update(dailyGames)
        .set({
          deadline: null,
          pausedLeftMs: null,
          alarmAt: null,
          drawOfferBy: null,
          conditionalsW: [],
          conditionalsB: [],
        })
        .where(eq(dailyGames.gameId, gameId));
    },

    /** The games whose deadline passed (their end due), the longest overdue first. */
    async overdue(now: number, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: dailyGames.gameId })
        .from(dailyGames)
        .where(lte(dailyGames.deadline, now))
        .orderBy(asc(dailyGames.deadline))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** Alarms due: the game and the instant it was set for. */
    async dueAlarms(now: number, limit: number): Promise<Array<{ gameId: string; at: number }>> {
      const rows = await db
        .select({ gameId: dailyGames.gameId, at: dailyGames.alarmAt })
        .from(dailyGames)
        .where(lte(dailyGames.alarmAt, now))
        .orderBy(asc(dailyGames.alarmAt))
        .limit(limit);
      return rows.map((r) => ({ gameId: r.gameId, at: r.at ?? now }));
    },

    /** Rings or drops an alarm once: false when it was already (or a move set a new one). */
    async clearAlarm(gameId: string, at: number): Promise<boolean> {
      const rows = await db
        .update(dailyGames)
        .set({ alarmAt: null })
        .where(and(eq(dailyGames.gameId, gameId), eq(dailyGames.alarmAt, at)))
        .returning({ id: dailyGames.gameId });
      return rows.length > 0;
    },

    /** The daily games in progress of an account. */
    async gamesOf(userId: number): Promise<PlayerDailyRow[]> {
      return db
        .select({
          gameId: games.id,
          whiteUserId: games.whiteUserId,
          blackUserId: games.blackUserId,
          whiteName: games.whiteName,
          blackName: games.blackName,
          variant: games.variant,
          fen: games.fen,
          ply: games.ply,
          lastMove: sql<
            string | null
          >`(select ${gameMoves.san} from ${gameMoves} where ${gameMoves.gameId} = ${games.id} order by ${gameMoves.ply} desc limit 1)`,
          days: dailyGames.days,
          deadline: dailyGames.deadline,
          pausedLeftMs: dailyGames.pausedLeftMs,
        })
        .from(games)
        .innerJoin(dailyGames, eq(dailyGames.gameId, games.id))
        .where(
          or(
            and(isDailyInProgress, eq(games.whiteUserId, userId)),
            and(isDailyInProgress, eq(games.blackUserId, userId)),
          ),
        );
    },

    /** The vacation ledgers kept for these accounts (those never on vacation have none). */
    async ledgers(userIds: number[]): Promise<Map<number, VacationLedger & { runsOutAt: number | null }>> {
      if (userIds.length === 0) return new Map();
      const rows = await db.select().from(dailyVacations).where(inArray(dailyVacations.userId, userIds));
      return new Map(rows.map((r) => [r.userId, r]));
    },

    /** A ledger and the clocks it paused or resumed, in one transaction. */
    async saveVacation(
      userId: number,
      ledger: VacationLedger,
      runsOutAt: number | null,
      clocks: Array<{ gameId: string; clock: DailyClock; alarmAt: number | null }>,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const row = { ...ledger, runsOutAt };
        await tx
          .insert(dailyVacations)
          .values({ userId, ...row })
          .onConflictDoUpdate({ target: dailyVacations.userId, set: row });
        for (const c of clocks) {
          await tx
            .update(dailyGames)
            .set({ ...clockColumns(c.clock), alarmAt: c.alarmAt })
            .where(eq(dailyGames.gameId, c.gameId));
        }
      });
    },

    /** Accounts whose vacation ran out by `now` without their ending it. */
    async ranOut(now: number, limit: number): Promise<number[]> {
      const rows = await db
        .select({ userId: dailyVacations.userId })
        .from(dailyVacations)
        .where(lte(dailyVacations.runsOutAt, now))
        .limit(limit);
      return rows.map((r) => r.userId);
    },

    async addOffer(row: typeof dailyOffers.$inferInsert): Promise<DailyOfferRow> {
      const [stored] = await db.insert(dailyOffers).values(row).returning();
      return stored as DailyOfferRow;
    },

    async offer(offerId: string): Promise<DailyOfferRow | undefined> {
      const [row] = await db.select().from(dailyOffers).where(eq(dailyOffers.offerId, offerId));
      return row;
    },

    /** Offers and challenges an account has open. */
    async openCount(ownerId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(dailyOffers)
        .where(eq(dailyOffers.ownerId, ownerId));
      return row?.n ?? 0;
    },

    /** Public offers, newest first. */
    async publicOffers(limit: number): Promise<DailyOfferRow[]> {
      return db
        .select()
        .from(dailyOffers)
        .where(isNull(dailyOffers.toUserId))
        .orderBy(desc(dailyOffers.createdAt))
        .limit(limit);
    },

    /** Challenges to and from an account. */
    async challengesOf(userId: number): Promise<DailyOfferRow[]> {
      return db
        .select()
        .from(dailyOffers)
        .where(
          or(
            eq(dailyOffers.toUserId, userId),
            and(eq(dailyOffers.ownerId, userId), sql`${dailyOffers.toUserId} is not null`),
          ),
        )
        .orderBy(desc(dailyOffers.createdAt));
    },

    /** Removes an offer if `where` holds for it; the removed row, or undefined. */
    async removeOffer(
      offerId: string,
      by: { ownerId?: number; toUserId?: number },
    ): Promise<DailyOfferRow | undefined> {
      const [row] = await db
        .delete(dailyOffers)
        .where(
          and(
            eq(dailyOffers.offerId, offerId),
            by.ownerId !== undefined ? eq(dailyOffers.ownerId, by.ownerId) : undefined,
            by.toUserId !== undefined ? eq(dailyOffers.toUserId, by.toUserId) : undefined,
          ),
        )
        .returning();
      return row;
    },

    /** A rematch challenge of a game by `ownerId`, if one is open. */
    async rematchOffer(gameId: string, ownerId: number): Promise<DailyOfferRow | undefined> {
      const [row] = await db
        .select()
        .from(dailyOffers)
        .where(and(eq(dailyOffers.rematchOf, gameId), eq(dailyOffers.ownerId, ownerId)));
      return row;
    },

    /** Everything an account left open in the daily area (its account closed). */
    async removeOffersOf(userId: number): Promise<DailyOfferRow[]> {
      return db
        .delete(dailyOffers)
        .where(or(eq(dailyOffers.ownerId, userId), eq(dailyOffers.toUserId, userId)))
        .returning();
    },
  };
}

export type DailyRepo = ReturnType<typeof createDailyRepo>;

/** The games row's allowance columns of a daily game: base_ms is the allowance per move. */
export const dailyBaseMs = (days: DaysPerMove) => moveAllowanceMs(days);
