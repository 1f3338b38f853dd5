import { describe, expect, it } from "vitest";
import {
  makePlacement,
  type PositionMap,
  parsePlacement,
  parsePosition,
  START_PLACEMENT,
  toChessboardPosition,
} from "./boardPosition.ts";

const START: PositionMap = {
  a1: "wR",
  b1: "wN",
  c1: "wB",
  d1: "wQ",
  e1: "wK",
  f1: "wB",
  g1: "wN",
  h1: "wR",
  a2: "wP",
  b2: "wP",
  c2: "wP",
  d2: "wP",
  e2: "wP",
  f2: "wP",
  g2: "wP",
  h2: "wP",
  a7: "bP",
  b7: "bP",
  c7: "bP",
  d7: "bP",
  e7: "bP",
  f7: "bP",
  g7: "bP",
  h7: "bP",
  a8: "bR",
  b8: "bN",
  c8: "bB",
  d8: "bQ",
  e8: "bK",
  f8: "bB",
  g8: "bN",
  h8: "bR",
};

describe("parsePosition", () => {
  const rows: Array<[string, unknown, PositionMap]> = [
    // The word start
    ["the word start", "start", START],
    ["start in capitals is not the word", "START", {}],
    // Piece placements
    ["the initial placement", START_PLACEMENT, START],
    ["a whole FEN (fields after the placement ignored)", `${START_PLACEMENT} w KQkq - 0 1`, START],
    ["kings only", "4k3/8/8/8/8/8/8/4K3", { e8: "bK", e1: "wK" }],
    [
      "after 1.e4 (FEN with surrounding spaces)",
      "  rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 ",
      { ...withoutSquare(START, "e2"), e4: "wP" },
    ],
    ["an empty board written out", "8/8/8/8/8/8/8/8", {}],
    ["pawns on the last rank (placement only checks shape)", "P7/8/8/8/8/8/8/7p", { a8: "wP", h1: "bP" }],
    ["7 ranks", "8/8/8/8/8/8/8", {}],
    ["9 ranks", "8/8/8/8/8/8/8/8/8", {}],
    ["a rank of 9 squares", "9/8/8/8/8/8/8/8", {}],
    ["a rank of 7 squares", "7/8/8/8/8/8/8/8", {}],
    ["too many pieces in a rank", "rnbqkbnrr/8/8/8/8/8/8/8", {}],
    ["an unknown piece letter", "rnbqkbnx/8/8/8/8/8/8/8", {}],
    ["a zero", "08/8/8/8/8/8/8/8", {}],
    ["two digits in a row", "44/8/8/8/8/8/8/8", {}],
    ["an empty rank", "/8/8/8/8/8/8/8", {}],
    ["the empty string", "", {}],
    ["free text", "hello world", {}],
    // Maps of squares to piece codes
    ["a map", { e1: "wK", e8: "bK", d4: "wQ" }, { e1: "wK", e8: "bK", d4: "wQ" }],
    ["an empty map", {}, {}],
    ["a map with an off-board square", { e1: "wK", i9: "bK" }, {}],
    ["a map with an upper-case square", { E1: "wK" }, {}],
    ["a map with a bad piece code", { e1: "wK", e8: "bX" }, {}],
    ["a map with a FEN letter instead of a code", { e1: "K" }, {}],
    ["a map with react-chessboard's object form", { e1: { pieceType: "wK" } }, {}],
    // Anything else
    ["undefined", undefined, {}],
    ["null", null, {}],
    ["a number", 42, {}],
    ["an array", ["wK"], {}],
    ["a Map instance", new Map([["e1", "wK"]]), {}],
  ];

  it.each(rows)("%s", (_name, input, expected) => {
    expect(parsePosition(input)).toEqual(expected);
  });
});

describe("makePlacement", () => {
  it.each([
    START_PLACEMENT,
    "4k3/8/8/8/8/8/8/4K3",
    "8/8/8/8/8/8/8/8",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R",
  ])("round-trips %s", (placement) => {
    const parsed = parsePlacement(placement);
    expect(parsed).toBeDefined();
    expect(makePlacement(parsed ?? {})).toBe(placement);
  });
});

describe("toChessboardPosition", () => {
  it("wraps each piece code for react-chessboard", () => {
    expect(toChessboardPosition({ e1: "wK", e8: "bK" })).toEqual({
      e1: { pieceType: "wK" },
      e8: { pieceType: "bK" },
    });
  });
});

function withoutSquare(position: PositionMap, square: keyof PositionMap): PositionMap {
  const copy = { ...position };
  delete copy[square];
  return copy;
}
