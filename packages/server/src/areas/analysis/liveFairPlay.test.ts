import { describe, expect, it } from "vitest";
import { atOrOneMoveFrom, helpsLiveGame, positionKey } from "./liveFairPlay.ts";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
const AFTER_E4_E5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
// White to move with both castles open: O-O changes four squares.
const CASTLE_READY = "r3k2r/pppq1ppp/2npbn2/4p3/2B1P3/2NP1N2/PPPQ1PPP/R3K2R w KQkq - 4 8";
const AFTER_O_O = "r3k2r/pppq1ppp/2npbn2/4p3/2B1P3/2NP1N2/PPPQ1PPP/R4RK1 b kq - 5 8";
// Chess960 (castling names rook files): king b1, rooks a1 and h1; O-O-O puts the king on c1 and the rook on d1.
const C960 = "rk4nr/pppppppp/8/8/8/8/PPPPPPPP/RK4NR w HAha - 0 1";

describe("atOrOneMoveFrom", () => {
  it.each([
    [
      "the live position itself, whatever its counters say",
      START,
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 30",
      true,
    ],
    ["a position one pawn move away", START, AFTER_E4, true],
    ["a position two moves away", START, AFTER_E4_E5, false],
    [
      "the same placement with the other side to move (no move leads there)",
      AFTER_E4,
      "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1",
      false,
    ],
    ["a castle: four squares change", CASTLE_READY, AFTER_O_O, true],
    ["the position before the live one (one move back, not forward)", AFTER_E4, START, false],
  ])("%s", (_what, live, searched, expected) => {
    expect(atOrOneMoveFrom(live, positionKey(searched))).toBe(expected);
  });

  it("knows Chess960 castles (king takes rook)", () => {
    expect(atOrOneMoveFrom(C960, positionKey("rk4nr/pppppppp/8/8/8/8/PPPPPPPP/2KR2NR b ha - 1 1"))).toBe(true);
  });

  it("ignores a live FEN it cannot read", () => {
    expect(atOrOneMoveFrom("not a fen", positionKey(START))).toBe(false);
  });
});

describe("helpsLiveGame", () => {
  it("is true when any searched position is at or one move from any live one", () => {
    expect(helpsLiveGame([AFTER_E4_E5, AFTER_O_O], [START, CASTLE_READY])).toBe(true);
    expect(helpsLiveGame([AFTER_E4_E5], [START, CASTLE_READY])).toBe(false);
    expect(helpsLiveGame([AFTER_E4], [])).toBe(false);
  });
});
