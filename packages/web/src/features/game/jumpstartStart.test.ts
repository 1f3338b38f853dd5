import { describe, expect, it } from "vitest";
import { startMaterialText, startMoveNumber } from "./jumpstartStart.ts";

describe("a jumpstart position's start", () => {
  it.each([
    ["r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 24", "Black starts a knight down (\u22123)"],
    ["rnbqkbnr/pppppppp/8/8/8/8/PPPPP3/RNBQKBNR w KQkq - 0 1", "White starts 3 pawns down (\u22123)"],
    ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP1/RN1QKBNR w KQkq - 0 1", "White starts 4 points of material down (\u22124)"],
    ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "Material is even"],
  ])("%s → %s", (fen, text) => {
    expect(startMaterialText(fen)).toBe(text);
  });

  it("reads the move number", () => {
    expect(startMoveNumber("8/8/8/8/8/8/8/K6k b - - 3 37")).toBe(37);
    expect(startMoveNumber("bad")).toBe(1);
  });
});
