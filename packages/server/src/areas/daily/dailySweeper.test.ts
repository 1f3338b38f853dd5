import { START_FEN } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { type DeadlineRow, dueTimeouts } from "./dailySweeper.ts";

const AFTER_E4_E5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
const AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

const row = (gameId: string, deadline: number | null, fen = AFTER_E4_E5, ply = 2): DeadlineRow => ({
  gameId,
  deadline,
  fen,
  ply,
});

describe("dueTimeouts", () => {
  it.each<[string, DeadlineRow, string, string]>([
    ["White to move loses", row("g", 100), "black", "flag"],
    [
      "Black to move loses",
      row("g", 100, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2", 3),
      "white",
      "flag",
    ],
    ["a winner with a lone knight draws", row("g", 100, "4k3/8/8/8/8/8/8/3NK3 b - - 0 60", 119), "draw", "flag"],
    ["a winner with a lone king draws", row("g", 100, "4k3/8/8/8/8/8/8/3QK3 w - - 0 60", 118), "draw", "flag"],
    ["a winner with a pawn wins", row("g", 100, "4k3/8/8/8/8/8/4P3/4K3 b - - 0 60", 119), "white", "flag"],
    ["Chess960 reads the same", row("g", 100, "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R b HAha - 0 1", 40), "white", "flag"],
    ["no first move: aborted", row("g", 100, START_FEN, 0), "none", "abort"],
    ["no reply to the first move: aborted", row("g", 100, AFTER_E4, 1), "none", "abort"],
    ["a club match no-show loses", { ...row("g", 100, AFTER_E4, 1), noShowLoses: true }, "white", "flag"],
  ])("%s", (_name, r, winningColor, reason) => {
    expect(dueTimeouts([r], 100)).toEqual([{ gameId: "g", deadline: 100, result: { winningColor, reason } }]);
  });

  it("takes only the games whose deadline has come, never a paused one, the longest overdue first", () => {
    const rows = [
      row("late", 90),
      row("future", 101),
      row("paused", null),
      row("b", 50),
      row("a", 50),
      row("now", 100),
    ];
    expect(dueTimeouts(rows, 100).map((t) => t.gameId)).toEqual(["a", "b", "late", "now"]);
  });

  it("takes at most `limit` games a sweep", () => {
    const rows = [row("x", 3), row("y", 1), row("z", 2)];
    expect(dueTimeouts(rows, 100, 2).map((t) => t.gameId)).toEqual(["y", "z"]);
    expect(dueTimeouts(rows, 100, 0)).toEqual([]);
  });
});
