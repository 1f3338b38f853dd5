import { z } from "zod";
import type { TimeClass } from "../domain/timeControl.ts";
import { VARIANTS } from "../domain/variant.ts";

export const HISTORY_PAGE = 10;

const variant = z.enum(VARIANTS, { error: "gameVariant must be standard, jumpstart or fun" }).default("standard");

/** GET /history/list/{username}?limit&gameVariant&pageNo */
export const historyListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(HISTORY_PAGE),
  gameVariant: variant,
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
});
export const gameVariantQuery = z.object({ gameVariant: variant });
export const usernameParams = z.object({ username: z.string().trim().min(1).max(64) });

/** One game from the viewed player's side (SPEC §3): username1 is that player. */
export interface HistoryRow {
  gameId: string;
  username1: string;
  username2: string;
  player1Color: "white" | "black";
  player2Color: "white" | "black";
  timeVariant: TimeClass;
  /** The clock (an addition): minutes each, and seconds added per move; meaningless when `untimed`. */
  baseTime: number;
  increment: number;
  /** true for a game played without a clock (against the computer): shown as "Unlimited". */
  untimed?: boolean;
  /** A daily game (`timeVariant` "daily"): its days per move (baseTime is then the allowance in minutes). */
  daysPerMove?: number;
  /** true: username1 won; false: lost; null: draw. */
  result: boolean | null;
  /** SAN, space-separated. */
  moves: string;
  initialFen: string;
  rated: boolean;
  /** Rating change of username1 (null when unrated). */
  eloChange: number | null;
  endedAt: number | null;
  reason: string | null;
  /** An arena game: its tournament (links to /tournaments/:id). */
  tournament?: { id: string; name: string };
}

/** GET /history/stats/{username} rows, one per time variant. */
export interface Statistic {
  timeVariant: TimeClass;
  eloPoints: number;
  gamesWon: number;
  gamesPlayed: number;
  /** A fraction, 0..1. */
  winrate: number;
}

/**
 * GET /history/ratings/{username}: rating after each rated game, per time variant, and the change that game
 * made (so the first game's rating before it is `elo - change`).
 */
export type RatingHistory = Record<TimeClass, Array<{ t: number; elo: number; change: number }>>;

export const HISTORY_ERROR = (status: number) => `Cannot retrieve history, error returned: ${status}`;
