/**
 * The server's chess clock, pure: every function takes `now` (epoch ms) and returns a new state.
 * Clocks start once both sides have made their first move (as on lichess); until then a first-move
 * deadline applies instead. Increment is added after each timed move.
 */

export type Color = "w" | "b";
export const other = (c: Color): Color => (c === "w" ? "b" : "w");

export interface ByColor<T> {
  w: T;
  b: T;
}

export interface ClockState {
  /** Remaining ms of each side as of `runningSince` (the mover's clock runs from then). */
  remaining: ByColor<number>;
  turn: Color;
  /** When the side to move started thinking; null while the clock is not yet running. */
  runningSince: number | null;
  incrementMs: number;
  /** lag compensation left to each side (ms). */
  lagQuota: ByColor<number>;
  /** quota regained per move (ms). */
  lagGain: number;
}

/** lichess LagTracker figures: gain = min(1 s, 0.15 s + 0.004 × estimated duration); start 3×, cap 7×. */
export function lagGainMs(baseMs: number, incrementMs: number): number {
  const estimatedSeconds = baseMs / 1000 + (40 * incrementMs) / 1000;
  return Math.min(1000, 150 + 4 * estimatedSeconds);
}

export function newClock(baseMs: number, incrementMs: number): ClockState {
  const gain = lagGainMs(baseMs, incrementMs);
  return {
    remaining: { w: baseMs, b: baseMs },
    turn: "w",
    runningSince: null,
    incrementMs,
    lagQuota: { w: 3 * gain, b: 3 * gain },
    lagGain: gain,
  };
}

/** Time left of both sides at `now` (the mover's may be negative once flagged). */
export function timeLeft(clock: ClockState, now: number): ByColor<number> {
  const { w, b } = clock.remaining;
  if (clock.runningSince === null) return { w, b };
  const elapsed = Math.max(0, now - clock.runningSince);
  return clock.turn === "w" ? { w: w - elapsed, b } : { w, b: b - elapsed };
}

/** Epoch ms at which the side to move runs out, or null while the clock is not running. */
export function flagAt(clock: ClockState): number | null {
  return clock.runningSince === null ? null : clock.runningSince + clock.remaining[clock.turn];
}

export type MoveClockResult = { ok: true; clock: ClockState; lagCreditMs: number } | { ok: false; flagged: Color };

/**
 * Charges the mover for the time since their turn began (less a bounded lag credit), adds increment,
 * and hands the turn over. `startRunning` starts the clock when this move is the second of the game.
 * Every move runs this: the new state is built field by field, as spreads with a computed key cost V8
 * twenty times as much (0.7 µs against 30 ns).
 */
export function applyMoveToClock(
  clock: ClockState,
  now: number,
  opts: { reportedLagMs?: number; startRunning: boolean },
): MoveClockResult {
  const mover = clock.turn;
  let { w, b } = clock.remaining;
  let { w: quotaW, b: quotaB } = clock.lagQuota;
  let lagCreditMs = 0;
  if (clock.runningSince !== null) {
    const left = mover === "w" ? w : b;
    const quota = mover === "w" ? quotaW : quotaB;
    const reported = Math.max(0, Math.min(opts.reportedLagMs ?? 0, 5_000));
    lagCreditMs = Math.min(reported, quota);
    const elapsed = Math.max(0, now - clock.runningSince);
    const charged = Math.max(0, elapsed - lagCreditMs);
    if (charged >= left) return { ok: false, flagged: mover };
    const nextLeft = left - charged + clock.incrementMs;
    const nextQuota = Math.min(quota - lagCreditMs + clock.lagGain, 7 * clock.lagGain);
    if (mover === "w") {
      w = nextLeft;
      quotaW = nextQuota;
    } else {
      b = nextLeft;
      quotaB = nextQuota;
    }
  }
  const running = clock.runningSince !== null || opts.startRunning;
  return {
    ok: true,
    lagCreditMs,
    clock: {
      remaining: { w, b },
      turn: other(mover),
      runningSince: running ? now : null,
      incrementMs: clock.incrementMs,
      lagQuota: { w: quotaW, b: quotaB },
      lagGain: clock.lagGain,
    },
  };
}

/** Adds time to both sides (e.g. credit after our own restart) and restarts the mover's turn at `now`. */
export function creditClock(clock: ClockState, now: number, credit: ByColor<number>): ClockState {
  const left = timeLeft(clock, now);
  return {
    ...clock,
    remaining: { w: Math.max(0, left.w) + credit.w, b: Math.max(0, left.b) + credit.b },
    runningSince: clock.runningSince === null ? null : now,
  };
}
