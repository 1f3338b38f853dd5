import { type ClockState, newClock } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { watchEntryOf, watchedGameJson } from "./watchJson.ts";
import type { LiveGameRow, LivePosition } from "./watchRepo.ts";

const AFTER_E5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";

const gameClock: ClockState = newClock(300_000, 0);

function row(stateClock: LiveGameRow["stateClock"] = null): LiveGameRow {
  return {
    id: "g1",
    variant: "standard",
    timeClass: "blitz",
    baseMs: 300_000,
    incrementMs: 0,
    untimed: false,
    rated: false,
    initialFen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    clock: gameClock,
    whiteName: "alice",
    blackName: "bob",
    whiteUserId: null,
    blackUserId: null,
    whiteElo: null,
    blackElo: null,
    createdAt: new Date(0),
    stateClock,
  };
}

/** Black answered 1. e4 with 1...e5 at 10 s: White's clock runs from then. */
const afterE5: LivePosition = {
  gameId: "g1",
  ply: 2,
  fen: AFTER_E5,
  uci: "e7e5",
  clock: { whiteMs: 295_000, blackMs: 297_000, lagW: 0, lagB: 0, runningSince: 10_000 },
};

/** The same clock after a restart that credited White 8 s of nobody serving the game. */
const credited: ClockState = {
  ...gameClock,
  remaining: { w: 293_000, b: 297_000 },
  turn: "w",
  runningSince: 20_000,
};

describe("watchedGameJson", () => {
  it.each([
    // name, stored state clock, shown position → White's time at 25 s
    ["the last move's clock", null, afterE5, 280_000],
    ["the round's clock at the same ply: a restart's credit shows", { atPly: 2, clock: credited }, afterE5, 288_000],
    [
      "a round's clock from before the last move is stale",
      { atPly: 1, clock: { ...credited, turn: "b" as const } },
      afterE5,
      280_000,
    ],
    [
      "before the first move, the round's clock at ply 0",
      { atPly: 0, clock: { ...gameClock, remaining: { w: 300_000, b: 300_000 } } },
      undefined,
      300_000,
    ],
  ] as const)("%s", (_name, stateClock, position, whiteLeft) => {
    const game = watchedGameJson(watchEntryOf(row(stateClock)), position, 25_000);
    expect(game.timeLeft.w).toBe(whiteLeft);
    expect(game.ply).toBe(position?.ply ?? 0);
  });
});
