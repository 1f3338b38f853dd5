import { newClock } from "@chess/shared";
import { describe, expect, it } from "vitest";
import type { PersistedRoundState } from "../../storage/schema.ts";
import { FIRST_MOVE_MS, type GameRound, IDLE_UNTIMED_MS } from "./gameRound.ts";
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

  it("counts a missing deadline from the first-move limit the server set for the round", () => {
    const atStart = { ...rebuilt(0), firstMoveMs: 3_000 };
    restoreRoundState(atStart, null, undefined);
    expect(atStart.firstMoveDeadline).toBe(1_000 + 3_000);
    const afterOne = { ...rebuilt(1), firstMoveMs: 3_000 };
    restoreRoundState(afterOne, null, 9_000);
    expect(afterOne.firstMoveDeadline).toBe(9_000 + 3_000);
  });

  it.each([
    // name, ply, state, last move's time → idle deadline
    ["a new game with no state: from its start", 0, null, undefined, 1_000 + IDLE_UNTIMED_MS],
    ["one move since its state: from that move", 1, state({ eventNo: 0, atPly: 0 }), 9_000, 9_000 + IDLE_UNTIMED_MS],
    ["its stored deadline, nothing since", 2, state({ idleDeadline: 123_456 }), 9_000, 123_456],
    ["a state from before untimed games: from the last move", 2, state({}), 9_000, 9_000 + IDLE_UNTIMED_MS],
  ] as const)(
    "an untimed game has no first-move deadline and an idle one: %s",
    (_name, ply, stored, lastMovedAt, idle) => {
      const round = Object.assign(rebuilt(ply), { untimed: true, timeClass: "classical" });
      restoreRoundState(round, stored, lastMovedAt, lastMovedAt);
      expect(round.firstMoveDeadline).toBeNull();
      expect(round.idleDeadline).toBe(idle);
    },
  );

  it.each([
    // name, ply, state, last move's time → idle deadline
    ["a new game with no state: idle from its start", 0, null, undefined, 1_000 + IDLE_UNTIMED_MS],
    ["its stored idle deadline, nothing since", 1, state({ atPly: 1, idleDeadline: 77_000 }), 9_000, 77_000],
    ["one move since its state: idle from that move", 1, state({ atPly: 0 }), 9_000, 9_000 + IDLE_UNTIMED_MS],
    ["both sides have moved: the clock runs, no idle deadline", 2, state({ idleDeadline: 77_000 }), 9_000, null],
  ] as const)(
    "a timed game against the computer has no first-move deadline: %s",
    (_name, ply, stored, lastMovedAt, idle) => {
      const round = Object.assign(rebuilt(ply), { againstComputer: true });
      restoreRoundState(round, stored, lastMovedAt, lastMovedAt);
      expect(round.firstMoveDeadline).toBeNull();
      expect(round.idleDeadline).toBe(idle);
    },
  );

  it("gives a timed game no idle deadline", () => {
    const round = rebuilt(2);
    restoreRoundState(round, state({ idleDeadline: 5 }), undefined, 9_000);
    expect(round.idleDeadline).toBeNull();
  });

  it("keeps when each player left, whether they closed the tab, and their last draw offer", () => {
    const round = rebuilt(2);
    restoreRoundState(round, state({ goneLeft: { w: false, b: true } }), undefined);
    expect(round.goneSince).toEqual({ w: null, b: 50_000 });
    expect(round.goneLeft).toEqual({ w: false, b: true });
    expect(round.lastDrawOfferPly).toEqual({ w: 2, b: -100 });
  });

  it("keeps a takeback proposal while no move was played since, and reads a state written before them", () => {
    const proposed = state({ takebackProposedBy: "b", lastTakebackProposalPly: { w: -1, b: 2 } });
    const same = rebuilt(2);
    restoreRoundState(same, proposed, undefined);
    expect({ by: same.takebackProposedBy, last: same.lastTakebackProposalPly }).toEqual({
      by: "b",
      last: { w: -1, b: 2 },
    });
    const moved = rebuilt(3);
    restoreRoundState(moved, proposed, undefined);
    expect(moved.takebackProposedBy).toBeNull();
    const old = rebuilt(2);
    restoreRoundState(old, state({}), undefined);
    expect({ by: old.takebackProposedBy, last: old.lastTakebackProposalPly }).toEqual({
      by: null,
      last: { w: -1, b: -1 },
    });
  });

  it("keeps who takes takebacks whatever was played since, and reads a state written before the choice", () => {
    const moved = rebuilt(3);
    restoreRoundState(moved, state({ takesTakebacks: { w: true, b: false } }), undefined);
    expect(moved.takesTakebacks).toEqual({ w: true, b: false });
    const old = rebuilt(2);
    restoreRoundState(old, state({}), undefined);
    expect(old.takesTakebacks).toEqual({ w: true, b: true });
  });

  it("reads a state written before closed tabs were told apart as lost connections", () => {
    const round = rebuilt(2);
    restoreRoundState(round, state({}), undefined);
    expect(round.goneLeft).toEqual({ w: false, b: false });
  });

  it("keeps the clock as credited after a restart while no move was played since, and only then", () => {
    const credited = { ...newClock(180_000, 2_000), remaining: { w: 170_000, b: 175_000 }, runningSince: 40_000 };
    const same = rebuilt(2);
    restoreRoundState(same, state({ clock: credited }), undefined);
    expect(same.clock).toEqual(credited);
    const moved = rebuilt(3);
    restoreRoundState(moved, state({ clock: credited }), undefined);
    expect(moved.clock).toEqual(rebuilt(3).clock);
  });

  it("reads back what it wrote", () => {
    const round = rebuilt(2);
    Object.assign(round, {
      eventNo: 7,
      drawOfferBy: "b",
      goneSince: { w: 5, b: null },
      goneLeft: { w: true, b: false },
      lastDrawOfferPly: { w: -100, b: 2 },
      takebackProposedBy: "w",
      lastTakebackProposalPly: { w: 2, b: 1 },
      takesTakebacks: { w: false, b: true },
    });
    const copy = rebuilt(2);
    restoreRoundState(copy, roundStateOf(round), undefined);
    expect(roundStateOf(copy)).toEqual(roundStateOf(round));
  });
});
