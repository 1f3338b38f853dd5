import { Board, CONDITIONAL_LIMITS, type Color, START_FEN } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { answerConditionals, type ConditionalLine, validateConditionals } from "./dailyConditionals.ts";

/** The FEN after `moves` (UCI) from `fen`. */
const after = (moves: string[], fen = START_FEN) => {
  const board = Board.fromFen(fen);
  for (const m of moves) board.play({ from: m.slice(0, 2), to: m.slice(2, 4), promotion: m[4] });
  return board.fen();
};

/** Knights out and back: 31 legal-looking plies (a repetition ends it before that). */
const shuffle = Array.from({ length: 31 }, (_, i) => ["g1f3", "g8f6", "f3g1", "f6g8"][i % 4]!);
/** 30 plies of pawn moves, no repetition. */
const pawns = (
  "a2a3 a7a6 b2b3 b7b6 c2c3 c7c6 d2d3 d7d6 e2e3 e7e6 f2f3 f7f6 g2g3 g7g6 h2h3 h7h6 " +
  "a3a4 a6a5 b3b4 b6b5 c3c4 c6c5 d3d4 d6d5 e3e4 e6e5 f3f4 f6f5 g3g4 g6g5"
).split(" ");
const CASTLES = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
const CHESS960 = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1";
const PROMOTION = "7k/4P3/8/8/8/8/8/K7 b - - 0 1";

describe("validateConditionals", () => {
  it.each<[string, string, Color, ConditionalLine[], string[][]]>([
    ["no lines (all withdrawn)", START_FEN, "b", [], []],
    [
      "lines that part on the opponent's moves",
      START_FEN,
      "b",
      [
        ["e2e4", "e7e5", "g1f3", "b8c6"],
        ["e2e4", "e7e5", "f1c4", "g8f6"],
        ["d2d4", "d7d5"],
      ],
      [
        ["e2e4", "e7e5", "g1f3", "b8c6"],
        ["e2e4", "e7e5", "f1c4", "g8f6"],
        ["d2d4", "d7d5"],
      ],
    ],
    ["upper case and spaces are read", START_FEN, "b", [[" E2E4", "C7C5 "]], [["e2e4", "c7c5"]]],
    [
      "a line ending with the opponent's move is kept",
      START_FEN,
      "b",
      [["e2e4", "e7e5", "g1f3"]],
      [["e2e4", "e7e5", "g1f3"]],
    ],
    [
      "duplicates are dropped",
      START_FEN,
      "b",
      [
        ["e2e4", "e7e5"],
        ["e2e4", "e7e5"],
      ],
      [["e2e4", "e7e5"]],
    ],
    ["White's lines wait for Black", after(["e2e4"]), "w", [["c7c5", "g1f3"]], [["c7c5", "g1f3"]]],
    ["a castle stays king to g8 in standard chess", CASTLES, "b", [["a2a3", "e8g8"]], [["a2a3", "e8g8"]]],
    ["a Chess960 castle is named king takes rook", CHESS960, "b", [["a2a3", "b8g8"]], [["a2a3", "b8h8"]]],
    ["a Chess960 castle may be entered so", CHESS960, "b", [["a2a3", "b8h8"]], [["a2a3", "b8h8"]]],
    ["a promotion names its piece", PROMOTION, "w", [["h8g8", "e7e8n"]], [["h8g8", "e7e8n"]]],
    [
      "a piece named for a move that does not promote is dropped",
      START_FEN,
      "b",
      [["e2e4q", "e7e5"]],
      [["e2e4", "e7e5"]],
    ],
    ["the longest line that fits", START_FEN, "b", [pawns], [pawns]],
  ])("accepts %s", (_name, fen, player, lines, expected) => {
    expect(validateConditionals({ fen }, player, lines)).toEqual({ ok: true, lines: expected });
  });

  it.each<[string, string, Color, ConditionalLine[], string, string]>([
    [
      "more than 30 lines",
      START_FEN,
      "b",
      Array.from({ length: 31 }, () => ["e2e4", "e7e5"]),
      "too_many_lines",
      "At most 30 conditional lines: there are 31",
    ],
    ["a line of 31 moves", START_FEN, "b", [shuffle], "line_too_long", "Line 1 has 31 moves: at most 30"],
    [
      "a line with no answer",
      START_FEN,
      "b",
      [["e2e4", "e7e5"], ["d2d4"]],
      "line_too_short",
      "Line 2 needs your opponent's move and your answer",
    ],
    ["an empty line", START_FEN, "b", [[]], "line_too_short", "Line 1 needs your opponent's move and your answer"],
    [
      "lines on your own turn",
      START_FEN,
      "w",
      [["e2e4", "e7e5"]],
      "your_turn",
      "Conditional moves wait for your opponent's move: it is your turn",
    ],
    ["a square off the board", START_FEN, "b", [["e2e9", "e7e5"]], "bad_move", 'Line 1, move 1: "e2e9" is not a move'],
    ["SAN instead of UCI", START_FEN, "b", [["e4", "e5"]], "bad_move", 'Line 1, move 1: "e4" is not a move'],
    [
      "an illegal move",
      START_FEN,
      "b",
      [
        ["e2e4", "e7e5"],
        ["d2d4", "d7d5", "c1c5", "g8f6"],
      ],
      "illegal",
      "Line 2, move 3: c1c5 is not legal there",
    ],
    [
      "the player's move first",
      START_FEN,
      "b",
      [["e7e5", "e2e4"]],
      "illegal",
      "Line 1, move 1: e7e5 is not legal there",
    ],
    [
      "a promotion without its piece",
      PROMOTION,
      "w",
      [["h8g8", "e7e8"]],
      "illegal",
      "Line 1, move 2: e7e8 is not legal there",
    ],
    [
      "a king-takes-rook castle in standard chess",
      CASTLES,
      "b",
      [["a2a3", "e8h8"]],
      "illegal",
      "Line 1, move 2: e8h8 is not legal there",
    ],
    [
      "a move after checkmate",
      after(["f2f3", "e7e5", "g2g4"]),
      "w",
      [["d8h4", "e1f2"]],
      "after_end",
      "Line 1, move 2: the game is over after the move before",
    ],
    [
      "a move after a threefold repetition in the line",
      START_FEN,
      "b",
      [shuffle.slice(0, 9)],
      "after_end",
      "Line 1, move 9: the game is over after the move before",
    ],
    [
      "two answers to one move",
      START_FEN,
      "b",
      [
        ["d2d4", "d7d5"],
        ["e2e4", "e7e5", "g1f3", "b8c6"],
        ["e2e4", "e7e5", "g1f3", "g8f6"],
      ],
      "conflict",
      "Lines 2 and 3 answer g1f3 differently: b8c6 and g8f6",
    ],
    [
      "a game already over",
      after(["f2f3", "e7e5", "g2g4", "d8h4"]),
      "b",
      [["e1f2", "e8e7"]],
      "over",
      "This game is over",
    ],
  ])("refuses %s", (_name, fen, player, lines, code, message) => {
    expect(validateConditionals({ fen }, player, lines)).toEqual({ ok: false, code, message });
  });

  it("reads a position as Chess960 when told, whatever its castling field", () => {
    const xfen = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1";
    expect(validateConditionals({ fen: xfen, chess960: true }, "b", [["a2a3", "b8h8"]])).toEqual({
      ok: true,
      lines: [["a2a3", "b8h8"]],
    });
  });

  it("allows 30 lines", () => {
    expect(CONDITIONAL_LIMITS).toEqual({ lines: 30, plies: 30 });
    const lines = Array.from({ length: 30 }, () => ["e2e4", "e7e5"]);
    expect(validateConditionals({ fen: START_FEN }, "b", lines)).toEqual({ ok: true, lines: [["e2e4", "e7e5"]] });
  });
});

