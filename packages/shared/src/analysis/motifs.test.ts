import { describe, expect, it } from "vitest";
import type { AnalysisEntry } from "./evaluation.ts";
import { explainMove } from "./motifs.ts";

/**
 * Positions with known motifs. Unless marked, the engine lines are Stockfish 19 lite's at 300k nodes (the npm
 * build the server runs), scores turned to White's side as the server stores them.
 */
const cases: Array<{
  motif: string;
  fen: string;
  played: string;
  before: Omit<AnalysisEntry, "turn">;
  after: Omit<AnalysisEntry, "turn">;
  hint: string | undefined;
}> = [
  {
    motif: "1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6?? allows Qxf7#",
    fen: "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3",
    played: "g8f6",
    before: { eval: -33, moves: ["g7g6", "h5d1"] },
    after: { eval: "#1", moves: ["h5f7"] },
    hint: "allows mate in 1",
  },
  {
    motif: "4.Qxe5+?? instead of 4.Qxf7#",
    fen: "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    played: "h5e5",
    before: { eval: "#1", moves: ["h5f7"] },
    after: { eval: -821, moves: ["c6e5", "c4e2", "f6e4", "b1c3"] },
    hint: "misses mate in 1",
  },
  {
    motif: "two knights: 4...h6? lets the g5 knight fork queen and rook on f7",
    fen: "r1bqkb1r/pppp1ppp/2n2n2/4p1N1/2B1P3/8/PPPP1PPP/RNBQK2R b KQkq - 5 4",
    played: "h7h6",
    before: { eval: 5, moves: ["d7d5", "e4d5"] },
    after: { eval: 605, moves: ["g5f7", "d8e7", "f7h8", "d7d5", "e4d5", "c6d4"] },
    hint: "allows a fork with Nxf7",
  },
  {
    motif: "two knights: 5.Nf3? retreats instead of forking on f7",
    fen: "r1bqkb1r/pppp1pp1/2n2n1p/4p1N1/2B1P3/8/PPPP1PPP/RNBQK2R w KQkq - 0 5",
    played: "g5f3",
    before: { eval: 625, moves: ["g5f7", "c6a5", "f7d8", "a5c4", "d8e6", "d7e6"] },
    after: { eval: -145, moves: ["f6e4", "c4d5"] },
    hint: "misses a fork with Nxf7",
  },
  {
    motif: "Scotch: 6...Ng4?? leaves the knight to the queen on d1",
    fen: "r1bqkb1r/p1pp1ppp/2p2n2/4P3/8/8/PPP2PPP/RNBQKB1R b KQkq - 0 6",
    played: "f6g4",
    before: { eval: 21, moves: ["d8e7", "d1e2"] },
    after: { eval: 580, moves: ["d1g4", "d7d5", "g4g3", "a8b8", "f1e2"] },
    hint: "hangs the knight on g4",
  },
  {
    // A hand-made position and line: the knight steps onto the queen's file with nothing guarding it.
    motif: "...Nf5?? walks into the queen",
    fen: "4k3/8/8/8/7n/5Q2/8/4K3 b - - 0 1",
    played: "h4f5",
    before: { eval: 700, moves: ["h4f3", "e1e2"] },
    after: { eval: 1500, moves: ["f3f5", "e8d7"] },
    hint: "hangs the knight on f5",
  },
  {
    motif: "Rxd5? gives the rook for a knight guarded by a pawn",
    fen: "3k4/8/4p3/3n4/8/8/8/3RK3 w - - 0 1",
    played: "d1d5",
    before: { eval: 0, moves: ["d1d3", "d8e7", "d3b3"] },
    after: { eval: 0, moves: ["e6d5", "e1f2"] },
    hint: "loses the exchange",
  },
  {
    motif: "Ke2? overlooks Bxa8",
    fen: "r3k3/8/8/8/8/8/8/4K2B w - - 0 1",
    played: "e1e2",
    before: { eval: 19, moves: ["h1a8", "e8d7", "e1e2", "d7d6"] },
    after: { eval: -31, moves: ["a8a3", "h1e4"] },
    hint: "misses winning the rook on a8",
  },
  {
    // Hand-made, Chess960 (Shredder-FEN rights): castling is king takes rook, which chess.js cannot play.
    motif: "Chess960: castling O-O (Kf1xh1) leaves the knight on d4 to the queen",
    fen: "3qk3/8/8/8/3N4/8/8/5K1R w H - 0 1",
    played: "f1h1",
    before: { eval: 0, moves: ["d4f3", "e8d7"] },
    after: { eval: -900, moves: ["d8d4", "g1h2", "d4e5", "h2g1"] },
    hint: "hangs the knight on d4",
  },
  {
    // Hand-made, Chess960: the better line castles first, then wins the rook.
    motif: "Chess960: the line goes on through a castle to win the rook",
    fen: "4k3/8/8/8/1r6/8/8/N4K1R w H - 0 1",
    played: "a1c2",
    before: { eval: 500, moves: ["f1h1", "b4b3", "a1b3", "e8d7"] },
    after: { eval: 0, moves: ["b4b2", "c2e3"] },
    hint: "misses a chance to win material",
  },
  {
    motif: "1.a4: worse than 1.e4, but nothing tactical",
    fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    played: "a2a4",
    before: { eval: 33, moves: ["e2e4", "e7e5"] },
    after: { eval: 18, moves: ["e7e5", "e2e4"] },
    hint: undefined,
  },
];

describe("explainMove: hints on positions with known motifs", () => {
  it.each(cases)("$motif → $hint", ({ fen, played, before, after, hint }) => {
    const turn = fen.split(" ")[1] === "b" ? "b" : "w";
    const next = turn === "w" ? "b" : "w";
    expect(explainMove({ fen, played, before: { ...before, turn }, after: { ...after, turn: next } })).toBe(hint);
  });

  it("says nothing about an unreadable position or move", () => {
    const entry: AnalysisEntry = { eval: 0, turn: "w", moves: [] };
    expect(explainMove({ fen: "not a fen", played: "e2e4", before: entry, after: entry })).toBeUndefined();
    expect(
      explainMove({
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        played: "e2e5",
        before: entry,
        after: entry,
      }),
    ).toBeUndefined();
  });
});
