import {
  type ByColor,
  type Color,
  type DailyClock,
  type DaysPerMove,
  moveAllowanceMs,
  type VacationLedger,
} from "@chess/shared";
import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { type Db, runStatement } from "../../storage/db.ts";
import { dailyGames, dailyOffers, dailyVacations, gameMoves, games, isDailyInProgress } from "../../storage/schema.ts";
import { hasErrorCode, UNIQUE_VIOLATION } from "../../storage/unavailable.ts";
import type { DailyPly } from "./dailyRound.ts";

export type StoredLedger = typeof dailyVacations.$inferSelect;
type GameRow = typeof games.$inferSelect;
type DailyRow = typeof dailyGames.$inferSelect;
/** A daily game as a command reads it: rows, moves, and each player's vacation ledger (none: never on one). */
export type LoadedDaily = {
  game: Pick<
    GameRow,
    | "id"
    | "variant"
    | "rated"
    | "clubId"
    | "initialFen"
    | "startEval"
    | "whiteUserId"
    | "blackUserId"
    | "whiteSessionId"
    | "blackSessionId"
    | "whiteName"
    | "blackName"
    | "whiteElo"
    | "blackElo"
    | "whiteDeltas"
    | "blackDeltas"
    | "ownerEpoch"
    | "status"
    | "winningColor"
    | "endReason"
  >;
  daily: Omit<DailyRow, "gameId">;
  /** The moves in order, as the board names them and in SAN. */
  moves: { uci: string[]; san: string[] };
  ledgers: ByColor<StoredLedger | undefined>;
};

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

/**
 * What a command reads of a daily game, in one statement: the columns it uses of the games row and the daily
 * state, its moves in order (space-separated: UCI and SAN have no spaces), and both players' ledgers.
 * Hand-written and run on the driver (as STORE_MOVE): drizzle built this select anew for each read, ~0.6 ms of
 * the server's thread, and read every column of the games row. Epoch ms columns come back as float8, a
 * number on both drivers.
 */
const LOAD = `
  select g.id, g.variant, g.rated, g.club_id, g.initial_fen, g.start_eval, g.white_user_id, g.black_user_id,
    g.white_session_id, g.black_session_id, g.white_name, g.black_name, g.white_elo, g.black_elo, g.white_deltas,
    g.black_deltas, g.owner_epoch, g.status, g.winning_color, g.end_reason,
    d.days, d.deadline::float8, d.paused_left_ms::float8, d.alarm_at::float8, d.draw_offer_by, d.conditionals_w,
    d.conditionals_b, d.no_show_loses, m.uci, m.san,
    w.user_id as w_user_id, w.balance_ms::float8 as w_balance_ms, w.as_of::float8 as w_as_of,
    w.since::float8 as w_since, w.runs_out_at::float8 as w_runs_out_at,
    b.user_id as b_user_id, b.balance_ms::float8 as b_balance_ms, b.as_of::float8 as b_as_of,
    b.since::float8 as b_since, b.runs_out_at::float8 as b_runs_out_at
  from games g
  join daily_games d on d.game_id = g.id
  cross join lateral (
    select string_agg(uci, ' ' order by ply) as uci, string_agg(san, ' ' order by ply) as san
    from game_moves where game_id = g.id
  ) m
  left join daily_vacations w on w.user_id = g.white_user_id
  left join daily_vacations b on b.user_id = g.black_user_id
  where g.id = $1`;

/** A row of LOAD, as both drivers answer it. */
interface LoadRow {
  id: string;
  variant: string;
  rated: boolean;
  club_id: number | null;
  initial_fen: string;
  start_eval: number | null;
  white_user_id: number | null;
  black_user_id: number | null;
  white_session_id: string;
  black_session_id: string;
  white_name: string;
  black_name: string;
  white_elo: number | null;
  black_elo: number | null;
  white_deltas: GameRow["whiteDeltas"];
  black_deltas: GameRow["blackDeltas"];
  owner_epoch: number;
  status: GameRow["status"];
  winning_color: string | null;
  end_reason: string | null;
  days: number;
  deadline: number | null;
  paused_left_ms: number | null;
  alarm_at: number | null;
  draw_offer_by: DailyRow["drawOfferBy"];
  conditionals_w: string[][];
  conditionals_b: string[][];
  no_show_loses: boolean;
  uci: string | null;
  san: string | null;
  w_user_id: number | null;
  w_balance_ms: number;
  w_as_of: number;
  w_since: number | null;
  w_runs_out_at: number | null;
  b_user_id: number | null;
  b_balance_ms: number;
  b_as_of: number;
  b_since: number | null;
  b_runs_out_at: number | null;
}

const words = (text: string | null) => (text === null || text === "" ? [] : text.split(" "));

function ledgerOf(
  userId: number | null,
  balanceMs: number,
  asOf: number,
  since: number | null,
  runsOutAt: number | null,
): StoredLedger | undefined {
  return userId === null ? undefined : { userId, balanceMs, asOf, since, runsOutAt };
}

