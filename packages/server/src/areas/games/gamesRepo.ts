import {
  type ActorId,
  type ClockState,
  DEFAULT_ELO,
  deltaFor,
  type EloDeltas,
  type EndReason,
  eloDeltas,
  type GameStatus,
  type Outcome,
  type TimeClass,
  type Variant,
} from "@chess/shared";
import { and, asc, eq, gt, inArray, or, sql } from "drizzle-orm";
import { type Db, runStatement } from "../../storage/db.ts";
import {
  clubRatings,
  gameMoveClock,
  gameMoves,
  games,
  isDailyInProgress,
  isLiveGame,
  nodeHeartbeats,
  type PersistedRoundState,
  ratings,
  rematchOffers,
} from "../../storage/schema.ts";
import { FOREIGN_KEY_VIOLATION, hasErrorCode } from "../../storage/unavailable.ts";
import { type MoveClock, moveClockOf, withMoveClock } from "./moveClock.ts";

export type GameRow = typeof games.$inferSelect;
export type NewGameRow = typeof games.$inferInsert;

export interface RatingInfo {
  elo: number;
  games: number;
}

/** A player's rating asked for in a batch (gamesRepo.ratings). */
export interface RatingWanted {
  userId: number;
  variant: Variant;
  timeClass: TimeClass;
}

export const ratingKey = (r: { userId: number; variant: string; timeClass: string }) =>
  `${r.userId}:${r.variant}:${r.timeClass}`;

export interface MoveWrite {
  gameId: string;
  /** The writer's fence (games.owner_epoch): the row is written only while it is still the game's. */
  epoch: number;
  ply: number;
  san: string;
  uci: string;
  fen: string;
  /** The clock after the move (its remaining times are as of `runningSince`, the move's time once it runs). */
  clock: ClockState;
  movedAt: Date;
}

/** A stored move, with its clock as the row holds it (moveClock.ts). */
export interface StoredMove {
  ply: number;
  uci: string;
  san: string;
  clock: MoveClock;
  movedAt: Date;
}

export interface FinishWrite {
  gameId: string;
  /** The writer's fence, as for moves. */
  epoch: number;
  status: Exclude<GameStatus, "active">;
  fen: string;
  ply: number;
  /** SAN, space-separated. */
  moves: string;
  winningColor: string;
  endReason: EndReason;
  clock: ClockState;
  endedAt: Date;
  /** Rating updates, applied in the same transaction (empty when unrated or aborted). */
  ratingChanges: Array<{
    userId: number;
    variant: Variant;
    timeClass: TimeClass;
    startElo: number;
    delta: number;
    outcome: "win" | "draw" | "loss";
  }>;
  whiteEloChange: number | null;
  blackEloChange: number | null;
  /**
   * A daily game: the ply its games row must still hold. A move stored since the end was decided makes the
   * write stale (StaleOwnerError), and the caller decides again.
   */
  expectPly?: number;
  /** A club game: both players' club ratings move too. */
  club?: { clubId: number; variant: Variant; timeClass: TimeClass; white: number; black: number; whiteScore: number };
}

/** Club Elo: read both club ratings inside the game's end transaction and move them like the global ones. */
async function updateClubRatings(tx: Db, c: NonNullable<FinishWrite["club"]>): Promise<void> {
  const current = await tx
    .select()
    .from(clubRatings)
    .where(
      and(
        eq(clubRatings.clubId, c.clubId),
        eq(clubRatings.variant, c.variant),
        eq(clubRatings.timeClass, c.timeClass),
        inArray(clubRatings.userId, [c.white, c.black]),
      ),
    );
  const of = (userId: number) => current.find((r) => r.userId === userId) ?? { elo: DEFAULT_ELO, games: 0 };
  const w = of(c.white);
  const b = of(c.black);
  const outcome = (score: number): Outcome => (score === 1 ? "win" : score === 0 ? "loss" : "draw");
  const changes = [
    { userId: c.white, elo: w.elo + deltaFor(eloDeltas(w.elo, b.elo, w.games), outcome(c.whiteScore)) },
    { userId: c.black, elo: b.elo + deltaFor(eloDeltas(b.elo, w.elo, b.games), outcome(1 - c.whiteScore)) },
  ];
  for (const ch of changes) {
    await tx
      .insert(clubRatings)
      .values({
        clubId: c.clubId,
        userId: ch.userId,
        variant: c.variant,
        timeClass: c.timeClass,
        elo: ch.elo,
        games: 1,
      })
      .onConflictDoUpdate({
        target: [clubRatings.clubId, clubRatings.userId, clubRatings.variant, clubRatings.timeClass],
        set: { elo: ch.elo, games: sql`${clubRatings.games} + 1` },
      });
  }
}

