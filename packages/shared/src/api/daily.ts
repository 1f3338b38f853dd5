import { z } from "zod";
import type { EndReason, WinningColor } from "../chess/gameEnd.ts";
import type { ByColor, Color } from "../domain/clock.ts";
import { CONDITIONAL_LIMITS, DAYS_PER_MOVE, type DaysPerMove, parseDaysPerMove } from "../domain/daily.ts";
import type { EloDeltas } from "../domain/rating.ts";
import { COLOR_CHOICES, type ColorChoice, VARIANTS, type Variant } from "../domain/variant.ts";
import type { GameStatus } from "../protocol/game.ts";

/** Days per move: one of 1, 2, 3, 5, 7, 10, 14; any other number is refused with the allowances offered. */
export const daysPerMoveInput = z
  .number({ error: `days must be a number of days per move: ${DAYS_PER_MOVE.join(", ")}` })
  .superRefine((value, ctx) => {
    const parsed = parseDaysPerMove(value);
    if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.message });
  })
  .transform((value) => value as DaysPerMove)
  .describe(`days per move: ${DAYS_PER_MOVE.join(", ")}`);

/** POST /daily/offers: a daily game offered to anyone, in the lobby's daily list. */
export const dailyOfferBody = z.object({
  days: daysPerMoveInput,
  variant: z.enum(VARIANTS).default("standard"),
  color: z.enum(COLOR_CHOICES).default("random"),
  rated: z.boolean().default(true),
});
export type DailyOfferBody = z.infer<typeof dailyOfferBody>;

/** POST /daily/challenges: the same, to one friend (who need not be online). */
export const dailyChallengeBody = dailyOfferBody.extend({
  friendName: z
    .string({ error: "friendName is required" })
    .trim()
    .min(1, "friendName is required")
    .max(64, "No player with that username"),
});

/** `:offerId` in a path. */
export const dailyOfferParams = z.object({ offerId: z.string().min(1).max(64) });

/** POST /daily/rematch: a new daily game with the opponent of a finished one, colours swapped. */
export const dailyRematchBody = z.object({ gameId: z.string().min(1).max(64) });

/**
 * PUT /daily/game/{gameId}/conditionals: the caller's conditional lines, all of them (an empty list clears
 * them). Each line is UCI plies, the opponent's expected move first, then the caller's answer, and so on.
 * The limits (30 lines of 30 plies) are checked with the position, and named in the refusal.
 */
export const dailyConditionalsBody = z.object({
  lines: z
    .array(z.array(z.string().max(8)).max(CONDITIONAL_LIMITS.plies * 4), { error: "lines must be a list of lines" })
    .max(CONDITIONAL_LIMITS.lines * 4),
});

/** An open daily offer or challenge, as lists show it. */
export interface DailyOffer {
  offerId: string;
  /** Who offers it, and their daily rating in its variant. */
  by: string;
  rating: number;
  days: DaysPerMove;
  variant: Variant;
  /** The creator's colour choice. */
  color: ColorChoice;
  rated: boolean;
  /** A challenge: the one player who may accept it. */
  to?: string;
  /** A rematch: the game it follows. */
  rematchOf?: string;
  createdAt: number;
}

/** GET /daily/challenges: the challenges waiting for the caller, and the caller's own. */
export interface DailyChallenges {
  received: DailyOffer[];
  sent: DailyOffer[];
}

/** A daily game as a player or a spectator sees it (GET /daily/game/{gameId}, `followDaily`, `dailyGame`). */
export interface DailyGame {
  gameId: string;
  white: string;
  black: string;
  /** The caller's side, or null for a spectator. */
  color: Color | null;
  variant: Variant;
  rated: boolean;
  days: DaysPerMove;
  initialFen: string;
  /** A jumpstart game: its dealt position's evaluation when it was dealt, in pawns from White's side. */
  startEval?: number;
  fen: string;
  /** Moves so far, in SAN. */
  moves: string[];
  /** The last move, in UCI, or null. */
  lastMove: string | null;
  ply: number;
  currentTurn: Color;
  status: GameStatus;
  /** When the side to move runs out (epoch ms, server clock); null while paused by a vacation or over. */
  deadline: number | null;
  /** While paused: what the side to move has left (ms). */
  pausedLeftMs: number | null;
  /** What the side to move has left now (ms). */
  timeLeftMs: number;
  /** Which players are on vacation now (shown to the opponent). */
  onVacation: ByColor<boolean>;
  drawOfferBy: Color | null;
  /** Each side's rating change on a win, draw or loss (rated games). */
  eloDeltas: ByColor<EloDeltas>;
  /** A club match game: never aborted; resigning (or never moving) before both sides moved loses it. */
  clubMatch?: boolean;
  /** To a player: their own conditional lines (UCI), each starting with the opponent's expected move. */
  conditionals?: string[][];
  winningColor?: WinningColor | "none";
  reason?: EndReason;
  serverTime: number;
}

/** One of the caller's daily games in progress, as "your turn" lists it. */
export interface DailyGameEntry {
  gameId: string;
  opponent: string;
  color: Color;
  variant: Variant;
  days: DaysPerMove;
  fen: string;
  ply: number;
  /** The last move in SAN, e.g. "Nf3", or null before the first. */
  lastMove: string | null;
  myTurn: boolean;
  /** What the side to move has left (ms); frozen while paused. */
  timeLeftMs: number;
  deadline: number | null;
  paused: boolean;
  opponentOnVacation: boolean;
}

/** GET /daily/games: the caller's daily games in progress, those where it is their turn first (least time left first). */
export interface DailyGames {
  games: DailyGameEntry[];
  /** How many wait for the caller's move (the navigation's count). */
  yourTurn: number;
}

/** GET/POST/DELETE /daily/vacation: the caller's vacation allowance and whether they are on vacation. */
export interface DailyVacation {
  /** What would be left if the vacation ended now (at least a day is used each time), ms. */
  balanceMs: number;
  onVacation: boolean;
  since: number | null;
  /** While on vacation: when it runs out at the latest. */
  runsOutAt: number | null;
}
