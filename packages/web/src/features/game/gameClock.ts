/** Clock display helpers (SPEC §4, §9). Pure. */

/** How often a running clock redraws. */
export const CLOCK_TICK_MS = 100;

/** "4m 59s"; "0m 0s" once the time is up or negative. */
export function formatClock(ms: number): string {
  if (!Number.isFinite(ms) || ms <= 0) return "0m 0s";
  const totalSeconds = Math.floor(ms / 1000);
  return `${Math.floor(totalSeconds / 60)}m ${totalSeconds % 60}s`;
}

/** Under this a clock is drawn as running low. */
export const LOW_TIME_MS = 20_000;

/** Whole seconds left until `deadline` (never negative), e.g. for "Make your first move: 12s". */
export function secondsUntil(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}
