import { Chess } from "chess.js";
import { describe, expect, it } from "vitest";
import { positionEnd } from "./gameEnd.ts";

const play = (moves: string[], fen?: string) => {
  const c = new Chess(fen);
  for (const m of moves) c.move(m);
  return c;
};

describe("positionEnd", () => {
  it.each([
    ["fool's mate", play(["f3", "e5", "g4", "Qh4#"]), { reason: "checkmate", winningColor: "black" }],
    [
      "scholar's mate",
      play(["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"]),
      { reason: "checkmate", winningColor: "white" },
    ],
    ["stalemate", new Chess("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), { reason: "stalemate", winningColor: "draw" }],
    ["K+B v K", new Chess("8/8/8/4k3/8/8/3BK3/8 w - - 0 1"), { reason: "insufficient", winningColor: "draw" }],
    [
      "threefold",
      play(["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"]),
      { reason: "threefold", winningColor: "draw" },
    ],
    ["fifty moves", new Chess("8/8/8/4k3/8/8/3RK3/8 w - - 100 80"), { reason: "fiftyMoves", winningColor: "draw" }],
  ])("%s", (_name, chess, expected) => {
    expect(positionEnd(chess)).toEqual(expected);
  });

  it("is undefined while the game goes on", () => {
    expect(positionEnd(play(["e4", "e5"]))).toBeUndefined();
  });
});
