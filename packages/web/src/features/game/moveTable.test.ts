import { describe, expect, it } from "vitest";
import { moveTable } from "./moveTable.ts";

describe("moveTable", () => {
  it("is empty without moves", () => {
    expect(moveTable([])).toEqual([]);
  });

  it("pairs white's and black's moves per number", () => {
    expect(moveTable(["e4", "e5", "Nf3"])).toEqual([
      { number: 1, white: { san: "e4", ply: 1 }, black: { san: "e5", ply: 2 } },
      { number: 2, white: { san: "Nf3", ply: 3 } },
    ]);
  });

  it("plays fool's mate in two rows", () => {
    const rows = moveTable(["f3", "e5", "g4", "Qh4#"]);
    expect(rows.map((r) => [r.number, r.white?.san, r.black?.san])).toEqual([
      [1, "f3", "e5"],
      [2, "g4", "Qh4#"],
    ]);
  });

  it("leaves white's first cell empty when black moves first, numbered from the position", () => {
    expect(moveTable(["Nf6", "c4", "e6"], "b", 12)).toEqual([
      { number: 12, black: { san: "Nf6", ply: 1 } },
      { number: 13, white: { san: "c4", ply: 2 }, black: { san: "e6", ply: 3 } },
    ]);
  });
});
