import { describe, expect, it } from "vitest";
import type { Square } from "./boardPosition.ts";
import { type TapResult, tap } from "./tapMove.ts";

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
