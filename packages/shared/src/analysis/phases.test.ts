import { describe, expect, it } from "vitest";
import type { Score } from "./evaluation.ts";
import { divideGame, phaseAccuracy, phaseAt } from "./phases.ts";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
// Both sides castled and developed: White's back rank holds R, Q, R, K (4), Black's still 5.
const DEVELOPED = "r2q1rk1/ppp2ppp/2np1n2/2b1p1B1/2B1P1b1/2NP1N2/PPP2PPP/R2Q1RK1 w - - 0 8";
// White has three pieces left on its back rank.
const SPARSE = "r2q1rk1/ppp2ppp/2np1n2/2b1p1B1/2B1P1b1/2NP1N2/PPPQ1PPP/R4RK1 b - - 1 8";
// Eight pieces besides kings and pawns.
const EIGHT = "r4rk1/ppp2ppp/2n5/4p3/2B1P3/2N5/PPP2PPP/R4RK1 w - - 0 15";
// Six: a queen, a rook and a knight each.
const SIX = "3q1rk1/ppp2ppp/2n5/4p3/4P3/2N5/PPP2PPP/3Q1RK1 w - - 0 25";

describe("divideGame (after lichess's divider)", () => {
  it.each([
    [[START, START, DEVELOPED], { middlegame: null, endgame: null }],
    [[START, DEVELOPED, SPARSE, EIGHT, SIX], { middlegame: 2, endgame: 4 }],
    [[START, EIGHT], { middlegame: 1, endgame: null }],
    // Straight from the opening into an endgame: no middlegame.
    [[START, SIX], { middlegame: null, endgame: 1 }],
  ])("%#", (fens, division) => {
    expect(divideGame(fens)).toEqual(division);
  });

  it("gives each position its phase", () => {
    const d = { middlegame: 2, endgame: 4 };
    expect([0, 1, 2, 3, 4, 5].map((i) => phaseAt(d, i))).toEqual([
      "opening",
      "opening",
      "middlegame",
      "middlegame",
      "endgame",
      "endgame",
    ]);
  });
});

describe("phaseAccuracy", () => {
  it("rates each side's moves in the phase they were played from", () => {
    // Four moves: White perfect throughout; Black perfect in the opening, then loses 3 pawns.
    const scores: Score[] = [{ cp: 20 }, { cp: 20 }, { cp: 20 }, { cp: 20 }, { cp: 320 }];
    const acc = phaseAccuracy(scores, { middlegame: 2, endgame: null });
    expect(acc.opening).toEqual({ w: 100, b: 100 });
    expect(acc.middlegame.w).toBe(100);
    expect(acc.middlegame.b).toBeCloseTo(33, 0);
    expect(acc.endgame).toEqual({ w: null, b: null });
  });
});
