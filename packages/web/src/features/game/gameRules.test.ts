import { describe, expect, it } from "vitest";
import {
  checkedKingSquare,
  isLegal,
  isPromotion,
  moveNumberOf,
  pieceColorAt,
  replay,
  samePosition,
  tryMove,
  turnOf,
} from "./gameRules.ts";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const PROMOTE = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";

describe("tryMove", () => {
  it("plays a legal move and reports its SAN and the new position", () => {
    expect(tryMove(START, { from: "e2", to: "e4" })).toEqual({
      from: "e2",
      to: "e4",
      san: "e4",
      fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    });
  });

  it.each([
    ["an illegal move", START, { from: "e2", to: "e5" }],
    ["a move of the side not to move", START, { from: "e7", to: "e5" }],
    ["from an empty square", START, { from: "e4", to: "e5" }],
    ["a broken position", "nonsense", { from: "e2", to: "e4" }],
  ])("refuses %s", (_name, fen, move) => {
    expect(tryMove(fen, move)).toBeUndefined();
  });

  it("promotes to the chosen piece", () => {
    expect(tryMove(PROMOTE, { from: "e7", to: "e8", promotion: "n" })?.san).toBe("e8=N");
  });
});

describe("isPromotion", () => {
  it("is true for a pawn reaching the last rank, for either side", () => {
    expect(isPromotion(PROMOTE, "e7", "e8")).toBe(true);
    expect(isPromotion("4k3/8/8/8/8/8/p7/4K3 b - - 0 1", "a2", "a1")).toBe(true);
    expect(isPromotion(START, "e2", "e4")).toBe(false);
    expect(isPromotion(PROMOTE, "e1", "e2")).toBe(false);
  });
});

describe("isLegal", () => {
  it("checks a move in the position", () => {
    expect(isLegal(START, "g1", "f3")).toBe(true);
    expect(isLegal(START, "g1", "g3")).toBe(false);
    expect(isLegal(PROMOTE, "e7", "e8")).toBe(true);
  });
});

describe("replay", () => {
  it("replays SAN moves with the position after each", () => {
    const plies = replay(START, ["f3", "e5", "g4", "Qh4#"]);
    expect(plies.map((p) => `${p.from}${p.to}`)).toEqual(["f2f3", "e7e5", "g2g4", "d8h4"]);
    expect(plies.at(-1)?.fen).toBe("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
  });

  it("stops at a move that does not apply", () => {
    expect(replay(START, ["e4", "e4", "e5"])).toHaveLength(1);
  });
});

describe("position helpers", () => {
  it("reads turn and move number", () => {
    expect(turnOf(START)).toBe("w");
    expect(turnOf("8/8/8/8/8/8/8/8 b - - 0 12")).toBe("b");
    expect(moveNumberOf("8/8/8/8/8/8/8/8 b - - 0 12")).toBe(12);
    expect(moveNumberOf("8/8/8/8/8/8/8/8")).toBe(1);
  });

  it("finds the king in check", () => {
    expect(checkedKingSquare("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")).toBe("e1");
    expect(checkedKingSquare(START)).toBeUndefined();
  });

  it("tells the colour on a square", () => {
    expect(pieceColorAt(START, "e2")).toBe("w");
    expect(pieceColorAt(START, "e7")).toBe("b");
    expect(pieceColorAt(START, "e4")).toBeUndefined();
  });

  it("compares positions without the move counters", () => {
    expect(samePosition(START, START.replace(" 0 1", " 3 9"))).toBe(true);
    expect(samePosition(START, START.replace(" w ", " b "))).toBe(false);
  });
});

describe("Chess960 positions (a FEN naming rook files)", () => {
  // King b1, rooks a1 and h1: O-O-O is a king step onto c1, so only "king onto rook" names it.
  const NINE60 = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1";

  it("castles with the king onto its own rook or two or more files over, and says O-O", () => {
    expect(tryMove(NINE60, { from: "b1", to: "h1" })).toEqual({
      from: "b1",
      to: "h1",
      san: "O-O",
      fen: "rk5r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b ha - 1 1",
    });
    // Dragged to the king's destination, it is named as the engine names it: king takes rook.
    expect(tryMove(NINE60, { from: "b1", to: "g1" })).toMatchObject({ from: "b1", to: "h1", san: "O-O" });
    expect(tryMove(NINE60, { from: "b1", to: "a1" })?.fen).toBe("rk5r/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b ha - 1 1");
    expect(tryMove(NINE60, { from: "b1", to: "c1" })?.san).toBe("Kc1");
    expect(isLegal(NINE60, "b1", "a1")).toBe(true);
    expect(isLegal(NINE60, "b1", "g1")).toBe(true);
    expect(isLegal(NINE60, "b1", "d1")).toBe(false);
  });

  it("replays a game with castles from its SAN", () => {
    const plies = replay(NINE60, ["O-O", "O-O-O", "e4"]);
    expect(plies.map((p) => p.san)).toEqual(["O-O", "O-O-O", "e4"]);
    expect(plies[1]?.fen).toBe("2kr3r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 w - - 2 2");
    expect(replay(NINE60, ["O-O", "Qd4"])).toHaveLength(1);
  });

  it("reads pieces, promotion and check from the FEN", () => {
    expect(pieceColorAt(NINE60, "h8")).toBe("b");
    expect(isPromotion(NINE60, "a2", "a4")).toBe(false);
    expect(checkedKingSquare("1k6/8/8/8/8/8/8/R3K2r w A - 0 1")).toBe("e1");
  });
});
