import { describe, expect, it } from "vitest";
import { evalText, jumpstartStartText, startMaterialText, startMoveNumber } from "./jumpstartStart.ts";

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

  it("writes the dealt evaluation as lichess writes evals, naming the side it favours", () => {
    expect(evalText(1.38)).toBe("+1.4");
    expect(evalText(-0.31)).toBe("\u22120.3");
    expect(evalText(0.04)).toBe("0.0");
    const fen = "r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 24";
    expect(jumpstartStartText(fen, 2.26)).toBe(
      "Starts at move 24 \u00b7 evaluation +2.3 for White \u00b7 Black starts a knight down (\u22123)",
    );
    expect(jumpstartStartText(fen, 0.02)).toContain("evaluation 0.0 \u00b7");
    expect(jumpstartStartText(fen)).toBe("Starts at move 24 \u00b7 Black starts a knight down (\u22123)");
  });
});
