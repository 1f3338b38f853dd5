import { describe, expect, it } from "vitest";
import type { AnalysisEntry, Score } from "./evaluation.ts";
import { entryWinPercent, judgeEntries, judgeMove, judgeScores } from "./judgement.ts";

// Expected values follow lila's Advice.scala rule, worked out by hand from the winning-chances curve
// 2 / (1 + exp(-0.00368208 × cp)) − 1: a drop of 0.1 / 0.2 / 0.3 is an inaccuracy / mistake / blunder.
describe("judgeScores: centipawns on both sides", () => {
  it.each([
    // [before, after, mover, judgement, why]
    [{ cp: 0 }, { cp: -54 }, "w", null, "drop 0.099"],
    [{ cp: 0 }, { cp: -55 }, "w", "inaccuracy", "drop 0.101"],
    [{ cp: 0 }, { cp: -110 }, "w", "inaccuracy", "drop 0.1998"],
    [{ cp: 0 }, { cp: -111 }, "w", "mistake", "drop 0.2016"],
    [{ cp: 0 }, { cp: -168 }, "w", "mistake", "drop 0.2998"],
    [{ cp: 0 }, { cp: -170 }, "w", "blunder", "drop 0.303"],
    [{ cp: 300 }, { cp: 100 }, "w", "blunder", "two pawns near equality"],
    [{ cp: -100 }, { cp: -300 }, "w", "blunder", "the same drop, already worse"],
    [{ cp: -300 }, { cp: -100 }, "b", "blunder", "Black's drop is White's gain"],
    [{ cp: 0 }, { cp: -170 }, "b", null, "Black gained"],
    [{ cp: 100 }, { cp: -20 }, "w", "mistake", "drop 0.219"],
    // cp is not ceiled at ±1000 for the judgement (lila tree/Advice.scala uses the raw centipawns).
    [{ cp: 2000 }, { cp: 700 }, "w", "inaccuracy", "drop 0.140 from a won position"],
    [{ cp: 1200 }, { cp: 600 }, "w", "inaccuracy", "drop 0.174"],
    [{ cp: 5000 }, { cp: 3000 }, "w", null, "still winning"],
  ] as Array<[Score, Score, "w" | "b", string | null, string]>)("%j → %j by %s: %s (%s)", (before, after, mover, j) => {
    expect(judgeScores(before, after, mover)).toBe(j);
  });
});

describe("judgeScores: mates", () => {
  it.each([
    [{ cp: 50 }, { mate: -3 }, "w", "blunder", "allows a forced mate from equality"],
    [{ cp: -750 }, { mate: -3 }, "w", "mistake", "allows mate when already lost by 7+ pawns"],
    [{ cp: -1200 }, { mate: -3 }, "w", "inaccuracy", "allows mate when lost by 10+ pawns"],
    [{ cp: -50 }, { mate: 2 }, "b", "blunder", "Black allows White's mate"],
    [{ mate: 2 }, { cp: 300 }, "w", "blunder", "misses its own mate"],
    [{ mate: 2 }, { cp: 800 }, "w", "mistake", "misses mate but stays 8 pawns up"],
    [{ mate: 2 }, { cp: 1500 }, "w", "inaccuracy", "misses mate but stays 15 pawns up"],
    [{ mate: 2 }, { mate: -4 }, "w", "blunder", "from mating to being mated"],
    [{ mate: -2 }, { cp: -1500 }, "b", "inaccuracy", "Black misses its mate, still winning"],
    [{ mate: 2 }, { mate: 5 }, "w", null, "a slower mate is not judged"],
    [{ mate: -5 }, { mate: -2 }, "w", null, "a faster loss while already mated is not judged"],
    [{ cp: 100 }, { mate: 4 }, "w", null, "finding a mate"],
  ] as Array<[Score, Score, "w" | "b", string | null, string]>)("%j → %j by %s: %s (%s)", (before, after, mover, j) => {
    expect(judgeScores(before, after, mover)).toBe(j);
  });
});

