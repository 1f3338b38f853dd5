import { Chess } from "chess.js";
import { describe, expect, it } from "vitest";
import { chess960BackRank, chess960Fen } from "./chess960.ts";

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
});
