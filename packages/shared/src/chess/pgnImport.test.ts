import { describe, expect, it } from "vitest";
import { START_FEN } from "./board.ts";
import { PGN_LIMITS, pgnGameTitle, readPgn } from "./pgnImport.ts";

const LICHESS = `[Event "Rated blitz game"]
[Site "https://lichess.org/abcdefgh"]
[White "alice"]
[Black "bob"]
[Result "1-0"]
[Variant "Standard"]

1. e4 { [%eval 0.3] [%clk 0:03:00] } 1... e5 $1 2. Qh5!? Nc6 (2... g6 3. Qxe5+ { a comment
over two lines } Qe7) 3. Bc4 Nf6?? 4. Qxf7# 1-0
`;

const one = (text: string) => {
  const read = readPgn(text);
  if (!read.ok) throw new Error(read.error);
  return read.games;
};

describe("readPgn", () => {
  it("reads a lichess export: tags, main line, result, its variation and comments as a tree; NAGs skipped", () => {
    const [game, ...rest] = one(LICHESS);
    expect(rest).toEqual([]);
    expect(game).toMatchObject({
      line: 1,
      tags: { White: "alice", Black: "bob", Result: "1-0" },
      initialFen: START_FEN,
      chess960: false,
      sans: ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"],
      uci: ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"],
      result: "1-0",
    });
    expect(game?.error).toBeUndefined();
    expect(game && pgnGameTitle(game)).toBe("alice vs bob · 1-0 · 4 moves");
    // 2... g6 is an alternative to 2... Nc6: a second move after 2. Qh5, the game's own first.
    expect(game?.tree).toEqual([
      {
        s: "e4",
        c: [
          {
            s: "e5",
            c: [
              {
                s: "Qh5",
                c: [
                  { s: "Nc6", c: [{ s: "Bc4", c: [{ s: "Nf6", c: [{ s: "Qxf7#" }] }] }] },
                  { s: "g6", c: [{ s: "Qxe5+", m: "a comment over two lines", c: [{ s: "Qe7" }] }] },
                ],
              },
            ],
          },
        ],
      },
    ]);
  });

  it("keeps comments after moves as text (lichess's [%...] commands dropped), one before a variation's first move with it", () => {
    const long = "x".repeat(PGN_LIMITS.comment + 50);
    const [game] = one(
      `{Intro} 1. e4 {Best by test} {[%clk 0:01:00]} e5 {<b>bold</b> & "quoted"} 2. Nf3 ({Or} 2. f4 {${long}}) *`,
    );
    expect(game?.tree).toEqual([
      {
        s: "e4",
        m: "Best by test",
        c: [
          {
            s: "e5",
            m: '<b>bold</b> & "quoted"',
            c: [{ s: "Nf3" }, { s: "f4", m: `Or ${long}`.slice(0, PGN_LIMITS.comment) }],
          },
        ],
      },
    ]);
    // Before a variation's first move that has no comment of its own, nested too; in an empty variation, none.
    expect(one("1. e4 e5 ({Or} 1... c5 ({Or even} 1... e6)) ( {Nothing} ) *")[0]?.tree).toEqual([
      { s: "e4", c: [{ s: "e5" }, { s: "c5", m: "Or" }, { s: "e6", m: "Or even" }] },
    ]);
    // Only [%...] commands: no comment, and no tree for a game without variations or comments.
    expect(one("1. e4 { [%eval 0.3] } e5 *")[0]?.tree).toEqual([]);
  });

  it("keeps the comment before the first move as the game's opening comment", () => {
    const [game] = one(`{Intro} 1. e4 {Best by test} e5 *`);
    expect(game?.comment).toBe("Intro");
    expect(game?.sans).toEqual(["e4", "e5"]);
    expect(game?.tree).toEqual([{ s: "e4", m: "Best by test", c: [{ s: "e5" }] }]);
    // After the tags, over two comments (joined, commands dropped, cut to the limit); a game without a tree too.
    const long = "y".repeat(PGN_LIMITS.comment);
    const [tagged] = one(`[White "alice"]\n\n{ King's Gambit [%evp 0,1] } {${long}}\n1. e4 e5 2. f4 *`);
    expect(tagged?.comment).toBe(`King's Gambit ${long}`.slice(0, PGN_LIMITS.comment));
    expect(tagged?.tree).toEqual([]);
    // Only commands, or no comment at all: none.
    expect(one("{ [%clk 0:05:00] } 1. e4 *")[0]?.comment).toBeUndefined();
    expect(one("1. e4 *")[0]?.comment).toBeUndefined();
  });

  it("reads nested variations, side by side ones, and one at the first move; a game without any has no tree", () => {
    const [game] = one("1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) (1. c4) 1... e5 2. Nf3 (2. f4 exf4) *");
    expect(game?.sans).toEqual(["e4", "e5", "Nf3"]);
    expect(game?.tree).toEqual([
      { s: "e4", c: [{ s: "e5", c: [{ s: "Nf3" }, { s: "f4", c: [{ s: "exf4" }] }] }] },
      {
        s: "d4",
        c: [
          { s: "d5", c: [{ s: "c4" }] },
          { s: "Nf6", c: [{ s: "c4" }] },
        ],
      },
      { s: "c4" },
    ]);
    expect(one("1. e4 e5 *")[0]?.tree).toEqual([]);
  });

  it("reads a Chess960 castle in a variation", () => {
    const [game] = one(
      '[Variant "Chess960"]\n[FEN "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1"]\n\n1. O-O (1. O-O-O) O-O-O *',
    );
    expect(game?.tree).toEqual([{ s: "O-O", c: [{ s: "O-O-O" }] }, { s: "O-O-O" }]);
  });

  it.each<[string, string, string[]]>([
    ["bare moves, no tags", "1.e4 e5 2.Nf3", ["e4", "e5", "Nf3"]],
    ["castling with zeros, check signs, extra disambiguation", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. 0-0 Ng1f6", []],
    [
      "a promotion without '='",
      "1. h4 g5 2. hxg5 h6 3. g6 Nf6 4. g7 Ng8 5. gxh8Q",
      ["h4", "g5", "hxg5", "h6", "g6", "Nf6", "g7", "Ng8", "gxh8=Q"],
    ],
  ])("reads %s", (_what, text, sans) => {
    const [game] = one(text);
    if (sans.length > 0) expect(game?.sans).toEqual(sans);
    else expect(game?.error).toMatch(/^Invalid move in PGN: 4\.\.\. Ng1f6 \(line 1\)$/);
  });

  it("starts from a FEN tag, and reads Chess960 from its Variant tag", () => {
    const [fromFen] = one('[FEN "8/8/8/8/8/5k2/8/7K w - - 0 1"]\n[SetUp "1"]\n\n1. Kg1 Ke2 *');
    expect(fromFen).toMatchObject({ initialFen: "8/8/8/8/8/5k2/8/7K w - - 0 1", sans: ["Kg1", "Ke2"], result: "*" });
    const [nine60] = one(
      '[Variant "Chess960"]\n[FEN "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1"]\n\n1. O-O O-O-O *',
    );
    expect(nine60).toMatchObject({ chess960: true, initialFen: "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1" });
    expect(nine60?.uci[0]).toBe("b1h1");
  });

  it("splits a file of many games, each with its line and own text", () => {
    const games = one(`${LICHESS}\n[White "carol"]\n[Black "dave"]\n\n1. d4 d5 1/2-1/2\n\n1. c4 *`);
    expect(games.map((g) => [g.line, g.tags.White, g.sans.length, g.result])).toEqual([
      [1, "alice", 7, "1-0"],
      [11, "carol", 2, "1/2-1/2"],
      [16, undefined, 1, "*"],
    ]);
    expect(games[1]?.text).toBe('[White "carol"]\n[Black "dave"]\n\n1. d4 d5 1/2-1/2');
    expect(one(games[0]?.text ?? "")[0]?.sans).toEqual(games[0]?.sans);
  });

  it.each<[string, string, string]>([
    [
      "an illegal move, with its number and line",
      `[White "a"]\n\n1. e4 e5\n2. Ke3 *`,
      "Invalid move in PGN: 2. Ke3 (line 4)",
    ],
    ["a bad FEN", '[White "a"]\n[FEN "8/8/8 w - - 0 1"]\n\n1. e4 *', "(line 2)"],
    ["an unsupported variant", '[Variant "Atomic"]\n\n1. e4 *', 'Variant "Atomic" is not supported (line 1)'],
    ["an unclosed variation", "1. e4 (1. d4 d5 2. c4 *", "Unclosed variation from line 1"],
    ["an illegal move in a variation", "1. e4 e5\n(1... Ke6) *", "Invalid move in a variation: 1... Ke6 (line 2)"],
    ["a variation before any move", "( 1. d4 ) 1. e4 *", "A variation before any move on line 1"],
    ["a null move", "1. e4 -- 2. d4 *", "Invalid move in PGN: 1... -- (line 1)"],
  ])("names what is wrong with a game: %s", (_what, text, error) => {
    expect(one(text)[0]?.error).toContain(error);
  });

  it.each<[string, string, string]>([
    ["an unclosed comment", "1. e4 {oops\n\n e5 *", "Unclosed comment from line 1"],
    ["a broken tag", '[White "alice]\n1. e4 *', 'Invalid PGN tag on line 1: [White "alice]'],
    ["nothing", "  \n ", "No game found in the PGN"],
    ["too much text", "e4 ".repeat(400_000), "A PGN file may be at most 1 MB"],
    ["too many games", "1. e4 * ".repeat(PGN_LIMITS.games + 1), "at most 100 games (this one has 101)"],
  ])("refuses a file with %s", (_what, text, error) => {
    const read = readPgn(text);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error).toContain(error);
  });

  it("keeps a game at most 600 plies long", () => {
    const shuffle = "Nf3 Nf6 Ng1 Ng8 ".repeat(151);
    expect(one(shuffle)[0]?.error).toBe("A game may have at most 600 moves (line 1)");
  });
});
