import { describe, expect, it } from "vitest";
import { makePgn, type PgnGame } from "./boardPgn.ts";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const NINE60 = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1";
const BLACK_AT_3 = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3";

const game = (change: Partial<PgnGame> = {}): PgnGame => ({
  tags: [
    ["Event", "Casual game"],
    ["White", "alice"],
  ],
  initialFen: START,
  sans: ["e4", "e5", "Nf3"],
  result: "*",
  ...change,
});
const movetext = (pgn: string) => pgn.split("\n\n")[1]?.replace(/\n/g, " ").trim();

describe("makePgn", () => {
  it("writes the tags in order, a blank line, the numbered moves and the result", () => {
    expect(makePgn(game())).toBe('[Event "Casual game"]\n[White "alice"]\n\n1. e4 e5 2. Nf3 *\n');
  });

  it.each<[string, Partial<PgnGame>, string]>([
    ["no moves", { sans: [], result: "1/2-1/2" }, "1/2-1/2"],
    ["Black first, from a position", { initialFen: BLACK_AT_3, sans: ["Nf6", "Ng5"] }, "3... Nf6 4. Ng5 *"],
    ["Chess960 castles", { initialFen: NINE60, sans: ["O-O", "O-O-O"], result: "1-0" }, "1. O-O O-O-O 1-0"],
    [
      "comments, and Black's move numbered again after one",
      { comment: (ply) => (ply === 1 ? "[%eval 0.35]" : undefined) },
      "1. e4 { [%eval 0.35] } 1... e5 2. Nf3 *",
    ],
    ["a comment before the first move", { startComment: "King's {Pawn}" }, "{ King's {Pawn) } 1. e4 e5 2. Nf3 *"],
  ])("%s", (_what, change, text) => {
    expect(movetext(makePgn(game(change)))).toBe(text);
  });

  it("names a start that is not the standard one with SetUp and FEN, after the other tags", () => {
    const pgn = makePgn(game({ initialFen: NINE60, sans: [] }));
    expect(pgn.split("\n").slice(0, 4)).toEqual([
      '[Event "Casual game"]',
      '[White "alice"]',
      '[SetUp "1"]',
      `[FEN "${NINE60}"]`,
    ]);
    expect(makePgn(game())).not.toContain("SetUp");
  });

  it("escapes quotes, backslashes and line breaks in tags", () => {
    expect(makePgn(game({ tags: [["White", 'a"b\\c\nd']] }))).toContain('[White "a\\"b\\\\c d"]');
  });

  it("keeps lines within 80 characters and never splits a comment", () => {
    const sans = Array.from({ length: 40 }, (_, i) => (i % 2 ? "Nf6" : "Nf3"));
    const pgn = makePgn(game({ sans, comment: () => "[%eval 0.10]" }));
    for (const line of (pgn.split("\n\n")[1] ?? "").split("\n")) {
      expect(line.length).toBeLessThanOrEqual(80);
      expect(line.split("{").length).toBe(line.split("}").length);
    }
  });
});
