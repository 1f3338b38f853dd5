import { Chess } from "chess.js";
import { describe, expect, it } from "vitest";
import { Board, squareIndex } from "./board.ts";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/** Deterministic [0, 1) numbers (mulberry32), so a failing game can be replayed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("Board perft", () => {
  // Node counts from the Chess Programming Wiki, "Perft Results" (positions 1-5 as given there).
  it.each([
    ["initial position", START, 4, 197_281],
    ["Kiwipete (position 2)", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97_862],
    ["position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674_624],
    ["position 4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4, 422_333],
    ["position 4 mirrored", "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", 4, 422_333],
    ["position 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3, 62_379],
  ])("%s: perft %i = %i", (_name, fen, depth, nodes) => {
    expect(Board.fromFen(fen).perft(depth)).toBe(nodes);
  });
});

describe("Board against chess.js", () => {
  const endOf = (c: Chess) =>
    c.isCheckmate()
      ? "checkmate"
      : c.isStalemate()
        ? "stalemate"
        : c.isInsufficientMaterial()
          ? "insufficient"
          : c.isThreefoldRepetition()
            ? "threefold"
            : c.isDrawByFiftyMoves()
              ? "fiftyMoves"
              : undefined;

  /** Plays one random game on both, comparing every position; returns the plies played. */
  function playBoth(seed: number, fen: string): number {
    const next = random(seed);
    const chess = new Chess(fen);
    const board = Board.fromFen(fen);
    const at = (ply: number) => `seed ${seed} ply ${ply}`;
    for (let ply = 0; ply < 400; ply++) {
      // Plain comparisons first: expect() on every ply of thousands of games is slow.
      if (board.fen() !== chess.fen()) expect(board.fen(), at(ply)).toBe(chess.fen());
      if (board.inCheck() !== chess.inCheck()) expect(board.inCheck(), at(ply)).toBe(chess.inCheck());
      const mine = board.legalMoves();
      if (mine.length !== chess.moves().length || ply % 8 === 0) {
        expect(mine.sort(), at(ply)).toEqual(
          chess
            .moves({ verbose: true })
            .map((m) => m.lan)
            .sort(),
        );
      }
      if (board.end() !== endOf(chess)) expect(board.end(), at(ply)).toBe(endOf(chess));
      if (mine.length === 0 || chess.isDrawByFiftyMoves()) return ply;
      // Captures and promotions are favoured so games reach endings and odd material.
      const sharp = mine.filter((uci) => uci.length === 5 || chess.get(uci.slice(2, 4) as never));
      const pool = sharp.length > 0 && next() < 0.5 ? sharp : mine;
      const uci = pool[Math.floor(next() * pool.length)]!;
      const move = { from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] };
      const san = board.play(move);
      const expected = chess.move(move).san;
      if (san !== expected) expect(san, at(ply)).toBe(expected);
    }
    return 400;
  }

  it("agrees on FEN, legal moves, SAN, check and endings over 30 random games", () => {
    let plies = 0;
    for (let seed = 1; seed <= 30; seed++) plies += playBoth(seed, START);
    expect(plies).toBeGreaterThan(3_000);
  }, 120_000);

  it("agrees from tactical and Chess960 positions", () => {
    const fens = [
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
      "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w - - 0 1",
      "8/P7/8/8/8/8/k6p/4K3 w - - 0 1",
    ];
    for (const [i, fen] of fens.entries()) for (let seed = 1; seed <= 10; seed++) playBoth(1000 * (i + 1) + seed, fen);
  }, 60_000);

  it("disambiguates SAN by file, rank or square as chess.js does", () => {
    const cases: Array<[string, { from: string; to: string }, string]> = [
      ["4k3/8/8/8/8/8/4K3/R6R w - - 0 1", { from: "a1", to: "d1" }, "Rad1"],
      ["4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", { from: "a1", to: "a3" }, "R1a3"],
      ["7k/8/8/8/Q1Q5/8/Q7/4K3 w - - 0 1", { from: "a4", to: "b3" }, "Qa4b3"],
      ["4k3/8/8/8/8/8/8/RN2K1NR w - - 0 1", { from: "g1", to: "f3" }, "Nf3"],
    ];
    for (const [fen, move, san] of cases) {
      expect(Board.fromFen(fen).play(move)).toBe(san);
      expect(new Chess(fen).move(move).san).toBe(san);
    }
  });
});