describe("answerConditionals", () => {
  const lines = [
    ["e2e4", "e7e5", "g1f3", "b8c6"],
    ["e2e4", "e7e5", "f1c4", "g8f6", "d2d3", "f8c5"],
    ["e2e4", "e7e5", "b1c3"],
    ["d2d4", "d7d5"],
  ];

  it.each<[string, ConditionalLine[], string, string | null, string[][]]>([
    [
      "a foreseen move is answered and its lines go on",
      lines,
      "e2e4",
      "e7e5",
      [
        ["g1f3", "b8c6"],
        ["f1c4", "g8f6", "d2d3", "f8c5"],
      ],
    ],
    ["a line's last answer leaves nothing", lines, "d2d4", "d7d5", []],
    ["an unforeseen move drops every line", lines, "c2c4", null, []],
    ["no lines, no answer", [], "e2e4", null, []],
  ])("%s", (_name, given, played, answer, left) => {
    expect(answerConditionals(given, played)).toEqual({ answer, lines: left });
  });

  it("follows a line to its end, and every answer is legal", () => {
    const player = "b";
    const checked = validateConditionals({ fen: START_FEN }, player, lines);
    if (!checked.ok) throw new Error(checked.message);
    const board = Board.fromFen(START_FEN);
    let left: string[][] = checked.lines;
    for (const reply of ["e2e4", "f1c4", "d2d3"]) {
      board.play({ from: reply.slice(0, 2), to: reply.slice(2, 4) });
      const r = answerConditionals(left, board.lastMove()!);
      expect(r.answer).not.toBeNull();
      expect(board.play({ from: r.answer!.slice(0, 2), to: r.answer!.slice(2, 4) })).toBeDefined();
      left = r.lines;
    }
    expect(board.fen()).toBe(after(["e2e4", "e7e5", "f1c4", "g8f6", "d2d3", "f8c5"]));
    expect(left).toEqual([]);
  });
});
