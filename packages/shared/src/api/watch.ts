import { z } from "zod";
import type { ByColor, Color } from "../domain/clock.ts";
import type { TimeClass } from "../domain/timeControl.ts";
import { VARIANTS, type Variant } from "../domain/variant.ts";

/** Games a list page holds at most, and by default (also the size of the pushed `watchList`). */
export const WATCH_PAGE_MAX = 50;
export const WATCH_PAGE_SIZE = 24;

/**
 * Where a game stands in the Watch order: rated games first (tier 0, by the players' average rating), then
 * games with one account (tier 1, by that player's rating), then guests' games (tier 2); newer games first
 * among equals, and the id last so that the order is total.
 */
export interface WatchRank {
  tier: 0 | 1 | 2;
  score: number;
  startedAt: number;
  gameId: string;
}

const CURSOR = /^([012])\.(\d{1,6})\.(\d{1,15})\.([A-Za-z0-9_-]{1,64})$/;
const CURSOR_MESSAGE = "cursor must be the nextCursor of an earlier answer";

/** The cursor after `rank`: the next page starts with the first game that comes after it. */
export function watchCursorOf(rank: WatchRank): string {
  return `${rank.tier}.${Math.max(0, Math.round(rank.score))}.${rank.startedAt}.${rank.gameId}`;
}

/** A cursor as a rank, or undefined when it is not one that watchCursorOf makes. */
export function parseWatchCursor(cursor: string): WatchRank | undefined {
  const m = CURSOR.exec(cursor);
  if (!m) return undefined;
  return {
    tier: Number(m[1]) as WatchRank["tier"],
    score: Number(m[2]),
    startedAt: Number(m[3]),
    gameId: m[4] as string,
  };
}

const variantFilter = z.enum(VARIANTS, { error: `variant must be one of ${VARIANTS.join(", ")}` });

/** GET /watch/games?variant&limit&cursor: live games, best first (the order of WatchRank). */
export const watchGamesQuery = z.object({
  variant: variantFilter.optional(),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit is at least 1")
    .max(WATCH_PAGE_MAX, `limit is at most ${WATCH_PAGE_MAX}`)
    .default(WATCH_PAGE_SIZE),
  cursor: z
    .string()
    .regex(CURSOR, CURSOR_MESSAGE)
    .transform((c) => parseWatchCursor(c) as WatchRank)
    .optional(),
});
export type WatchGamesQuery = z.infer<typeof watchGamesQuery>;

/** One side of a watched game: an account's rating (at the start for rated games), none for a guest. */
export interface WatchPlayer {
  name: string;
  rating: number | null;
  guest: boolean;
}

/** A live game as the Watch list shows it: players, time control and the current position. */
export interface WatchedGame {
  gameId: string;
  variant: Variant;
  timeClass: TimeClass;
  /** Minutes and seconds, as offers give them. */
  baseTime: number;
  increment: number;
  /** true for a game without a clock (against the computer): then no clock is shown. */
  untimed?: boolean;
  rated: boolean;
  white: WatchPlayer;
  black: WatchPlayer;
  fen: string;
  /** The last move in UCI ("e2e4"), null before the first. */
  lastMove: string | null;
  /** Half-moves played. */
  ply: number;
  turn: Color;
  /** Each side's time at `serverTime` of the list. */
  timeLeft: ByColor<number>;
  /** Whether the side to move's clock runs (clocks start after both first moves). */
  clockRunning: boolean;
  startedAt: number;
}

/** Answer of GET /watch/games and `followWatchList`, and the `watchList` event. */
export interface WatchList {
  /** The variant filter, null for all variants. */
  variant: Variant | null;
  games: WatchedGame[];
  /** Pass as `cursor` for the games after these; null at the end. */
  nextCursor: string | null;
  serverTime: number;
}
