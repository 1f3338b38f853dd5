import { describe, expect, it } from "vitest";
import { Board, START_FEN } from "../chess/board.ts";
import type { AnalysisEntry } from "./evaluation.ts";
import { type AnalysedGame, acceptPuzzle, extractPuzzles, mistakePositions } from "./puzzles.ts";

const SCHOLARS = ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"];

/** A game of `uci` moves with the evals given (White's side) and best lines where named. */
function analysed(uci: string[], evals: Array<number | string>, best: Record<number, string[]> = {}): AnalysedGame {
  const board = Board.fromFen(START_FEN);
  const fens = [board.fen()];
  for (const m of uci) {
    board.play({ from: m.slice(0, 2), to: m.slice(2, 4), promotion: m[4] });
    fens.push(board.fen());
  }
  const entries: AnalysisEntry[] = evals.map((e, i) => ({
    eval: e,
    turn: i % 2 === 0 ? "w" : "b",
    moves: best[i] ?? (uci[i] ? [uci[i] as string] : []),
  }));
  return { fens, uciMoves: uci, entries };
}

// 3... Nf6?? allows mate where 3... g6 holds.
const scholars = analysed(SCHOLARS, [20, 30, 0, 60, 20, 40, "#1", 10_000], { 5: ["g7g6", "h5f3", "g8f6", "b1c3"] });

describe("puzzles from a player's mistakes", () => {
  it("finds where a player erred while one move saved the game, with its line ending on the player's move", () => {
    expect(mistakePositions(scholars)).toEqual([
      {
        ply: 5,
        fen: scholars.fens[5],
        player: "b",
        played: "g8f6",
        solution: ["g7g6", "h5f3", "g8f6"],
        kind: "saves",
        winBest: expect.closeTo(46.3, 1),
        winPlayed: expect.closeTo(2.5, 1),
      },
    ]);
  });

  it.each<[string, Array<number | string>]>([
    ["an inaccuracy", [20, 30, 0, 60, 20, 40, 120, 10_000]],
    ["a player already lost", [20, 30, 0, 60, 20, 600, "#1", 10_000]],
    ["a mistake in the first plies", [20, 400, 0, 60, 20, 40, 60, 10_000]],
  ])("passes over %s", (_what, evals) => {
    expect(mistakePositions(analysed(SCHOLARS, evals, { 5: ["g7g6"] }))).toEqual([]);
  });

  it("passes over the engine's own choice, and a win kept is a 'wins' puzzle", () => {
    const same = analysed(SCHOLARS, [20, 30, 0, 60, 20, 40, "#1", 10_000], { 5: ["g8f6"] });
    expect(mistakePositions(same)).toEqual([]);
    // White, winning by 5 pawns at move 3, lets it slip to equal: a win to find.
    const slip = analysed(SCHOLARS, [20, 30, 0, 60, 500, 0, "#1", 10_000], { 4: ["h5e5", "c6e5"] });
    expect(mistakePositions(slip)).toMatchObject([{ ply: 4, player: "w", kind: "wins", solution: ["h5e5"] }]);
  });

  it.each<[string, Parameters<typeof acceptPuzzle>[1], boolean]>([
    ["every other move loses too", { mate: 1 }, true],
    ["another move holds as well", { cp: 50 }, false],
    ["the move was forced", null, false],
  ])("keeps a position only when the best move is the only one: %s", (_what, second, kept) => {
    const [position] = mistakePositions(scholars);
    expect(position && acceptPuzzle(position, second)).toBe(kept);
  });

  it("extracts a game's puzzles from the second searches it has", () => {
    expect(extractPuzzles(scholars, new Map([[5, { cp: 700 }]])).map((p) => p.ply)).toEqual([5]);
    expect(extractPuzzles(scholars, new Map())).toEqual([]);
  });
});
