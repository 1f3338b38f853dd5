import { describe, expect, it } from "vitest";
import type { Square } from "./boardPosition.ts";
import { legalDestinations, premoveDestinations, type TapResult, tap } from "./tapMove.ts";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";

// White's pieces on ranks 1–2 of the start may be selected; e2 goes to e3/e4, g1 to f3/h3.
const rules = {
  canSelect: (sq: Square) => sq[1] === "1" || sq[1] === "2",
  destinations: (from: Square): Square[] => {
    const table: Record<string, Square[]> = { e2: ["e3", "e4"], g1: ["f3", "h3"] };
    return table[from] ?? [];
  },
};

describe("tap", () => {
  const rows: Array<[string, Square | null, Square, TapResult]> = [
    ["selects an own piece", null, "e2", { kind: "select", square: "e2" }],
    ["ignores an empty square with nothing selected", null, "e5", { kind: "none" }],
    ["ignores an opponent's piece with nothing selected", null, "e7", { kind: "none" }],
    ["moves to a destination", "e2", "e4", { kind: "move", from: "e2", to: "e4" }],
    ["deselects on the selected piece again", "e2", "e2", { kind: "deselect" }],
    ["deselects on an empty non-destination", "e2", "e5", { kind: "deselect" }],
    ["deselects on an opponent's piece that is no destination", "e2", "e7", { kind: "deselect" }],
    ["switches to another own piece", "e2", "g1", { kind: "select", square: "g1" }],
    ["moves the newly selected piece", "g1", "f3", { kind: "move", from: "g1", to: "f3" }],
  ];
  it.each(rows)("%s", (_name, selected, square, expected) => {
    expect(tap(selected, square, rules)).toEqual(expected);
  });
});

describe("legalDestinations", () => {
  it.each([
    [START, "e2", ["e3", "e4"]],
    [START, "g1", ["f3", "h3"]],
    [START, "e7", []], // not the side to move
    [START, "e4", []], // empty
    ["not a fen", "e2", []],
    // a pawn reaching the last rank is one destination, whatever it becomes
    ["8/P7/8/8/8/8/8/k6K w - - 0 1", "a7", ["a8"]],
    // castling is the king's move to g1
    ["4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1", ["d1", "d2", "e2", "f2", "f1", "g1"]],
  ])("%s from %s", (fen, from, expected) => {
    expect(legalDestinations(fen, from).sort()).toEqual([...expected].sort());
  });
});

describe("premoveDestinations", () => {
  it("gives white's moves while black is to move", () => {
    expect(premoveDestinations(AFTER_E4, "g1").sort()).toEqual(["e2", "f3", "h3"]);
  });
  it("adds a pawn's diagonals, where a capture may become possible", () => {
    expect(premoveDestinations(AFTER_E4, "d2").sort()).toEqual(["c3", "d3", "d4", "e3"]);
  });
  it("keeps diagonals on the board", () => {
    expect(premoveDestinations(AFTER_E4, "a2").sort()).toEqual(["a3", "a4", "b3"]);
  });
  it("gives nothing for an unreadable position", () => {
    expect(premoveDestinations("nonsense", "e2")).toEqual([]);
  });
});

describe("Chess960 destinations", () => {
  const NINE60 = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1";

  it("offer the king its own rooks and the g-file, and premoves read the position", () => {
    expect(legalDestinations(NINE60, "b1").sort()).toEqual(["a1", "c1", "g1", "h1"]);
    expect(premoveDestinations(NINE60.replace(" w ", " b "), "a2").sort()).toEqual(["a3", "a4", "b3"]);
  });
});
