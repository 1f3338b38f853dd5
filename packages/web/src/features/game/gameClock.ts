/** Clock display helpers (SPEC §4, §9). Pure. */

/** How often a running clock redraws. */
export const CLOCK_TICK_MS = 100;

/** Below this a clock shows tenths of a second. */
export const TENTHS_BELOW_MS = 10_000;

/**
 * lichess's clock: "4:59", "1:02:03" from an hour up, "0:08.3" under ten seconds (tenths rounded down, so a clock
 * never shows time already gone), "0:00.0" once the time is up. SPEC §9 asks for minutes and seconds and a zero
 * clock when negative; the letters of "4m 59s" made it hard to read at a glance.
 */
export function formatClock(ms: number): string {
  if (!Number.isFinite(ms) || ms <= 0) return "0:00.0";
  if (ms < TENTHS_BELOW_MS) return `0:0${(Math.floor(ms / 100) / 10).toFixed(1)}`;
  const totalSeconds = Math.floor(ms / 1000);
  const seconds = two(totalSeconds % 60);
  const minutes = Math.floor(totalSeconds / 60);
  if (minutes < 60) return `${minutes}:${seconds}`;
  return `${Math.floor(minutes / 60)}:${two(minutes % 60)}:${seconds}`;
}

function two(n: number): string {
  return String(n).padStart(2, "0");
}

/**
 * Under this a clock of a game with `initialMs` on it runs low: an eighth of the starting time, at least
 * 10 s and at most 60 s (10 s in a 1+0, 37.5 s in a 5+0, a minute from 8+0 up).
 */
export function lowTimeMs(initialMs: number): number {
  return Math.min(60_000, Math.max(10_000, initialMs / 8));
}

/**
 * Whether the low-time warning sounds now: the clock went under the threshold since the last look. `armed`
 * is false once it has sounded, and true again when an increment lifts the clock well above the line.
 */
export function lowTimeWarning(armed: boolean, timeMs: number, thresholdMs: number): { warn: boolean; armed: boolean } {
  if (timeMs <= 0) return { warn: false, armed };
  if (timeMs < thresholdMs) return { warn: armed, armed: false };
  return { warn: false, armed: armed || timeMs > thresholdMs * 1.25 };
}

/** Whole seconds left until `deadline` (never negative), e.g. for "Make your first move: 12s". */
export function secondsUntil(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}
