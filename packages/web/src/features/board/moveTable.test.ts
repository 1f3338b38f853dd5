import { describe, expect, it } from "vitest";
import { moveLabel, moveTable, numberedLine, numberMoves } from "./moveTable.ts";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const AFTER_NC6 = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
const BLACK_AT_12 = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 12";

describe("numberMoves and moveLabel", () => {
  it("numbers from the position: White's move, then Black's with the same number", () => {
    expect(numberMoves(START, ["e4", "e5", "Nf3"]).map(moveLabel)).toEqual(["1. e4", "1... e5", "2. Nf3"]);
    expect(numberMoves(BLACK_AT_12, ["Nf6", "Nc3"])).toEqual([
      { ply: 1, number: 12, color: "b", san: "Nf6" },
      { ply: 2, number: 13, color: "w", san: "Nc3" },
    ]);
  });
});

describe("numberedLine", () => {
  it.each([
    [AFTER_NC6, ["Bb5", "Nf6", "O-O"], "3. Bb5 Nf6 4. O-O"],
    [BLACK_AT_12, ["Nf6", "Nc3", "Bc5"], "12... Nf6 13. Nc3 Bc5"],
    [START, [], ""],
  ])("%s: %j", (fen, sans, text) => {
    expect(numberedLine(fen, sans)).toBe(text);
  });
});

describe("moveTable", () => {
  it("is empty without moves", () => {
    expect(moveTable(START, [])).toEqual([]);
  });

  it("pairs white's and black's moves per number", () => {
    expect(moveTable(START, ["e4", "e5", "Nf3"])).toEqual([
      { number: 1, white: { san: "e4", ply: 1 }, black: { san: "e5", ply: 2 } },
      { number: 2, white: { san: "Nf3", ply: 3 } },
    ]);
  });

  it("plays fool's mate in two rows", () => {
    const rows = moveTable(START, ["f3", "e5", "g4", "Qh4#"]);
    expect(rows.map((r) => [r.number, r.white?.san, r.black?.san])).toEqual([
      [1, "f3", "e5"],
      [2, "g4", "Qh4#"],
    ]);
  });

  it("leaves white's first cell empty when black moves first, numbered from the position", () => {
    expect(moveTable(BLACK_AT_12, ["Nf6", "c4", "e6"])).toEqual([
      { number: 12, black: { san: "Nf6", ply: 1 } },
      { number: 13, white: { san: "c4", ply: 2 }, black: { san: "e6", ply: 3 } },
    ]);
  });
});
