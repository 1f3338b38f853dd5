import type { ClockState, Color } from "@chess/shared";

/**
 * A clock as a move row stores it: what changes from move to move, in whole milliseconds. The rest of a clock
 * (increment, lag gain) is the game's, and whose turn it is follows from the position.
 */
export interface MoveClock {
  whiteMs: number;
  blackMs: number;
  lagW: number;
  lagB: number;
  runningSince: number | null;
}

export function moveClockOf(clock: ClockState): MoveClock {
  return {
    whiteMs: Math.round(clock.remaining.w),
    blackMs: Math.round(clock.remaining.b),
    lagW: Math.round(clock.lagQuota.w),
    lagB: Math.round(clock.lagQuota.b),
    runningSince: clock.runningSince === null ? null : Math.round(clock.runningSince),
  };
}

/** The clock stored with a move, completed by the game's own (`game`: its clock at any point) and the turn. */
export function clockOfMove(stored: MoveClock, game: ClockState, turn: Color): ClockState {
  return {
    remaining: { w: stored.whiteMs, b: stored.blackMs },
    turn,
    runningSince: stored.runningSince,
    incrementMs: game.incrementMs,
    lagQuota: { w: stored.lagW, b: stored.lagB },
    lagGain: game.lagGain,
  };
}

/** A row selected with the clock columns (storage/schema.ts `gameMoveClock`), its clock as one value. */
export function withMoveClock<R extends MoveClock>(row: R): Omit<R, keyof MoveClock> & { clock: MoveClock } {
  const { whiteMs, blackMs, lagW, lagB, runningSince, ...rest } = row;
  return { ...rest, clock: { whiteMs, blackMs, lagW, lagB, runningSince } };
}

/** Whose turn it is in a FEN position. */
export function turnOfFen(fen: string): Color {
  return fen.split(" ")[1] === "b" ? "b" : "w";
}