/**
 * A game's end in one statement, the same text for every game (one JSON parameter, as for moves): the games
 * row under the writer's fence, then the ratings only if that row was written (inserted from the update's
 * RETURNING), and the row's status as it stood before (the statement's snapshot) when it was not. A rating
 * that exists moves by the change (`d`), a new one starts at the game's rating plus the change (`e`).
 */
const FINISH_GAME = `
  with m as (
    select * from json_to_record($1::json) as m(id text, e int, xp int, s text, f text, p int, mv text, wc text,
      er text, c jsonb, t bigint, we int, be int, r json)
  ),
  u as (
    update games g set status = m.s, fen = m.f, ply = m.p, moves = m.mv, winning_color = m.wc, end_reason = m.er,
      clock = m.c, ended_at = to_timestamp(m.t / 1000.0), white_elo_change = m.we, black_elo_change = m.be
    from m
    where g.id = m.id and g.status = 'active' and g.owner_epoch = m.e and (m.xp is null or g.ply = m.xp)
    returning g.id
  ),
  c as (
    select c.* from m, json_to_recordset(m.r) as c(u int, v text, tc text, e int, d int, w int, dr int, l int)
  ),
  r as (
    insert into ratings as o (user_id, variant, time_class, elo, games, wins, draws, losses)
    select c.u, c.v, c.tc, c.e, 1, c.w, c.dr, c.l from c, u
    on conflict (user_id, variant, time_class) do update set
      elo = o.elo
        + (select c.d from c where c.u = excluded.user_id and c.v = excluded.variant and c.tc = excluded.time_class),
      games = o.games + 1, wins = o.wins + excluded.wins, draws = o.draws + excluded.draws,
      losses = o.losses + excluded.losses
  )
  select exists (select from u) as updated, (select g.status from games g, m where g.id = m.id) as status`;

/**
 * One row per rating: a statement moves a row once (ON CONFLICT), so a rating named twice (a game against
 * oneself, which nothing starts) has its changes added up rather than failing the game's end.
 */
function ratingRows(changes: FinishWrite["ratingChanges"]) {
  const rows = new Map<
    string,
    { u: number; v: string; tc: string; e: number; d: number; w: number; dr: number; l: number }
  >();
  for (const r of changes) {
    const row = rows.get(ratingKey(r)) ?? {
      u: r.userId,
      v: r.variant,
      tc: r.timeClass,
      e: r.startElo,
      d: 0,
      w: 0,
      dr: 0,
      l: 0,
    };
    row.d += r.delta;
    row.e = r.startElo + row.d;
    row.w += r.outcome === "win" ? 1 : 0;
    row.dr += r.outcome === "draw" ? 1 : 0;
    row.l += r.outcome === "loss" ? 1 : 0;
    rows.set(ratingKey(r), row);
  }
  return [...rows.values()];
}

const finishParameter = (f: FinishWrite) =>
  JSON.stringify({
    id: f.gameId,
    e: f.epoch,
    xp: f.expectPly ?? null,
    s: f.status,
    f: f.fen,
    p: f.ply,
    mv: f.moves,
    wc: f.winningColor,
    er: f.endReason,
    c: f.clock,
    t: f.endedAt.getTime(),
    we: f.whiteEloChange,
    be: f.blackEloChange,
    r: ratingRows(f.ratingChanges),
  });

type FinishRow = { updated: boolean; status: string | null };

/** A game's end: FINISH_GAME, and a club game's club ratings in the same transaction (they are read first). */
async function finishStatement(db: Db, f: FinishWrite): Promise<FinishRow | undefined> {
  const run = async (on: Db) => (await runStatement<FinishRow>(on, FINISH_GAME, [finishParameter(f)]))[0];
  if (!f.club) return run(db);
  const club = f.club;
  return db.transaction(async (tx) => {
    const row = await run(tx as unknown as Db);
    if (row?.updated) await updateClubRatings(tx as unknown as Db, club);
    return row;
  });
}

/**
 * The same text whatever the batch size: the rows go as one JSON array, nothing is built per move. One
 * parameter rather than a column array each: the database thread, which every commit waits on, spends a
 * fifth less per statement (0.20 against 0.25 ms for a one-row INSERT on PGlite). The fence is the foreign
 * key (game_id, owner_epoch) → games: a row of a writer whose epoch is no longer its game's fails the
 * statement.
 */
