import type { Puzzle } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { playMove } from "../board/index.ts";
import { replied, replyOf, solverMoved, startSession } from "./puzzleSession.ts";

const puzzle: Puzzle = {
  id: 1,
  fen: "2r3k1/5ppp/8/8/8/8/5PPP/3RR1K1 w - - 0 1",
  player: "w",
  solution: ["d1d8", "c8d8", "e1e8"],
  played: "e1e2",
  kind: "wins",
  themes: [],
  rating: 1500,
  gameId: "g",
  ply: 20,
};

const move = (fen: string, uci: string) => playMove(fen, { from: uci.slice(0, 2), to: uci.slice(2, 4) })?.fen as string;

describe("a puzzle session", () => {
  it("plays the reply after a right move, and is solved on the last one", () => {
    let s = solverMoved(startSession(puzzle), puzzle, "d1d8", move(puzzle.fen, "d1d8"));
    expect(s.status).toBe("reply");
    const reply = replyOf(s, puzzle) as string;
    expect(reply).toBe("c8d8");
    s = replied(s, reply, move(s.fen, reply));
    s = solverMoved(s, puzzle, "e1e8", move(s.fen, "e1e8"));
    expect(s).toMatchObject({ status: "solved", tried: ["d1d8", "e1e8"] });
  });

  it("keeps the position on a wrong move, for a retry", () => {
    const s = solverMoved(startSession(puzzle), puzzle, "e1e7", move(puzzle.fen, "e1e7"));
    expect(s).toMatchObject({ status: "wrong", fen: puzzle.fen, tried: ["e1e7"] });
  });
});
