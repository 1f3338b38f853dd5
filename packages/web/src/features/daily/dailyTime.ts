import type { DailyGameEntry } from "@chess/shared";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** What a game's side to move has left at `now` (ms, never below 0): frozen while paused. */
export function timeLeftAt(game: Pick<DailyGameEntry, "deadline" | "timeLeftMs">, now: number): number {
  return Math.max(0, game.deadline === null ? game.timeLeftMs : game.deadline - now);
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * A daily clock in days and hours, as correspondence sites show it: "3 days 4 hours", "1 day", "5 hours
 * 12 minutes", "12 minutes", "under a minute", "no time left". Rounded down: it never promises more time.
 */
export function formatTimeLeft(ms: number): string {
  if (ms <= 0) return "no time left";
  const days = Math.floor(ms / DAY);
  const hours = Math.floor((ms % DAY) / HOUR);
  const minutes = Math.floor((ms % HOUR) / MINUTE);
  if (days > 0) return hours > 0 ? `${plural(days, "day")} ${plural(hours, "hour")}` : plural(days, "day");
  if (hours > 0) return minutes > 0 ? `${plural(hours, "hour")} ${plural(minutes, "minute")}` : plural(hours, "hour");
  if (minutes > 0) return plural(minutes, "minute");
  return "under a minute";
}

/** Little time is left: under a fifth of the allowance, or under 2 hours. */
export const isLowTime = (ms: number, days: number) => ms < Math.max(2 * HOUR, (days * DAY) / 5);

/**
 * "Your turn" order: games waiting for my move first, least time left first; then the opponents' turns, least
 * time left first; a paused game after the running ones of its group; ties by game id, so the list holds still.
 */
export function sortByTimeLeft<T extends DailyGameEntry>(games: readonly T[], now: number): T[] {
  return [...games].sort(
    (a, b) =>
      Number(b.myTurn) - Number(a.myTurn) ||
      Number(a.paused) - Number(b.paused) ||
      timeLeftAt(a, now) - timeLeftAt(b, now) ||
      a.gameId.localeCompare(b.gameId),
  );
}

/** The next game where it is my turn after `gameId` (the one with least time left), if any. */
export function nextMyTurn(games: readonly DailyGameEntry[], gameId: string, now: number): DailyGameEntry | undefined {
  return sortByTimeLeft(
    games.filter((g) => g.myTurn && g.gameId !== gameId),
    now,
  )[0];
}

/** Under this a waiting game is named as urgent in the summary. */
export const URGENT_MS = 2 * HOUR;

/**
 * The app's daily summary: "3 daily games wait for your move, 1 under 2 hours", or undefined when none waits.
 */
export function dailySummary(games: readonly DailyGameEntry[], now: number): string | undefined {
  const mine = games.filter((g) => g.myTurn && !g.paused);
  if (mine.length === 0) return undefined;
  const urgent = mine.filter((g) => timeLeftAt(g, now) < URGENT_MS).length;
  const head = `${plural(mine.length, "daily game")} ${mine.length === 1 ? "waits" : "wait"} for your move`;
  return urgent > 0 ? `${head}, ${urgent} under 2 hours` : head;
}

/**
 * The last move with its number, from the plies played: "12. Nf3", "12… Nf6", or "No move yet" (a position
 * with Black to move first is numbered as if White had moved).
 */
export function lastMoveText(ply: number, san: string | null): string {
  if (ply === 0 || san === null) return "No move yet";
  const number = Math.ceil(ply / 2);
  return ply % 2 === 1 ? `${number}. ${san}` : `${number}… ${san}`;
}
