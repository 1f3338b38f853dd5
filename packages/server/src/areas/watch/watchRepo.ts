import type { ClockState } from "@chess/shared";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../storage/db.ts";
import { gameMoveClock, gameMoves, games, isLiveGame, ratings } from "../../storage/schema.ts";
import { type MoveClock, withMoveClock } from "../games/index.ts";

/** A live game as the Watch list ranks it (no position: that is read for the games shown only). */
export interface LiveGameRow {
  id: string;
  variant: string;
  timeClass: string;
  baseMs: number;
  incrementMs: number;
  untimed: boolean;
  rated: boolean;
  initialFen: string;
  clock: ClockState;
  whiteName: string;
  blackName: string;
  whiteUserId: number | null;
  blackUserId: number | null;
  /** The rating at the start of a rated game, else the account's current one (null for a guest or none yet). */
  whiteElo: number | null;
  blackElo: number | null;
  createdAt: Date;
  /** The clock as the game's writer last stored it with the round's state (games/roundState.ts), and at which ply. */
  stateClock: { atPly: number; clock: ClockState } | null;
}

/** Where a live game stands: its last move (none before the first). */
export interface LivePosition {
  gameId: string;
  ply: number;
  fen: string;
  uci: string;
  /** The clock after the move, as the row holds it (games/moveClock.ts). */
  clock: MoveClock;
}

const whiteRating = alias(ratings, "white_rating");
const blackRating = alias(ratings, "black_rating");

/** Reads of the live games (`isLiveGame`: active, not daily), whichever node plays them. */
export function createWatchRepo(db: Db) {
  return {
    async liveGames(): Promise<LiveGameRow[]> {
      const rows = await db
        .select({
          id: games.id,
          variant: games.variant,
          timeClass: games.timeClass,
          baseMs: games.baseMs,
          incrementMs: games.incrementMs,
          untimed: games.untimed,
          rated: games.rated,
          initialFen: games.initialFen,
          clock: games.clock,
          whiteName: games.whiteName,
          blackName: games.blackName,
          whiteUserId: games.whiteUserId,
          blackUserId: games.blackUserId,
          whiteElo: games.whiteElo,
          blackElo: games.blackElo,
          whiteCurrent: whiteRating.elo,
          blackCurrent: blackRating.elo,
          createdAt: games.createdAt,
          roundState: games.roundState,
        })
        .from(games)
        .leftJoin(
          whiteRating,
          and(
            eq(whiteRating.userId, games.whiteUserId),
            eq(whiteRating.variant, games.variant),
            eq(whiteRating.timeClass, games.timeClass),
          ),
        )
        .leftJoin(
          blackRating,
          and(
            eq(blackRating.userId, games.blackUserId),
            eq(blackRating.variant, games.variant),
            eq(blackRating.timeClass, games.timeClass),
          ),
        )
        .where(isLiveGame);
      return rows.map(({ whiteCurrent, blackCurrent, roundState, ...r }) => ({
        ...r,
        whiteElo: r.whiteElo ?? whiteCurrent,
        blackElo: r.blackElo ?? blackCurrent,
        stateClock: roundState?.clock ? { atPly: roundState.atPly, clock: roundState.clock } : null,
      }));
    },

    /** The last move of each of these games (games without a move yet are left out). */
    async positions(gameIds: string[]): Promise<LivePosition[]> {
      if (gameIds.length === 0) return [];
      return db
        .selectDistinctOn([gameMoves.gameId], {
          gameId: gameMoves.gameId,
          ply: gameMoves.ply,
          fen: gameMoves.fen,
          uci: gameMoves.uci,
          ...gameMoveClock,
        })
        .from(gameMoves)
        .where(inArray(gameMoves.gameId, gameIds))
        .orderBy(asc(gameMoves.gameId), desc(gameMoves.ply))
        .then((rows) => rows.map(withMoveClock));
    },
  };
}

export type WatchRepo = ReturnType<typeof createWatchRepo>;
