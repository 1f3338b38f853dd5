import { Chess } from "chess.js";
import { describe, expect, it } from "vitest";
import { Board } from "./board.ts";
import { chess960BackRank, chess960Castling, chess960Fen, chess960GameFen } from "./chess960.ts";

describe("Chess960 setup", () => {
  it("always puts bishops on opposite colours and the king between the rooks", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const rank = chess960BackRank();
      seen.add(rank);
      expect([...rank].sort().join("")).toBe("BBKNNQRR");
      const bishops = [...rank].flatMap((p, j) => (p === "B" ? [j % 2] : []));
      expect(bishops[0]).not.toBe(bishops[1]);
      const [r1, r2] = [rank.indexOf("R"), rank.lastIndexOf("R")];
      expect(rank.indexOf("K")).toBeGreaterThan(r1);
      expect(rank.indexOf("K")).toBeLessThan(r2);
    }
    expect(seen.size).toBeGreaterThan(300);
  });

  it("gives a FEN chess.js accepts, mirrored for Black", () => {
    const fen = chess960Fen(() => 0);
    expect(() => new Chess(fen)).not.toThrow();
    const [board] = fen.split(" ");
    const ranks = board?.split("/") ?? [];
    expect(ranks[0]).toBe(ranks[7]?.toLowerCase());
  });

  it("gives games both sides' castling rights as rook files, which the board reads as Chess960", () => {
    for (let i = 0; i < 200; i++) {
      const fen = chess960GameFen();
      const rank = fen.split("/")[7]?.split(" ")[0] ?? "";
      const files = `${String.fromCharCode(65 + rank.lastIndexOf("R"))}${String.fromCharCode(65 + rank.indexOf("R"))}`;
      expect(fen.split(" ")[2]).toBe(`${files}${files.toLowerCase()}`);
      const board = Board.fromFen(fen);
      expect(board.chess960).toBe(true);
      expect(board.fen()).toBe(fen);
    }
  });

  it.each([
    // placement → rights: kingside rook first, then queenside, White then Black
    ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "HAha"],
    ["nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN", "GBgb"],
    ["rkrbbnnq/pppppppp/8/8/8/8/PPPPPPPP/RKRBBNNQ w - - 0 1", "CAca"],
    // A side whose king left its back rank, or a rook gone, keeps what is left.
    ["nrbkqbrn/pppppppp/8/8/8/3K4/PPPPPPPP/NRB1QBRN", "gb"],
    ["nrbkqb1n/pppppppp/8/8/8/8/PPPPPPPP/N1BKQBRN", "Gb"],
    ["8/8/8/8/8/8/8/8", ""],
  ])("gives %s the rights %j", (placement, rights) => {
    expect(chess960Castling(placement)).toBe(rights);
  });

  it("gives a shuffled free-board setup the rights its game would have, so that both castles are legal there", () => {
    for (let i = 0; i < 100; i++) {
      const [placement, turn, , ...rest] = chess960Fen().split(" ");
      const fen = [placement, turn, chess960Castling(placement ?? ""), ...rest].join(" ");
      expect(fen.split(" ")[2]).toHaveLength(4);
      expect(Board.fromFen(fen).fen()).toBe(fen);
    }
    // White's pieces between king and rooks gone: both castles are legal (king takes own rook).
    const board = Board.fromFen(
      `rkrbbnnq/pppppppp/8/8/8/8/PPPPPPPP/R1K4R w ${chess960Castling("rkrbbnnq/8/8/8/8/8/8/R1K4R")} - 0 1`,
    );
    expect(board.legalMoves()).toEqual(expect.arrayContaining(["c1a1", "c1h1"]));
  });
});