function loaded(r: LoadRow): LoadedDaily {
  return {
    game: {
      id: r.id,
      variant: r.variant,
      rated: r.rated,
      clubId: r.club_id,
      initialFen: r.initial_fen,
      startEval: r.start_eval,
      whiteUserId: r.white_user_id,
      blackUserId: r.black_user_id,
      whiteSessionId: r.white_session_id,
      blackSessionId: r.black_session_id,
      whiteName: r.white_name,
      blackName: r.black_name,
      whiteElo: r.white_elo,
      blackElo: r.black_elo,
      whiteDeltas: r.white_deltas,
      blackDeltas: r.black_deltas,
      ownerEpoch: r.owner_epoch,
      status: r.status,
      winningColor: r.winning_color,
      endReason: r.end_reason,
    },
    daily: {
      days: r.days,
      deadline: r.deadline,
      pausedLeftMs: r.paused_left_ms,
      alarmAt: r.alarm_at,
      drawOfferBy: r.draw_offer_by,
      conditionalsW: r.conditionals_w,
      conditionalsB: r.conditionals_b,
      noShowLoses: r.no_show_loses,
    },
    moves: { uci: words(r.uci), san: words(r.san) },
    ledgers: {
      w: ledgerOf(r.w_user_id, r.w_balance_ms, r.w_as_of, r.w_since, r.w_runs_out_at),
      b: ledgerOf(r.b_user_id, r.b_balance_ms, r.b_as_of, r.b_since, r.b_runs_out_at),
    },
  };
}

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

/** A vacation's one statement: the ledger stored, and the clocks of the games it paused or resumed. */
const SAVE_VACATION = `
  with ledger as (
    insert into daily_vacations (user_id, balance_ms, as_of, since, runs_out_at)
    values ($1, $2::bigint, $3::bigint, $4::bigint, $5::bigint)
    on conflict (user_id) do update set balance_ms = excluded.balance_ms, as_of = excluded.as_of,
      since = excluded.since, runs_out_at = excluded.runs_out_at
    returning 1
  ), clocks as (
    update daily_games set deadline = c.d, paused_left_ms = c.p, alarm_at = c.a
    from json_to_recordset($6::json) as c(g text, d bigint, p bigint, a bigint)
    where daily_games.game_id = c.g
    returning 1
  )
  select (select count(*) from ledger)::int as l, (select count(*) from clocks)::int as c`;

export function createDailyRepo(db: Db) {
  /**
   * Sets daily-state columns in one statement, only while the game still stands at `ply` (the games row's
   * compare-and-set, as a move's); false if it moved on or ended.
   */
  async function setAt(gameId: string, ply: number, set: string, value: unknown): Promise<boolean> {
    const [row] = await runStatement<{ n: number }>(
      db,
      `with held as (
        update games set ply = ply where id = $1 and status = 'active' and ply = $2 returning id
      ), changed as (
        update daily_games set ${set} where game_id = (select id from held) returning 1
      )
      select (select count(*) from changed)::int as n`,
      [gameId, ply, value],
    );
    return (row?.n ?? 0) > 0;
  }

  return {
    /**
     * The game, its daily state, its moves in order and both players' vacation ledgers, in one query;
     * undefined when it is not a daily game.
     */
    async load(gameId: string): Promise<LoadedDaily | undefined> {
      const [row] = await runStatement<LoadRow>(db, LOAD, [gameId]);
      return row && loaded(row);
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

    /** A side's conditional lines, only while the game stands at `ply`: one statement. */
    async setConditionals(gameId: string, ply: number, color: Color, lines: string[][]): Promise<boolean> {
      const column = color === "w" ? "conditionals_w" : "conditionals_b";
      return setAt(gameId, ply, `${column} = $3::jsonb`, JSON.stringify(lines));
    },

    /** A draw offer made or answered, only while the game stands at `ply`: one statement. */
    async setDrawOffer(gameId: string, ply: number, by: Color | null): Promise<boolean> {
      return setAt(gameId, ply, "draw_offer_by = $3::text", by);
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

    /**
     * A ledger and the clocks it paused or resumed, in one statement (one commit on the database thread,
     * however many games the player has).
     */
    async saveVacation(
      userId: number,
      ledger: VacationLedger,
      runsOutAt: number | null,
      clocks: Array<{ gameId: string; clock: DailyClock; alarmAt: number | null }>,
    ): Promise<void> {
      const rows = clocks.map((c) => ({ g: c.gameId, d: c.clock.deadline, p: c.clock.pausedLeftMs, a: c.alarmAt }));
      await runStatement(db, SAVE_VACATION, [
        userId,
        ledger.balanceMs,
        ledger.asOf,
        ledger.since,
        runsOutAt,
        JSON.stringify(rows),
      ]);
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
