/** Clock display helpers (SPEC §4, §9). Pure. */

/** How often a running clock redraws. */
export const CLOCK_TICK_MS = 100;

/** Below this a clock shows tenths of a second. */
export const TENTHS_BELOW_MS = 10_000;

/** "4m 59s"; "0m 8.3s" under ten seconds; "0m 0s" once the time is up or negative. */
export function formatClock(ms: number): string {
  if (!Number.isFinite(ms) || ms <= 0) return "0m 0s";
  if (ms < TENTHS_BELOW_MS) return `0m ${(Math.floor(ms / 100) / 10).toFixed(1)}s`;
  const totalSeconds = Math.floor(ms / 1000);
  return `${Math.floor(totalSeconds / 60)}m ${totalSeconds % 60}s`;
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
