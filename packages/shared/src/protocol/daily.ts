import { z } from "zod";
import type { EndReason, WinningColor } from "../chess/gameEnd.ts";
import type { ByColor, Color } from "../domain/clock.ts";
import { moveInput, type PlayedMove } from "./game.ts";

const gameId = z.string().min(1).max(64);

/**
 * dailyMove {gameId, move, ply?}: a move in a daily game. With `ply` (the plies played before it) only that
 * ply is accepted: two moves sent for one position, from two tabs or to two servers, play once.
 */
export const dailyMovePayload = z.object({
  gameId,
  move: moveInput,
  ply: z.number().int().min(0).max(10_000).optional(),
});
export type DailyMovePayload = z.infer<typeof dailyMovePayload>;

/** dailyResign, dailyOfferDraw, dailyDeclineDraw, followDaily, unfollowDaily: the game. */
export const dailyGamePayload = z.object({ gameId });

/** dailyMoved: to the game's followers and both players, after each move (and each conditional answer). */
export interface DailyMoved {
  gameId: string;
  move: PlayedMove;
  /** The move in UCI. */
  uci: string;
  fen: string;
  ply: number;
  currentTurn: Color;
  /** The next side's deadline (epoch ms), or null while its player is on vacation. */
  deadline: number | null;
  pausedLeftMs: number | null;
  /** The server played this move from the mover's conditional lines. */
  conditional: boolean;
  serverTime: number;
}

/** dailyOver: the game ended (mate, a draw, resignation, time-out, or aborted before both moved). */
export interface DailyOver {
  gameId: string;
  winningColor: WinningColor | "none";
  reason: EndReason;
  /** The winner's name, "draw", or "none" for an aborted game. */
  winner: string;
  fen: string;
  eloChange: ByColor<number>;
}

/** dailyClock: a game's clock paused or resumed by a vacation (no move was made). */
export interface DailyClockChanged {
  gameId: string;
  deadline: number | null;
  pausedLeftMs: number | null;
  onVacation: ByColor<boolean>;
  serverTime: number;
}

/** dailyDrawOffered: to the opponent of the player offering a draw. */
export interface DailyDrawOffered {
  gameId: string;
  by: string;
}

/**
 * dailyReminder: in-app notice to a player. `yourTurn` when the opponent moved (never for a move a conditional
 * line of theirs answered), `alarm` once 80 % of the time for a move is gone.
 */
export interface DailyReminder {
  kind: "yourTurn" | "alarm";
  gameId: string;
  opponent: string;
  timeLeftMs: number;
}

/** dailyOfferRemoved: an offer or challenge was taken, withdrawn or declined. */
export interface DailyOfferRemoved {
  offerId: string;
}