describe("Board moves", () => {
  it("refuses illegal, out-of-turn and malformed moves and changes nothing", () => {
    const board = Board.fromFen(START);
    for (const move of [
      { from: "e2", to: "e5" },
      { from: "e7", to: "e5" },
      { from: "e1", to: "e2" },
      { from: "z9", to: "e4" },
      { from: "e3", to: "e4" },
      { from: "", to: "" },
    ]) {
      expect(board.play(move)).toBeUndefined();
    }
    expect(board.fen()).toBe(START);
    expect(board.played).toBe(0);
  });

  it("wants the promotion piece named, and ignores one named for an ordinary move", () => {
    const board = Board.fromFen("8/P6k/8/8/8/8/8/K7 w - - 0 1");
    expect(board.play({ from: "a7", to: "a8" })).toBeUndefined();
    expect(board.play({ from: "a7", to: "a8", promotion: "x" })).toBeUndefined();
    expect(board.play({ from: "a7", to: "a8", promotion: "n" })).toBe("a8=N");
    expect(board.play({ from: "h7", to: "g7", promotion: "q" })).toBe("Kg7");
  });

  it("undoes moves back to the exact position, repetition counts included", () => {
    const board = Board.fromFen(START);
    const fens = [board.fen()];
    for (const [from, to] of [
      ["g1", "f3"],
      ["g8", "f6"],
      ["f3", "g1"],
      ["f6", "g8"],
      ["g1", "f3"],
      ["g8", "f6"],
      ["f3", "g1"],
    ] as const) {
      expect(board.play({ from, to })).toBeDefined();
      fens.push(board.fen());
    }
    expect(board.threefold()).toBe(false);
    expect(board.play({ from: "f6", to: "g8" })).toBe("Ng8");
    expect(board.threefold()).toBe(true);
    expect(board.end()).toBe("threefold");
    board.undo();
    expect(board.threefold()).toBe(false);
    for (let i = fens.length - 1; i > 0; i--) {
      expect(board.fen()).toBe(fens[i]);
      expect(board.undo()).toBe(true);
    }
    expect(board.fen()).toBe(START);
    expect(board.undo()).toBe(false);
  });

  it("does not castle out of, through or into check, nor once the rook has moved", () => {
    const through = Board.fromFen("4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1");
    expect(through.play({ from: "e1", to: "g1" })).toBeUndefined();
    expect(through.play({ from: "e1", to: "c1" })).toBe("O-O-O");
    const rookGone = Board.fromFen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    rookGone.play({ from: "h1", to: "h2" });
    rookGone.play({ from: "e8", to: "d8" });
    rookGone.play({ from: "h2", to: "h1" });
    rookGone.play({ from: "d8", to: "e8" });
    expect(rookGone.fen()).toBe("4k3/8/8/8/8/8/8/R3K2R w Q - 4 3");
    expect(rookGone.play({ from: "e1", to: "g1" })).toBeUndefined();
  });

  it("drops castling rights whose king or rook is not at home", () => {
    expect(Board.fromFen("4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1").fen()).toBe("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  });

  it("prints the en passant square only when the capture is legal", () => {
    const board = Board.fromFen("4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1");
    board.play({ from: "e2", to: "e4" });
    expect(board.fen()).toBe("4k3/8/8/8/4Pp2/8/8/4K3 b - e3 0 1");
    // The f4 pawn is pinned to its king by the rook: en passant would expose it.
    const pinned = Board.fromFen("8/8/8/8/k4p1R/8/4P3/4K3 w - - 0 1");
    pinned.play({ from: "e2", to: "e4" });
    expect(pinned.fen()).toBe("8/8/8/8/k3Pp1R/8/8/4K3 b - - 0 1");
    expect(pinned.legalMoves()).not.toContain("f4e3");
  });

  it("rejects malformed FENs", () => {
    for (const fen of [
      "",
      "8/8/8/8 w - - 0 1",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
      "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR w KQkq - 0 1",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1",
      "4k3/8/8/8/8/8/8/4K2R w XY - 0 1",
      "4k2R/8/8/8/8/8/8/4K3 w - - 0 1",
    ]) {
      expect(() => Board.fromFen(fen), fen).toThrow(/Invalid FEN/);
    }
  });

  it("names squares", () => {
    expect(squareIndex("a1")).toBe(0);
    expect(squareIndex("h8")).toBe(0x77);
    expect(squareIndex("i1")).toBe(-1);
    expect(squareIndex("a9")).toBe(-1);
    expect(squareIndex("a")).toBe(-1);
  });

  it("lists each side's pieces besides the king", () => {
    expect(Board.fromFen("4k3/8/8/8/8/8/8/RN2K1NR w - - 0 1").pieces("w").sort()).toEqual(["n", "n", "r", "r"]);
    expect(Board.fromFen("4k3/8/8/8/8/8/8/RN2K1NR w - - 0 1").pieces("b")).toEqual([]);
  });
});
