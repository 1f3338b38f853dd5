import { describe, expect, it } from "vitest";
import { gameSummary } from "./analysisGame.ts";
import { buildPgn, evalComment, pgnDate, pgnFileName } from "./pgn.ts";
import { SCHOLARS_ENTRIES, testGame } from "./testGame.ts";

const site = "http://chess.test/analysis?gameId=g1";

describe("buildPgn", () => {
  it("writes the seven-tag roster, the variant and time control, then the moves and the result", () => {
    expect(buildPgn(testGame(), { site })).toBe(
      [
        '[Event "Rated blitz game"]',
        `[Site "${site}"]`,
        '[Date "2024.05.31"]',
        '[Round "-"]',
        '[White "alice"]',
        '[Black "bob"]',
        '[Result "1-0"]',
        '[Variant "Standard"]',
        '[TimeControl "300+0"]',
        "",
        "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0",
        "",
      ].join("\n"),
    );
  });

  it("adds an eval comment per move, numbers Black's moves after a comment, and skips the mated position", () => {
    const pgn = buildPgn(testGame(), { site, evals: SCHOLARS_ENTRIES.map((e) => e.eval) });
    const movetext = pgn.split("\n\n")[1]?.replace(/\n/g, " ").trim();
    expect(movetext).toBe(
      "1. e4 { [%eval 0.35] } 1... e5 { [%eval 0.28] } 2. Qh5 { [%eval 0.00] } 2... Nc6 { [%eval 0.10] } " +
        "3. Bc4 { [%eval 0.40] } 3... Nf6 { [%eval #1] } 4. Qxf7# 1-0",
    );
  });

  it("keeps lines within 80 characters without splitting a comment", () => {
    const pgn = buildPgn(testGame(), { site, evals: SCHOLARS_ENTRIES.map((e) => e.eval) });
    const movetext = pgn.split("\n\n")[1] ?? "";
    for (const line of movetext.split("\n")) {
      expect(line.length).toBeLessThanOrEqual(80);
      expect(line.split("{").length).toBe(line.split("}").length);
    }
  });

  it("writes SetUp and FEN for a game from a position, and starts with Black's move number", () => {
    const fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    const blackToMove = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3";
    const pgn = buildPgn(
      testGame({ initialFen: blackToMove, sans: ["Nf6", "Ng5"], variant: "jumpstart", result: "*", rated: false }),
      { site },
    );
    expect(pgn).toContain('[Event "Casual jumpstart blitz game"]');
    expect(pgn).toContain('[Variant "From Position"]');
    expect(pgn).toContain('[SetUp "1"]');
    expect(pgn).toContain(`[FEN "${blackToMove}"]`);
    expect(pgn.trim().endsWith("3... Nf6 4. Ng5 *")).toBe(true);
    expect(buildPgn(testGame({ initialFen: fen, sans: [] }), { site })).toContain(`[FEN "${fen}"]`);
  });

  it("escapes quotes and backslashes in tags and marks unknown values", () => {
    const pgn = buildPgn(
      testGame({ white: 'a"b\\c', black: null, startedAt: null, baseTime: null, rated: null, timeClass: null }),
      { site },
    );
    expect(pgn).toContain('[White "a\\"b\\\\c"]');
    expect(pgn).toContain('[Black "?"]');
    expect(pgn).toContain('[Date "????.??.??"]');
    expect(pgn).toContain('[Event "Game"]');
    expect(pgn).not.toContain("TimeControl");
  });

  it("writes a game without a clock with PGN's '-' time control", () => {
    const pgn = buildPgn(testGame({ untimed: true, timeClass: "classical", baseTime: 0, rated: false }), { site });
    expect(pgn).toContain('[TimeControl "-"]');
    expect(pgn).toContain('[Event "Casual unlimited game"]');
  });
});

describe("a Chess960 game", () => {
  // King b1, rooks a1 and h1 for both sides: O-O-O is a king step, so castles are king takes rook.
  const NINE60 = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1";

  it("is named Chess960 in the summary and the PGN, with its start", () => {
    const game = testGame({ variant: "fun", initialFen: NINE60, sans: ["O-O", "O-O-O"] });
    expect(gameSummary(game)).toContain("Chess960 Blitz 5+0");
    const pgn = buildPgn(game, { site });
    expect(pgn).toContain('[Variant "Chess960"]');
    expect(pgn).toContain(`[FEN "${NINE60}"]`);
    expect(pgn).toContain("1. O-O O-O-O");
  });
});

describe("evalComment", () => {
  it.each([
    [35, "[%eval 0.35]"],
    [-120, "[%eval -1.20]"],
    [0, "[%eval 0.00]"],
    ["#3", "[%eval #3]"],
    ["#-2", "[%eval #-2]"],
    ["57", "[%eval 0.57]"],
    [10_000, undefined],
    [-10_000, undefined],
    [undefined, undefined],
    ["junk", undefined],
  ])("%j → %s", (e, comment) => {
    expect(evalComment(e)).toBe(comment);
  });
});

describe("pgnDate and pgnFileName", () => {
  it("formats UTC dates", () => {
    expect(pgnDate(Date.UTC(2025, 0, 2, 23, 59))).toBe("2025.01.02");
    expect(pgnDate(null)).toBe("????.??.??");
  });

  it("names the file by game", () => {
    expect(pgnFileName(testGame({ gameId: "Ab_9-x" }))).toBe("chess-game-Ab_9-x.pgn");
    expect(pgnFileName(testGame({ gameId: null }))).toBe("chess-game-analysis.pgn");
  });
});
