import { describe, expect, it } from "vitest";
import { puzzleRatingChanges } from "../domain/puzzleRating.ts";
import { explainMove } from "./motifs.ts";
import { judgeAttempt, judgeStep } from "./puzzleSolving.ts";
import type { MistakePosition } from "./puzzles.ts";
import { puzzleThemes } from "./puzzleThemes.ts";

// White to move: Qxf7# (the Scholar's mate), or Bxf7+ first in a longer line.
const SCHOLARS = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
// White to move: Rd8+ Rxd8 Rxd8# — two solver moves with Black's forced reply between.
const BACK_RANK = "2r3k1/5ppp/8/8/8/8/5PPP/3RR1K1 w - - 0 1";

describe("judging a solver's moves", () => {
  it("takes the solution's moves, and any mate in its place", () => {
    expect(judgeAttempt(SCHOLARS, ["h5f7"], ["h5f7"])).toBe("solved");
    expect(judgeAttempt(SCHOLARS, ["c4f7", "e8e7", "h5f7"], ["h5f7"])).toBe("solved");
    expect(judgeAttempt(SCHOLARS, ["h5f7"], ["c4f7"])).toBe("failed");
  });

  it("plays the opponent's replies between the solver's moves", () => {
    const line = ["d1d8", "c8d8", "e1e8"];
    expect(judgeStep(BACK_RANK, line, 0, "d1d8")).toBe("incomplete");
    expect(judgeAttempt(BACK_RANK, line, ["d1d8"])).toBe("incomplete");
    expect(judgeAttempt(BACK_RANK, line, ["d1d8", "e1e8"])).toBe("solved");
    expect(judgeAttempt(BACK_RANK, line, ["d1d8", "e1e7"])).toBe("failed");
  });

  it("calls an illegal move or a move after the first wrong one illegal", () => {
    expect(judgeAttempt(SCHOLARS, ["h5f7"], ["h5h8"])).toBe("illegal");
    expect(judgeAttempt(BACK_RANK, ["d1d8", "c8d8", "e1e8"], ["d1d7", "e1e8"])).toBe("illegal");
  });
});

describe("a Chess960 puzzle", () => {
  // Chess960, White king b1 and rook h1 with the right to castle (Shredder-FEN "H"): the castle (king takes
  // rook, as the engine names it in UCI_Chess960) lands the king on g1 and the rook on f1, checking on the f-file.
  const CASTLE = "5k2/4p1p1/8/8/8/8/8/1K5R w H - 0 1";
  const line = ["b1h1", "f8g8", "f1f7"];

  it("takes the castle however the solver names it: king takes rook or the king's destination", () => {
    expect(judgeStep(CASTLE, line, 0, "b1h1")).toBe("incomplete");
    expect(judgeStep(CASTLE, line, 0, "b1g1")).toBe("incomplete");
    expect(judgeAttempt(CASTLE, line, ["b1g1", "f1f7"])).toBe("solved");
    expect(judgeAttempt(CASTLE, line, ["b1h1", "f1f6"])).toBe("failed");
    expect(judgeAttempt(CASTLE, line, ["b1c1"])).toBe("failed");
  });

  it("takes a castle that mates, named either way", () => {
    const mate = "4rkr1/4p1p1/8/8/8/8/8/1K5R w H - 0 1";
    expect(judgeAttempt(mate, ["b1h1"], ["b1h1"])).toBe("solved");
    expect(judgeAttempt(mate, ["b1h1"], ["b1g1"])).toBe("solved");
  });

  it("gets a motif hint, which names a theme, though chess.js reads no Chess960 castling rights", () => {
    // The Scholar's mate set up from the standard array as Chess960 position 518 (Shredder-FEN "HAha").
    const fen = SCHOLARS.replace("KQkq", "HAha");
    const before = { eval: "#1", turn: "w" as const, moves: ["h5f7"] };
    const after = { eval: 30, turn: "b" as const, moves: ["f8c5"] };
    expect(explainMove({ fen, played: "h5f3", before, after })).toBe("misses mate in 1");
  });
});

describe("puzzle themes and ratings", () => {
  const position: MistakePosition = {
    ply: 6,
    fen: SCHOLARS,
    player: "w",
    played: "h5f3",
    solution: ["h5f7"],
    kind: "wins",
    winBest: 100,
    winPlayed: 50,
  };

  it("names the motif hint, a mate and the line's length", () => {
    expect(puzzleThemes(position, { mate: 1 }, "misses mate in 1")).toEqual(["mate", "mateIn1", "oneMove"]);
    expect(puzzleThemes({ ...position, solution: ["a", "b", "c"] }, { cp: 500 }, "misses a fork with Nc7+")).toEqual([
      "fork",
      "advantage",
      "short",
    ]);
    expect(puzzleThemes({ ...position, player: "b", kind: "saves" }, { cp: -20 }, undefined)).toEqual([
      "defence",
      "oneMove",
    ]);
  });

  it("moves the solver and the puzzle apart by the site's Elo, a solve being the solver's win", () => {
    const even = { rating: 1500, attempts: 0 };
    expect(puzzleRatingChanges(even, even, true)).toEqual({ solver: 20, puzzle: -20 });
    expect(puzzleRatingChanges(even, even, false)).toEqual({ solver: -20, puzzle: 20 });
    expect(puzzleRatingChanges({ rating: 1500, attempts: 40 }, { rating: 1500, attempts: 0 }, true)).toEqual({
      solver: 10,
      puzzle: -20,
    });
  });
});
