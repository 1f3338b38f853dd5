/** Time controls and speed classes (SPEC §9). */

/** The speeds of games played with a clock at one sitting. */
export const LIVE_TIME_CLASSES = ["bullet", "blitz", "rapid", "classical"] as const;
export type LiveTimeClass = (typeof LIVE_TIME_CLASSES)[number];

/**
 * Every class a game is rated in: the live speeds, and "daily" (correspondence, days per move; see
 * domain/daily.ts), rated apart from them.
 */
export const TIME_CLASSES = [...LIVE_TIME_CLASSES, "daily"] as const;
export type TimeClass = (typeof TIME_CLASSES)[number];

export const isLiveTimeClass = (tc: string): tc is LiveTimeClass =>
  (LIVE_TIME_CLASSES as readonly string[]).includes(tc);

/** How a time class is written for players. */
export const TIME_CLASS_LABEL: Record<TimeClass, string> = {
  bullet: "Bullet",
  blitz: "Blitz",
  rapid: "Rapid",
  classical: "Classical",
  daily: "Daily",
};

export interface TimeControl {
  /** Minutes on each clock, e.g. 5 or 0.5. */
  baseTime: number;
  /** Seconds added after each move. */
  increment: number;
}

/** The 12 presets of SPEC §9 in their groups. */
export const PRESETS: Record<LiveTimeClass, readonly TimeControl[]> = {
  bullet: [
    { baseTime: 1, increment: 0 },
    { baseTime: 1, increment: 2 },
    { baseTime: 2, increment: 1 },
  ],
  blitz: [
    { baseTime: 3, increment: 2 },
    { baseTime: 5, increment: 0 },
    { baseTime: 5, increment: 5 },
  ],
  rapid: [
    { baseTime: 10, increment: 0 },
    { baseTime: 10, increment: 5 },
    { baseTime: 15, increment: 10 },
  ],
  classical: [
    { baseTime: 60, increment: 15 },
    { baseTime: 90, increment: 30 },
    { baseTime: 120, increment: 60 },
  ],
};

/** Custom time sliders (SPEC §9). */
export const CUSTOM_TIME = {
  minutes: { min: 0.5, max: 60, step: 0.5, default: 5 },
  increment: { min: 0, max: 30, step: 1, default: 3 },
} as const;

/** Upper bound of a game's base time we accept at all (the largest preset). */
export const MAX_BASE_MINUTES = 180;
export const MAX_INCREMENT_SECONDS = 180;

/** lichess's estimate of a game's duration: base seconds + 40 × increment seconds. */
export function estimatedDurationSeconds(tc: TimeControl): number {
  return tc.baseTime * 60 + 40 * tc.increment;
}

/**
 * Speed class by estimated duration: < 180 s bullet, < 600 s blitz, < 1500 s rapid, else classical.
 * lichess draws the blitz/rapid line at 480 s; ours is at 600 s so that 5+5 (500 s) stays blitz and
 * 10+0 (600 s) is rapid, as the spec groups them.
 */
export function timeClassOf(tc: TimeControl): LiveTimeClass {
  const d = estimatedDurationSeconds(tc);
  if (d < 180) return "bullet";
  if (d < 600) return "blitz";
  if (d < 1500) return "rapid";
  return "classical";
}

/** Under a minute, lichess's fractions: "½+0" rather than "0.5+0". */
const MINUTE_FRACTIONS: Readonly<Record<number, string>> = { 0.25: "¼", 0.5: "½", 0.75: "¾" };

/** "5+3", "½+0", "1.5+0". */
export function formatTimeControl(tc: TimeControl): string {
  return `${MINUTE_FRACTIONS[tc.baseTime] ?? tc.baseTime}+${tc.increment}`;
}

/** How a game without a clock is named (lichess's "Unlimited"); only games against the computer have none. */
export const UNLIMITED_LABEL = "Unlimited";

/** "5+3", or "Unlimited" for a game without a clock. */
export function timeControlLabel(tc: TimeControl & { untimed?: boolean }): string {
  return tc.untimed ? UNLIMITED_LABEL : formatTimeControl(tc);
}
