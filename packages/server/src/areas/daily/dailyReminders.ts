import {
  byTimeLeft,
  type Color,
  DAY_MS,
  type DailyClock,
  dailyTimeLeft,
  isDailyClockPaused,
  moveAllowanceMs,
  other,
} from "@chess/shared";

/**
 * Reminders for daily games (lichess): "your turn" when a move arrives, one alarm when 80 % of the time for
 * a move is gone, and at most one summary a day of the games waiting for the player.
 */

/** The share of a move's allowance after which the alarm rings (lichess: 80 %). */
export const ALARM_AT = 0.8;
/** Summaries are at most this often. */
export const SUMMARY_EVERY_MS = DAY_MS;

/**
 * Whom to tell of `mover`'s move: the other side, now to move. Nobody when a conditional line of theirs
 * already answered it (its answer is the next move, and that one tells `mover`), or when the game ended.
 */
export function moveNotice(move: { mover: Color; answeredByConditional: boolean; gameOver: boolean }): Color | null {
  if (move.answeredByConditional || move.gameOver) return null;
  return other(move.mover);
}

/**
 * When the side to move's alarm rings: once 80 % of the allowance is used (20 % left); the same instant shifted
 * by a vacation, and at once for a player back with less than that left. Null while paused.
 */
export function alarmAt(clock: DailyClock): number | null {
  if (clock.deadline === null) return null;
  return clock.deadline - Math.round((1 - ALARM_AT) * moveAllowanceMs(clock.days));
}

/**
 * At `now`, a turn's alarm: not yet, ring, or drop it unrung because the player is looking at the game
 * (lichess). It rings once: either of the last two ends it for the turn.
 */
export function alarmDecision(at: number | null, now: number, watching: boolean): "wait" | "ring" | "drop" {
  if (at === null || now < at) return "wait";
  return watching ? "drop" : "ring";
}

/** One of a player's daily games in progress, for the summary. */
export interface SummaryGame {
  gameId: string;
  opponent: string;
  clock: DailyClock;
  myTurn: boolean;
}

export interface SummaryEntry {
  gameId: string;
  opponent: string;
  timeLeftMs: number;
  /** The player is on vacation: the time is stopped. */
  paused: boolean;
}

/** The games waiting for the player at `now`, least time left first; null when none (no summary then). */
export function dailySummary(games: readonly SummaryGame[], now: number): SummaryEntry[] | null {
  const waiting = games
    .filter((g) => g.myTurn)
    .map((g) => ({
      gameId: g.gameId,
      opponent: g.opponent,
      timeLeftMs: dailyTimeLeft(g.clock, now),
      paused: isDailyClockPaused(g.clock),
    }))
    .sort(byTimeLeft);
  return waiting.length > 0 ? waiting : null;
}

/** Whether a player who asked for summaries is due one at `now` (the last one a day ago or more). */
export function summaryDue(optedIn: boolean, lastSentAt: number | null, now: number): boolean {
  return optedIn && (lastSentAt === null || now - lastSentAt >= SUMMARY_EVERY_MS);
}
