/**
 * Daily (correspondence) games: days per move, the allowance full again after each move (lichess and
 * chess.com alike). Pure: every function takes `now` (epoch ms) and returns a new value.
 */

/** The allowances both sites offer, in days per move. */
export const DAYS_PER_MOVE = [1, 2, 3, 5, 7, 10, 14] as const;
export type DaysPerMove = (typeof DAYS_PER_MOVE)[number];

/** What a new daily offer starts with (chess.com's default). */
export const DEFAULT_DAYS_PER_MOVE: DaysPerMove = 3;

export const DAY_MS = 86_400_000;

/** The time class of every daily game, rated apart from the live ones. */
export const DAILY_TIME_CLASS = "daily";
export type DailyTimeClass = typeof DAILY_TIME_CLASS;

/** Conditional moves (lichess's forecast limits): lines per player, plies per line. */
export const CONDITIONAL_LIMITS = { lines: 30, plies: 30 } as const;

/** A refused daily command, as a value: `code` for programs, `message` for players. */
export interface DailyRefusal {
  ok: false;
  code: string;
  message: string;
}

export const dailyRefusal = (code: string, message: string): DailyRefusal => ({ ok: false, code, message });

const DAYS_TEXT = `${DAYS_PER_MOVE.slice(0, -1).join(", ")} or ${DAYS_PER_MOVE.at(-1)}`;

/** `value` as days per move, or why not ("15 days per move is not offered: choose 1, 2, 3, 5, 7, 10 or 14"). */
export function parseDaysPerMove(value: unknown): { ok: true; days: DaysPerMove } | DailyRefusal {
  const days = DAYS_PER_MOVE.find((d) => d === value);
  if (days !== undefined) return { ok: true, days };
  const shown = typeof value === "number" && Number.isFinite(value) ? `${value} days per move is` : "That is";
  return dailyRefusal("bad_days", `${shown} not offered: choose ${DAYS_TEXT} days per move`);
}

/** The time a player has for each move, in ms. */
export const moveAllowanceMs = (days: DaysPerMove): number => days * DAY_MS;

/**
 * A daily game's clock: the side to move's deadline. The other side's time is always its full allowance.
 * Paused while the side to move is on vacation: then there is no deadline, only the time it had left.
 */
export interface DailyClock {
  days: DaysPerMove;
  /** When the side to move runs out (epoch ms), e.g. 1767312000000; null while its player is on vacation. */
  deadline: number | null;
  /** While paused: what the side to move had left when the pause began (ms), e.g. 129600000; else null. */
  pausedLeftMs: number | null;
}

const running = (days: DaysPerMove, deadline: number): DailyClock => ({ days, deadline, pausedLeftMs: null });
const paused = (days: DaysPerMove, left: number): DailyClock => ({ days, deadline: null, pausedLeftMs: left });

/** A new game's clock: White's first move is due one allowance from `now` (paused if White is on vacation). */
export function newDailyClock(days: DaysPerMove, now: number, moverOnVacation = false): DailyClock {
  return moverOnVacation ? paused(days, moveAllowanceMs(days)) : running(days, now + moveAllowanceMs(days));
}

/** After a move at `now`: the full allowance for the next side, paused if its player is on vacation. */
export function dailyClockAfterMove(clock: DailyClock, now: number, nextOnVacation: boolean): DailyClock {
  return newDailyClock(clock.days, now, nextOnVacation);
}

/**
 * The side to move's player goes on vacation at `now`: their time stops. A clock already paused, or whose
 * time already ran out (the sweeper ends that game), is returned unchanged.
 */
export function pauseDailyClock(clock: DailyClock, now: number): DailyClock {
  if (clock.deadline === null || clock.deadline <= now) return clock;
  return paused(clock.days, clock.deadline - now);
}

/** The side to move's player is back at `now`: the deadline is shifted by the time paused. */
export function resumeDailyClock(clock: DailyClock, now: number): DailyClock {
  if (clock.pausedLeftMs === null) return clock;
  return running(clock.days, now + clock.pausedLeftMs);
}

export const isDailyClockPaused = (clock: DailyClock): boolean => clock.deadline === null;

/** What the side to move has left at `now` (ms, never below 0); frozen while paused. */
export function dailyTimeLeft(clock: DailyClock, now: number): number {
  const left = clock.deadline === null ? (clock.pausedLeftMs ?? 0) : clock.deadline - now;
  return Math.max(0, left);
}

const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * Time left as a player reads it, the two largest units, rounded down so it never promises more than there
 * is: "2 days 23 hours", "1 day", "5 hours 12 minutes", "12 minutes", "under a minute", "no time left".
 */
export function formatDailyTimeLeft(ms: number): string {
  if (ms <= 0) return "no time left";
  const minutes = Math.floor(ms / 60_000);
  if (minutes === 0) return "under a minute";
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return hours > 0 ? `${unit(days, "day")} ${unit(hours, "hour")}` : unit(days, "day");
  if (hours > 0) return mins > 0 ? `${unit(hours, "hour")} ${unit(mins, "minute")}` : unit(hours, "hour");
  return unit(mins, "minute");
}

/** A daily time control as offers and game lists show it: "1 day", "3 days". */
export const dailyTimeControlLabel = (days: DaysPerMove): string => unit(days, "day");

/** The PGN tag that carries the days per move; `TimeControl` is "-" as lichess writes correspondence games. */
export const DAYS_PER_MOVE_TAG = "DaysPerMove";

/** The time-control tags of a daily game's PGN: [["TimeControl", "-"], ["DaysPerMove", "3"]]. */
export function dailyPgnTags(days: DaysPerMove): Array<[string, string]> {
  return [
    ["TimeControl", "-"],
    [DAYS_PER_MOVE_TAG, String(days)],
  ];
}

/** The days per move a PGN's tags name (e.g. an imported game), if any and offered. */
export function daysPerMoveOfTags(tags: Readonly<Record<string, string>>): DaysPerMove | undefined {
  const value = tags[DAYS_PER_MOVE_TAG];
  if (value === undefined || !/^\d+$/.test(value)) return undefined;
  const parsed = parseDaysPerMove(Number(value));
  return parsed.ok ? parsed.days : undefined;
}

/** A game in a "your turn" list. */
export interface TurnEntry {
  gameId: string;
  timeLeftMs: number;
}

/** "Your turn" order: least time left first, then by game id so equal times keep one order. */
export function byTimeLeft(a: TurnEntry, b: TurnEntry): number {
  return a.timeLeftMs - b.timeLeftMs || (a.gameId < b.gameId ? -1 : a.gameId > b.gameId ? 1 : 0);
}
