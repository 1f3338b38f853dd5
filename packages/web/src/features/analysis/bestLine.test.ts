import { describe, expect, it } from "vitest";
import { BEST_LINE_PLIES, bestLineText, plyLabels, pvToSan } from "./bestLine.ts";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const AFTER_NC6 = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
const BEFORE_MATE = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
const MATED = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4";

describe("pvToSan (the engine's UCI line as SAN)", () => {
  it("converts from the position, including castling and promotion", () => {
    expect(pvToSan(AFTER_NC6, ["f1b5", "g8f6", "e1g1"])).toEqual(["Bb5", "Nf6", "O-O"]);
    expect(pvToSan("8/4P1k1/8/8/8/8/8/K7 w - - 0 1", ["e7e8q", "g7f6"])).toEqual(["e8=Q", "Kf6"]);
    expect(pvToSan("8/4P1k1/8/8/8/8/8/K7 w - - 0 1", ["e7e8n"])).toEqual(["e8=N+"]);
  });

  it("stops at the first move that is not legal or not UCI, and at the limit", () => {
    expect(pvToSan(START, ["e2e4", "e2e4", "d7d5"])).toEqual(["e4"]);
    expect(pvToSan(START, ["e2e4", "Nf6"])).toEqual(["e4"]);
    expect(pvToSan("not a fen", ["e2e4"])).toEqual([]);
    const long = ["g1f3", "g8f6", "f3g1", "f6g8"];
    expect(pvToSan(START, [...long, ...long, ...long])).toHaveLength(BEST_LINE_PLIES);
  });
});

describe("a Chess960 line (the engine castles king takes rook)", () => {
  const NINE60 = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1";

  it("reads its castles", () => {
    expect(pvToSan(NINE60, ["b1a1", "b8h8", "e2e4"])).toEqual(["O-O-O", "O-O", "e4"]);
    expect(bestLineText(NINE60, ["b1h1"])).toBe("Best: 1. O-O");
  });
});

describe("bestLineText", () => {
  it("says Best: with the line, or what ended the game", () => {
    expect(bestLineText(BEFORE_MATE, ["h5f7"])).toBe("Best: 4. Qxf7#");
    expect(bestLineText(MATED, [])).toBe("Checkmate");
    expect(bestLineText("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", [])).toBe("Stalemate");
    expect(bestLineText(START, [])).toBe("No best line");
  });
});

describe("plyLabels", () => {
  it("names each move for the chart's tooltips", () => {
    expect(plyLabels(START, ["e4", "e5", "Nf3"])).toEqual(["Start", "1. e4", "1... e5", "2. Nf3"]);
  });
});
