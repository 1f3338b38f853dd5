import { describe, expect, it } from "vitest";
import { moveNumberOf, pieceAt, samePosition, turnOf, withPiece, withTurn } from "./boardFen.ts";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const NINE60 = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1";

describe("a FEN's text", () => {
  it.each([
    [START, "w", 1],
    ["8/8/8/8/8/8/8/8 b - - 0 12", "b", 12],
    ["8/8/8/8/8/8/8/8", "w", 1],
  ])("%s: %s to move, move %i", (fen, turn, number) => {
    expect(turnOf(fen)).toBe(turn);
    expect(moveNumberOf(fen)).toBe(number);
  });

  it.each([
    [START, "e2", { color: "w", type: "p" }],
    [START, "e8", { color: "b", type: "k" }],
    [START, "e4", undefined],
    [NINE60, "h8", { color: "b", type: "r" }],
    [START, "i9", undefined],
    ["nonsense", "e2", undefined],
  ])("%s: the piece on %s", (fen, square, piece) => {
    expect(pieceAt(fen, square)).toEqual(piece);
  });

  it("compares positions without the move counters", () => {
    expect(samePosition(START, START.replace(" 0 1", " 3 9"))).toBe(true);
    expect(samePosition(START, START.replace(" w ", " b "))).toBe(false);
  });

  it("hands the turn over without en passant, and puts a piece on a square", () => {
    const afterE4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    expect(withTurn(afterE4, "w")).toBe("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1");
    expect(withPiece(afterE4, "d5", "bN")).toBe("rnbqkbnr/pppppppp/8/3n4/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    expect(withPiece(afterE4, "e4", "bN")).toBe("rnbqkbnr/pppppppp/8/8/4n3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    expect(withPiece("nonsense", "e4", "bN")).toBeUndefined();
  });
});