describe("judgeMove", () => {
  const before: AnalysisEntry = { eval: 0, turn: "w", moves: ["g1f3", "g8f6"] };
  const worse: AnalysisEntry = { eval: -200, turn: "b", moves: ["d8h4"] };
  it("judges a move that was not the engine's first choice", () => {
    expect(judgeMove(before, worse, "f2f3")).toBe("blunder");
  });
  it("never judges the engine's first choice, whatever the evals say", () => {
    expect(judgeMove(before, worse, "g1f3")).toBeNull();
  });
  it("never judges a move that gives checkmate", () => {
    const mateIn1: AnalysisEntry = { eval: "#1", turn: "w", moves: ["h5f7"] };
    expect(judgeMove(mateIn1, { eval: 10_000, turn: "b", moves: [] }, "h5f8")).toBeNull();
  });
  it("judges a stalemate that throws a win away", () => {
    const won: AnalysisEntry = { eval: 900, turn: "w", moves: ["a7a8q"] };
    expect(judgeMove(won, { eval: 0, turn: "b", moves: [] }, "g6g7")).toBe("blunder");
  });
});

describe("judgeEntries", () => {
  // 1. f3 e5 2. g4 Qh4#: stored entries as the server keeps them (no judgement or Win% stored).
  const stored: AnalysisEntry[] = [
    { eval: 30, turn: "w", moves: ["e2e4", "e7e5"] },
    { eval: -40, turn: "b", moves: ["e7e5", "e2e4"] },
    { eval: -70, turn: "w", moves: ["e2e4", "d7d5"] },
    { eval: "#-1", turn: "b", moves: ["d8h4"] },
    { eval: -10_000, turn: "w", moves: [] },
  ];
  const judged = judgeEntries(stored, ["f2f3", "e7e5", "g2g4", "d8h4"]);

  it("adds Win% to every entry and a judgement after every move", () => {
    expect(judged.map((e) => e.judgement)).toEqual([null, "inaccuracy", null, "blunder", null]);
    expect(judged.map((e) => e.winPercent)).toEqual([52.8, 46.3, 43.6, 2.5, 2.5]);
    expect(judged[3]).toMatchObject({ eval: "#-1", turn: "b", moves: ["d8h4"] });
  });

  it("judges the first move from lichess's opening score (+0.15), not from the search of the start", () => {
    // Searched +0.60 → −0.20 would drop 0.147 (an inaccuracy); from +0.15 it drops 0.064: no mark.
    const searched: AnalysisEntry[] = [
      { eval: 60, turn: "w", moves: ["d2d4"] },
      { eval: -20, turn: "b", moves: ["e7e5"] },
      { eval: -150, turn: "w", moves: ["d2d4"] },
    ];
    const marks = judgeEntries(searched, ["g2g4", "d7d6"]).map((e) => e.judgement);
    // The second move is judged from the first move's search: −0.20 → −1.50 gains for Black, no mark.
    expect(marks).toEqual([null, null, null]);
    // From +0.15 to −0.45 the first move drops 0.110: an inaccuracy all the same.
    const worse = judgeEntries(
      [
        { eval: 60, turn: "w", moves: ["d2d4"] },
        { eval: -45, turn: "b", moves: [] },
      ],
      ["g2g4"],
    );
    expect(worse[1]?.judgement).toBe("inaccuracy");
    // The start's eval is still the one shown.
    expect(judgeEntries(searched, ["g2g4", "d7d6"])[0]?.eval).toBe(60);
  });

  it("leaves the move that was the engine's choice unjudged", () => {
    // 1...e5 was the engine's first choice for Black.
    expect(judged[2]?.judgement).toBeNull();
  });

  it("Win% is lichess's: +1.00 → 59.1, +3.00 → 75.1, mates count as ±10 pawns", () => {
    expect(entryWinPercent({ eval: 100, turn: "w", moves: [] })).toBe(59.1);
    expect(entryWinPercent({ eval: 300, turn: "w", moves: [] })).toBe(75.1);
    expect(entryWinPercent({ eval: "#3", turn: "w", moves: [] })).toBe(97.5);
    expect(entryWinPercent({ eval: 0, turn: "w", moves: [] })).toBe(50);
  });
});
