import { describe, expect, it } from "vitest";
import { materialSummary, PIECE_VALUES } from "./material.ts";

const ALL = ["q", "r", "r", "b", "b", "n", "n", "p", "p", "p", "p", "p", "p", "p", "p"];
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

describe("materialSummary", () => {
  it("uses the spec's piece values", () => {
    expect(PIECE_VALUES).toEqual({ q: 9, r: 5, b: 3, n: 3, p: 1 });
  });

  it.each([
    ["the start: nothing taken, level", START, { w: [], b: [] }, { w: 0, b: 0 }],
    [
      "white took a pawn (1.e4 d5 2.exd5)",
      "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
      { w: ["p"], b: [] },
      { w: 1, b: 0 },
    ],
    [
      "black took a queen, white a knight and a pawn",
      "r1bqkbnr/ppp1pppp/8/8/8/8/PPPP1PPP/RNB1KBNR w KQkq - 0 5",
      { w: ["n", "p"], b: ["q", "p"] },
      { w: 0, b: 6 },
    ],
    ["captures listed queen first, pawns last", "4k3/8/8/8/8/8/8/4K3 w - - 0 40", { w: ALL, b: ALL }, { w: 0, b: 0 }],
  ])("%s", (_name, fen, captured, advantage) => {
    const m = materialSummary(fen, START);
    expect({ w: m.w.captured, b: m.b.captured }).toEqual(captured);
    expect({ w: m.w.advantage, b: m.b.advantage }).toEqual(advantage);
  });

  it("counts a promoted pawn as a pawn, not as a lost piece, and adds the new queen's value", () => {
    // White's a-pawn became a second queen; no white piece was lost.
    const fen = "Q3kbnr/1pppppp1/8/8/8/8/1PPPPPPP/RNBQKBNR b KQk - 0 9";
    const m = materialSummary(fen, START);
    expect(m.b.captured).toEqual([]);
    expect(m.w.captured).toEqual(["q", "r", "b", "n", "p", "p"]);
    // white: 2Q + 2R + 2B + 2N + 7P = 18+10+6+6+7 = 47; black: 1R + 1B + 1N + 6P = 5+3+3+6 = 17
    expect(m.w.advantage).toBe(30);
  });

  it("measures captures from the game's own start position", () => {
    const initial = "4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1";
    const m = materialSummary("4k3/ppp5/8/8/8/8/PPPP4/4K3 b - - 0 1", initial);
    expect(m.w.captured).toEqual(["p"]);
    expect(m.w.advantage).toBe(1);
  });
});
