import { newClock } from "@chess/shared";
import { describe, expect, it } from "vitest";
import type { PersistedRoundState } from "../../storage/schema.ts";
import { FIRST_MOVE_MS, type GameRound } from "./gameRound.ts";
import { restoreRoundState, roundStateOf } from "./roundState.ts";
import { testRound } from "./testRound.ts";

/** A round as rebuilt from `ply` stored moves, before its state is put back. */
function rebuilt(ply: number): GameRound {
  return testRound({ ply, eventNo: ply, createdAt: 1_000, clock: { ...newClock(180_000, 2_000), turn: "w" } });
}

const state = (change: Partial<PersistedRoundState>): PersistedRoundState => ({
  eventNo: 4,
  atPly: 2,
  drawOfferBy: null,
  lastDrawOfferPly: { w: 2, b: -100 },
  firstMoveDeadline: null,
  goneSince: { w: null, b: 50_000 },
  ...change,
});

describe("restoreRoundState", () => {
  it.each([
    // name, stored ply, state, first move's time → eventNo, drawOfferBy, firstMoveDeadline
    ["a draw offer and its decline at ply 2, nothing since", 2, state({}), undefined, 4, null, null],
    ["a pending draw offer at ply 2", 2, state({ eventNo: 3, drawOfferBy: "w" }), undefined, 3, "w", null],
    [
      "a pending offer withdrawn by two later moves",
      4,
      state({ eventNo: 3, drawOfferBy: "w" }),
      undefined,
      5,
      null,
      null,
    ],
    ["no state (a game from before): events are the moves", 3, null, undefined, 3, null, null],
    [
      "a new game: its stored first-move deadline",
      0,
      state({ eventNo: 0, atPly: 0, firstMoveDeadline: 21_000 }),
      undefined,
      0,
      null,
      21_000,
    ],
    [
      "one move since the state: Black's deadline runs from that move",
      1,
      state({ eventNo: 0, atPly: 0, firstMoveDeadline: 21_000 }),
      9_000,
      1,
      null,
      9_000 + FIRST_MOVE_MS.blitz,
    ],
    [
      "no state at ply 0: the deadline from the game's creation",
      0,
      null,
      undefined,
      0,
      null,
      1_000 + FIRST_MOVE_MS.blitz,
    ],
  ] as const)("%s", (_name, ply, stored, firstMovedAt, eventNo, drawOfferBy, deadline) => {
    const round = rebuilt(ply);
    restoreRoundState(round, stored, firstMovedAt);
    expect({ eventNo: round.eventNo, drawOfferBy: round.drawOfferBy, deadline: round.firstMoveDeadline }).toEqual({
      eventNo,
      drawOfferBy,
      deadline,
    });
  });

  it.each([
    ["a new game with no state", 0, null, undefined],
    ["one move since its state", 1, state({ eventNo: 0, atPly: 0 }), 9_000],
  ] as const)("sets no first-move deadline on an untimed game: %s", (_name, ply, stored, firstMovedAt) => {
    const round = Object.assign(rebuilt(ply), { untimed: true, timeClass: "classical" });
    restoreRoundState(round, stored, firstMovedAt);
    expect(round.firstMoveDeadline).toBeNull();
  });

  it("keeps when each player left and their last draw offer", () => {
    const round = rebuilt(2);
    restoreRoundState(round, state({}), undefined);
    expect(round.goneSince).toEqual({ w: null, b: 50_000 });
    expect(round.lastDrawOfferPly).toEqual({ w: 2, b: -100 });
  });

  it("reads back what it wrote", () => {
    const round = rebuilt(2);
    Object.assign(round, {
      eventNo: 7,
      drawOfferBy: "b",
      goneSince: { w: 5, b: null },
      lastDrawOfferPly: { w: -100, b: 2 },
    });
    const copy = rebuilt(2);
    restoreRoundState(copy, roundStateOf(round), undefined);
    expect(roundStateOf(copy)).toEqual(roundStateOf(round));
  });
});
