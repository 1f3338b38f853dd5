import { applyMoveToClock, type ClockState, newClock } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { clockOfMove, moveClockOf, turnOfFen } from "./moveClock.ts";

const game = newClock(180_000, 2_000);
/** The clock after a move at `at`, which must not flag. */
function moved(clock: ClockState, at: number, startRunning: boolean, reportedLagMs?: number): ClockState {
  const out = applyMoveToClock(clock, at, { startRunning, reportedLagMs });
  if (!out.ok) throw new Error("flagged");
  return out.clock;
}
const afterFirst = moved(game, 1_000, false);
const afterSecond = moved(afterFirst, 4_000, true);
const afterThird = moved(afterSecond, 9_500, true, 120);

describe("a move row's clock", () => {
  it.each<[string, ClockState]>([
    ["before the clock runs (after the first move)", afterFirst],
    ["once it runs, white to move", afterSecond],
    ["with lag credited, black to move", afterThird],
    ["after a takeback's credit (running from another time)", { ...afterThird, runningSince: 12_345 }],
  ])("comes back whole %s", (_, clock) => {
    expect(clockOfMove(moveClockOf(clock), game, clock.turn)).toEqual(clock);
  });

  it("keeps whole milliseconds of a clock that a fractional lag report left fractional", () => {
    const clock: ClockState = {
      ...afterThird,
      remaining: { w: 1_000.6, b: 2_000.4 },
      lagQuota: { w: 1.5, b: 2.49 },
    };
    expect(moveClockOf(clock)).toEqual({ whiteMs: 1_001, blackMs: 2_000, lagW: 2, lagB: 2, runningSince: 9_500 });
  });

  it("takes the increment and lag gain from the game's clock, and the turn as given", () => {
    const stored = { whiteMs: 5, blackMs: 6, lagW: 7, lagB: 8, runningSince: null };
    const other = { ...game, incrementMs: 3_000, lagGain: 400 };
    expect(clockOfMove(stored, other, "b")).toEqual({
      remaining: { w: 5, b: 6 },
      turn: "b",
      runningSince: null,
      incrementMs: 3_000,
      lagQuota: { w: 7, b: 8 },
      lagGain: 400,
    });
  });

  it.each([
    ["rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "b"],
    ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "w"],
  ])("reads the side to move of %s", (fen, turn) => {
    expect(turnOfFen(fen)).toBe(turn);
  });
});
