import { describe, expect, it } from "vitest";
import { Board, START_FEN } from "./board.ts";
import { canMate, positionEnd, timeoutResult } from "./gameEnd.ts";

/** The board after `moves` in UCI ("e2e4"). */
const play = (moves: string[], fen = START_FEN) => {
  const board = Board.fromFen(fen);
  for (const m of moves) board.play({ from: m.slice(0, 2), to: m.slice(2, 4), promotion: m[4] });
  return board;
};

describe("positionEnd", () => {
  it.each([
    ["fool's mate", play(["f2f3", "e7e5", "g2g4", "d8h4"]), { reason: "checkmate", winningColor: "black" }],
    [
      "scholar's mate",
      play(["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"]),
      { reason: "checkmate", winningColor: "white" },
    ],
    ["stalemate", Board.fromFen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), { reason: "stalemate", winningColor: "draw" }],
    ["K+B v K", Board.fromFen("8/8/8/4k3/8/8/3BK3/8 w - - 0 1"), { reason: "insufficient", winningColor: "draw" }],
    [
      "threefold",
      play(["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"]),
      { reason: "threefold", winningColor: "draw" },
    ],
    ["fifty moves", Board.fromFen("8/8/8/4k3/8/8/3RK3/8 w - - 100 80"), { reason: "fiftyMoves", winningColor: "draw" }],
  ])("%s", (_name, board, expected) => {
    expect(positionEnd(board)).toEqual(expected);
  });

  it("is undefined while the game goes on", () => {
    expect(positionEnd(play(["e4", "e5"]))).toBeUndefined();
  });
});

describe("timeoutResult", () => {
  it.each([
    ["the side with a queen wins on time", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "b", "white"],
    ["a lone king cannot win on time", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "w", "draw"],
    ["king and knight cannot win on time", "4k3/8/8/8/8/8/8/3NK3 b - - 0 1", "b", "draw"],
    ["king and bishop cannot win on time", "4k3/8/8/8/8/8/8/2B1K3 b - - 0 1", "b", "draw"],
    ["king and two knights can", "4k3/8/8/8/8/8/8/2NNK3 b - - 0 1", "b", "white"],
    ["king and pawn can", "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1", "b", "white"],
    ["black with a rook wins when white runs out", "4k2r/8/8/8/8/8/8/4K3 w - - 0 1", "w", "black"],
  ] as const)("%s", (_name, fen, loser, winningColor) => {
    expect(timeoutResult(Board.fromFen(fen), loser)).toEqual({ winningColor, reason: "flag" });
  });

  it("canMate needs more than a lone minor piece", () => {
    expect(canMate(Board.fromFen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"), "w")).toBe(true);
    expect(canMate(Board.fromFen("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"), "w")).toBe(false);
  });
});
