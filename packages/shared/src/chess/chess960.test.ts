import { Chess } from "chess.js";
import { describe, expect, it } from "vitest";
import { Board } from "./board.ts";
import { chess960BackRank, chess960Fen, chess960GameFen } from "./chess960.ts";

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
});