const APPEND_MOVES = `
  insert into game_moves
    (game_id, owner_epoch, ply, san, uci, fen, white_ms, black_ms, lag_w, lag_b, running_since, moved_at)
  select g, e, p, s, u, f, w, b, lw, lb, r, to_timestamp(t / 1000.0) from json_to_recordset($1::json)
    as m(g text, e int, p int, s text, u text, f text, w int, b int, lw int, lb int, r bigint, t bigint)`;

/** A write by a node that no longer owns the game (another took it over): refused by the database. */
export class StaleOwnerError extends Error {
  constructor(readonly gameId: string) {
    super(`Game ${gameId} is written by another owner now`);
  }
}

export function createGamesRepo(db: Db) {
  return {
    async rating(userId: number, variant: Variant, timeClass: TimeClass): Promise<RatingInfo> {
      const [row] = await db
        .select({ elo: ratings.elo, games: ratings.games })
        .from(ratings)
        .where(and(eq(ratings.userId, userId), eq(ratings.variant, variant), eq(ratings.timeClass, timeClass)))
        .limit(1);
      return row ?? { elo: DEFAULT_ELO, games: 0 };
    },

    /**
     * The ratings of several players at once (a wave of arena games): one read, keyed by `ratingKey`; a player
     * without a rating in that variant and class is absent (DEFAULT_ELO and no games, as `rating` says).
     */
    async ratings(wanted: ReadonlyArray<RatingWanted>): Promise<Map<string, RatingInfo>> {
      const found = new Map<string, RatingInfo>();
      if (wanted.length === 0) return found;
      const rows = await db
        .select({
          userId: ratings.userId,
          variant: ratings.variant,
          timeClass: ratings.timeClass,
          elo: ratings.elo,
          games: ratings.games,
        })
        .from(ratings)
        .where(
          and(
            inArray(ratings.userId, [...new Set(wanted.map((w) => w.userId))]),
            inArray(ratings.variant, [...new Set(wanted.map((w) => w.variant))]),
            inArray(ratings.timeClass, [...new Set(wanted.map((w) => w.timeClass))]),
          ),
        );
      for (const r of rows) found.set(ratingKey(r), { elo: r.elo, games: r.games });
      return found;
    },

    /** Writes a live game's state beyond its moves (draw offer, deadlines, event number). */
    async saveRoundState(gameId: string, epoch: number, state: PersistedRoundState): Promise<void> {
      const updated = await db
        .update(games)
        .set({ roundState: state })
        .where(and(eq(games.id, gameId), eq(games.status, "active"), eq(games.ownerEpoch, epoch)))
        .returning({ id: games.id });
      if (updated.length === 0 && (await this.game(gameId))?.status === "active") throw new StaleOwnerError(gameId);
    },

    async insertGame(row: NewGameRow): Promise<void> {
      await db.insert(games).values(row);
    },

    /** New games' rows in one statement: all stored, or none. */
    async insertGames(rows: NewGameRow[]): Promise<void> {
      if (rows.length > 0) await db.insert(games).values(rows);
    },

    /** Those of these games that are stored (whatever their status). */
    async stored(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db.select({ id: games.id }).from(games).where(inArray(games.id, ids));
      return new Set(rows.map((r) => r.id));
    },

    /**
     * A rematch's row, stored only with taking its offer, in one transaction: an offer starts one game at most,
     * and a lost answer is settled by reading the game back. False, nothing stored, when the offer is not
     * there (taken, withdrawn, or made before `freshSince`).
     */
    async insertRematch(row: NewGameRow, offerId: string, freshSince: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const taken = await tx
          .delete(rematchOffers)
          .where(and(eq(rematchOffers.offerId, offerId), gt(rematchOffers.createdAt, freshSince)))
          .returning({ offerId: rematchOffers.offerId });
        if (taken.length === 0) return false;
        await tx.insert(games).values(row);
        return true;
      });
    },

    /**
     * Moves of any games in one statement: all written, or none. A move of a stale owner fails the batch;
     * alone, it fails with StaleOwnerError. Most callers go through the group-committing MoveWriter.
     */
    async appendMoves(batch: MoveWrite[]): Promise<void> {
      const rows = batch.map((m) => {
        const c = moveClockOf(m.clock);
        return {
          g: m.gameId,
          e: m.epoch,
          p: m.ply,
          s: m.san,
          u: m.uci,
          f: m.fen,
          w: c.whiteMs,
          b: c.blackMs,
          lw: c.lagW,
          lb: c.lagB,
          r: c.runningSince,
          // Epoch ms: a Date would be turned into an ISO string here (twice the row's JSON cost) and parsed back there.
          t: m.movedAt.getTime(),
        };
      });
      try {
        // Players wait on it: ahead of background statements on the embedded database.
        await runStatement(db, APPEND_MOVES, [JSON.stringify(rows)], { urgent: true });
      } catch (error) {
        const [only] = batch;
        if (batch.length === 1 && only && hasErrorCode(error, FOREIGN_KEY_VIOLATION))
          throw new StaleOwnerError(only.gameId);
        throw error;
      }
    },

    /**
     * A takeback: the moves after `toPly` go, the clock and round state as they are now are stored (in the
     * move row at `toPly`, where a restart reads the clock, or the game row before any move), all under the
     * writer's fence like a move. Refused with StaleOwnerError for a stale owner; false when the game is over.
     */
    async takeBack(
      gameId: string,
      epoch: number,
      toPly: number,
      clock: ClockState,
      state: PersistedRoundState,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const owned = await tx
          .update(games)
          .set({ roundState: state, ...(toPly === 0 ? { clock } : {}) })
          .where(and(eq(games.id, gameId), eq(games.status, "active"), eq(games.ownerEpoch, epoch)))
          .returning({ id: games.id });
        if (owned.length === 0) {
          const [row] = await tx.select({ status: games.status }).from(games).where(eq(games.id, gameId));
          if (row?.status === "active") throw new StaleOwnerError(gameId);
          return false;
        }
        await tx.delete(gameMoves).where(and(eq(gameMoves.gameId, gameId), gt(gameMoves.ply, toPly)));
        if (toPly > 0) {
          await tx
            .update(gameMoves)
            .set(moveClockOf(clock))
            .where(and(eq(gameMoves.gameId, gameId), eq(gameMoves.ply, toPly)));
        }
        return true;
      });
    },

    /**
     * Makes this node the game's owner: the next epoch, or undefined when the game is not live. The state it
     * resumes the game in (what the outage credited) is stored in the same write, so no later restart can
     * find this node alive without it.
     */
    async takeOwnership(gameId: string, state: PersistedRoundState, nodeId: string): Promise<number | undefined> {
      const [row] = await db
        .update(games)
        .set({ ownerEpoch: sql`${games.ownerEpoch} + 1`, ownerNode: nodeId, roundState: state })
        .where(and(eq(games.id, gameId), eq(games.status, "active")))
        .returning({ epoch: games.ownerEpoch });
      return row?.epoch;
    },

    /**
     * The result, the history record and both ratings, all or nothing. Idempotent on an ended game (false);
     * StaleOwnerError while another owner (or, for a daily game, a later move) holds it. One statement in the
     * usual case: a transaction on PGlite holds its one lock across each round trip to this thread, and every
     * move write of every game waits behind it.
     */
    async finishGame(f: FinishWrite): Promise<boolean> {
      const row = await finishStatement(db, f);
      if (row?.updated) return true;
      // The statement's own read is of its snapshot: a game seen active may have been ended since by a
      // concurrent writer (PostgreSQL), so "still active" is read again before it is called stale.
      if (row?.status !== "active") return false;
      const [now] = await db.select({ status: games.status }).from(games).where(eq(games.id, f.gameId));
      if (now?.status === "active") throw new StaleOwnerError(f.gameId);
      return false;
    },

    async game(id: string): Promise<GameRow | undefined> {
      const [row] = await db.select().from(games).where(eq(games.id, id)).limit(1);
      return row;
    },

    /** How each of `ids` ended: its winning colour, "none" when aborted; absent while it goes on (or unknown). */
    async outcomes(ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: games.id, status: games.status, winningColor: games.winningColor })
        .from(games)
        .where(and(inArray(games.id, ids), or(eq(games.status, "finished"), eq(games.status, "aborted"))));
      return new Map(rows.map((r) => [r.id, r.status === "aborted" ? "none" : (r.winningColor ?? "none")]));
    },

    /** Those of these games being played now (one read however many). */
    async activeAmong(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: games.id })
        .from(games)
        .where(and(inArray(games.id, ids), eq(games.status, "active")));
      return new Set(rows.map((r) => r.id));
    },

    /** The live games in progress (daily games are not held by a node). */
    async activeGames(): Promise<GameRow[]> {
      return db.select().from(games).where(isLiveGame);
    },

    async activeGameIds(): Promise<string[]> {
      const rows = await db.select({ id: games.id }).from(games).where(isLiveGame);
      return rows.map((r) => r.id);
    },

    /** Games in play on the whole site, by variant and time control (the lobby's counts). */
    async liveCounts(): Promise<
      Array<{ variant: string; baseMs: number; incrementMs: number; againstComputer: boolean; count: number }>
    > {
      return db
        .select({
          variant: games.variant,
          baseMs: games.baseMs,
          incrementMs: games.incrementMs,
          againstComputer: games.againstComputer,
          count: sql<number>`count(*)::int`,
        })
        .from(games)
        .where(isLiveGame)
        .groupBy(games.variant, games.baseMs, games.incrementMs, games.againstComputer);
    },

    /**
     * The position each game in progress stands at now, and its ply (every node's games: a move is stored
     * before anyone sees it). One index lookup per live game; a daily game's row carries its position.
     */
    async livePositions(): Promise<Array<{ gameId: string; fen: string; ply: number }>> {
      const rows = await runStatement<{ id: string; initial_fen: string; fen: string | null; ply: number | null }>(
        db,
        `select g.id, g.initial_fen, m.fen, m.ply from games g
           left join lateral (select fen, ply from game_moves where game_id = g.id order by ply desc limit 1) m on true
          where g.status = 'active' and g.time_class <> 'daily'
         union all
         select g.id, g.initial_fen, g.fen, g.ply from games g where g.status = 'active' and g.time_class = 'daily'`,
        [],
      );
      return rows.map((r) => ({ gameId: r.id, fen: r.fen ?? r.initial_fen, ply: r.ply ?? 0 }));
    },

    /**
     * The live game of a player (the account when logged in, else the guest session), wherever it is played.
     * Daily games do not count: one may play live while they wait.
     */
    async activeGameOf(p: ActorId): Promise<string | undefined> {
      const side =
        p.userId !== null
          ? or(eq(games.whiteUserId, p.userId), eq(games.blackUserId, p.userId))
          : or(eq(games.whiteSessionId, p.sessionId), eq(games.blackSessionId, p.sessionId));
      const [row] = await db.select({ id: games.id }).from(games).where(and(isLiveGame, side)).limit(1);
      return row?.id;
    },

    /** Every game of an account in progress, live or daily (the analysis board refuses their positions). */
    async inPlayOf(userId: number): Promise<string[]> {
      const rows = await db
        .select({ id: games.id })
        .from(games)
        .where(
          or(
            and(isLiveGame, or(eq(games.whiteUserId, userId), eq(games.blackUserId, userId))),
            and(isDailyInProgress, eq(games.whiteUserId, userId)),
            and(isDailyInProgress, eq(games.blackUserId, userId)),
          ),
        );
      return rows.map((r) => r.id);
    },

    async moves(gameId: string): Promise<StoredMove[]> {
      const rows = await db
        .select({
          ply: gameMoves.ply,
          uci: gameMoves.uci,
          san: gameMoves.san,
          movedAt: gameMoves.movedAt,
          ...gameMoveClock,
        })
        .from(gameMoves)
        .where(eq(gameMoves.gameId, gameId))
        .orderBy(asc(gameMoves.ply));
      return rows.map(withMoveClock);
    },

    /** The move stored at `ply` (1 = the first), or null when there is none. */
    async moveAt(gameId: string, ply: number): Promise<{ uci: string } | null> {
      const [row] = await db
        .select({ uci: gameMoves.uci })
        .from(gameMoves)
        .where(and(eq(gameMoves.gameId, gameId), eq(gameMoves.ply, ply)));
      return row ?? null;
    },

    /** Touches nothing: throws unless the database answers. */
    async ping(): Promise<void> {
      await db.execute(sql`select 1`);
    },

    async heartbeat(nodeId: string, at: Date): Promise<void> {
      await db
        .insert(nodeHeartbeats)
        .values({ nodeId, seenAt: at })
        .onConflictDoUpdate({ target: nodeHeartbeats.nodeId, set: { seenAt: at } });
    },

    /** When a node last said it was alive. */
    async heartbeatOf(nodeId: string): Promise<Date | undefined> {
      const [row] = await db
        .select({ at: nodeHeartbeats.seenAt })
        .from(nodeHeartbeats)
        .where(eq(nodeHeartbeats.nodeId, nodeId));
      return row?.at;
    },

    async lastHeartbeat(): Promise<Date | undefined> {
      const [row] = await db.select({ at: sql<string>`max(${nodeHeartbeats.seenAt})` }).from(nodeHeartbeats);
      return row?.at ? new Date(row.at) : undefined;
    },
  };
}

export type GamesRepo = ReturnType<typeof createGamesRepo>;
export type { EloDeltas };
