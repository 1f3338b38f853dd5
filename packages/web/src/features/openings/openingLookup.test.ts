import { describe, expect, it } from "vitest";
import { replayLine } from "../board/index.ts";
import { openingOf, parseOpenings } from "./openingLookup.ts";
import { OPENINGS_TSV } from "./openingsData.ts";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const table = parseOpenings(OPENINGS_TSV);
const named = (sans: string[], initialFen = START) => openingOf(table, replayLine(initialFen, sans).fens);

describe("openingOf: the last named position of the game", () => {
  it("reads lichess's table", () => {
    expect(table.size).toBeGreaterThan(3000);
  });

  it.each([
    [["e4"], "B00", "King's Pawn Game"],
    [["e4", "e5", "Nf3", "Nc6", "Bc4"], "C50", "Italian Game"],
    [["e4", "c5"], "B20", "Sicilian Defense"],
    [["d4", "d5", "c4"], "D06", "Queen's Gambit"],
  ])("%j → %s %s", (sans, eco, name) => {
    expect(named(sans)).toEqual({ eco, name });
  });

  it("names a transposition like the usual order", () => {
    expect(named(["Nf3", "Nc6", "e4", "e5", "Bc4"])).toEqual(named(["e4", "e5", "Nf3", "Nc6", "Bc4"]));
  });

  it("keeps the last name once the game leaves the book, and names nothing at the start", () => {
    const italian = named(["e4", "e5", "Nf3", "Nc6", "Bc4"]);
    expect(named(["e4", "e5", "Nf3", "Nc6", "Bc4", "a6", "a3", "h6", "h3", "Ra7"])).toEqual(italian);
    expect(named([])).toBeNull();
  });
});
