import { eloDeltas, NO_ELO_CHANGE, newClock } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { finishing } from "./gameFinisher.ts";
import { type GameRound, sanMovesOf } from "./gameRound.ts";
import { testRound } from "./testRound.ts";

/** A rated game between two accounts rated 1500 and 1600 (unless changed), at ply 10. */
function round(change: Partial<GameRound> = {}): GameRound {
  return testRound({
    rated: true,
    players: { w: { sessionId: "sw", userId: 1, name: "W" }, b: { sessionId: "sb", userId: 2, name: "B" } },
    elo: { w: 1500, b: 1600 },
    deltas: { w: eloDeltas(1500, 1600, 40), b: eloDeltas(1600, 1500, 40) },
    sanMoves: sanMovesOf(["e4", "e5"]),
    clock: { ...newClock(180_000, 0), runningSince: 1_000, turn: "w" },
    ply: 10,
    eventNo: 10,
    epoch: 3,
    ...change,
  });
}

const w = eloDeltas(1500, 1600, 40);
const b = eloDeltas(1600, 1500, 40);

describe("finishing", () => {
  it.each([
    // name, round, result → status, rating change {w, b}, ratings written
    [
      "White wins a rated game",
      round(),
      { winningColor: "white", reason: "checkmate" },
      "finished",
      { w: w.winEloDelta, b: b.lossEloDelta },
      2,
    ],
    [
      "a rated draw",
      round(),
      { winningColor: "draw", reason: "draw" },
      "finished",
      { w: w.drawEloDelta, b: b.drawEloDelta },
      2,
    ],
    [
      "Black wins on time",
      round(),
      { winningColor: "black", reason: "flag" },
      "finished",
      { w: w.lossEloDelta, b: b.winEloDelta },
      2,
    ],
    [
      "an aborted game changes nothing",
      round(),
      { winningColor: "none", reason: "abort" },
      "aborted",
      { w: 0, b: 0 },
      0,
    ],
    [
      "an unrated game changes nothing",
      round({ rated: false, deltas: { w: NO_ELO_CHANGE, b: NO_ELO_CHANGE } }),
      { winningColor: "white", reason: "resign" },
      "finished",
      { w: 0, b: 0 },
      0,
    ],
  ] as const)("%s", (_name, r, result, status, change, ratings) => {
    const { write, change: got } = finishing(r, result, 61_000);
    expect(write.status).toBe(status);
    expect(got).toEqual(change);
    expect(write.ratingChanges).toHaveLength(ratings);
    expect(write.epoch).toBe(3);
    expect(write.moves).toBe("e4 e5");
  });

  it("stops the clock at the end, charging the side to move until then", () => {
    const { write } = finishing(round(), { winningColor: "black", reason: "resign" }, 61_000);
    expect(write.clock).toMatchObject({ runningSince: null, remaining: { w: 120_000, b: 180_000 } });
    expect(write.endedAt).toEqual(new Date(61_000));
  });

  it("scores a rated club game for the club's standings", () => {
    const { write } = finishing(round({ clubId: 9 }), { winningColor: "draw", reason: "draw" }, 2_000);
    expect(write.club).toEqual({
      clubId: 9,
      variant: "standard",
      timeClass: "blitz",
      white: 1,
      black: 2,
      whiteScore: 0.5,
    });
    expect(
      finishing(round({ clubId: 9 }), { winningColor: "none", reason: "abort" }, 2_000).write.club,
    ).toBeUndefined();
  });
});
