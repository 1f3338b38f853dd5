import { describe, expect, it } from "vitest";
import { moveMarks } from "./moveMarks.ts";

describe("moveMarks", () => {
  it("marks the last move's squares, and the king in check over them", () => {
    // 1. e4 f5 2. Qh5+: the black king on e8 is in check.
    const fen = "rnbqkbnr/ppppp1pp/8/5p1Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2";
    const marks = moveMarks(fen, { from: "d1", to: "h5" });
    expect(Object.keys(marks).sort()).toEqual(["d1", "e8", "h5"]);
    expect(marks.d1).toEqual(marks.h5);
    expect(String(marks.e8?.background)).toContain("radial-gradient");
  });

  it("marks nothing at the start, with no last move and nobody in check", () => {
    expect(moveMarks("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", null)).toEqual({});
  });
});
