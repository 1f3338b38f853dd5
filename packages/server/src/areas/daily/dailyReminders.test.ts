import { DAY_MS, dailyClockAfterMove, newDailyClock, pauseDailyClock, resumeDailyClock } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { alarmAt, alarmDecision, dailySummary, moveNotice, type SummaryGame, summaryDue } from "./dailyReminders.ts";

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 0, 2);

describe("moveNotice", () => {
  it.each([
    ["a move tells the side now to move", "w", false, false, "b"],
    ["Black's move tells White", "b", false, false, "w"],
    ["not a move a conditional line answered", "w", true, false, null],
    ["not a move that ended the game", "b", false, true, null],
  ] as const)("%s", (_name, mover, answeredByConditional, gameOver, to) => {
    expect(moveNotice({ mover, answeredByConditional, gameOver })).toBe(to);
  });

  it("tells the first mover of a conditional answer, and the answerer of nothing", () => {
    // White moves; Black's line answers: White hears of Black's answer, Black of nothing.
    const notices = [
      moveNotice({ mover: "w", answeredByConditional: true, gameOver: false }),
      moveNotice({ mover: "b", answeredByConditional: false, gameOver: false }),
    ];
    expect(notices).toEqual([null, "w"]);
  });
});

describe("alarmAt", () => {
  it.each([
    ["1 day: at 19h12", newDailyClock(1, T0), T0 + 19.2 * HOUR],
    ["3 days: at 2 days 9h36", newDailyClock(3, T0), T0 + 2.4 * DAY_MS],
    ["14 days: at 11.2 days", newDailyClock(14, T0), T0 + 11.2 * DAY_MS],
    [
      "the allowance is full again after a move",
      dailyClockAfterMove(newDailyClock(3, T0), T0 + DAY_MS, false),
      T0 + 3.4 * DAY_MS,
    ],
    ["none while paused", pauseDailyClock(newDailyClock(3, T0), T0 + HOUR), null],
    [
      "shifted by a vacation",
      resumeDailyClock(pauseDailyClock(newDailyClock(3, T0), T0 + DAY_MS), T0 + 6 * DAY_MS),
      T0 + 7.4 * DAY_MS,
    ],
    [
      "passed already for a player back with little time: it rings at once",
      resumeDailyClock(pauseDailyClock(newDailyClock(3, T0), T0 + 2.9 * DAY_MS), T0 + 6 * DAY_MS),
      T0 + 5.5 * DAY_MS,
    ],
  ])("%s", (_name, clock, at) => {
    expect(alarmAt(clock)).toBe(at === null ? null : Math.round(at));
  });
});

describe("alarmDecision", () => {
  it.each([
    ["waits before its time", 100, 99, false, "wait"],
    ["rings at its time", 100, 100, false, "ring"],
    ["rings late (after a restart)", 100, 5_000, false, "ring"],
    ["is dropped for a player looking at the game", 100, 100, true, "drop"],
    ["waits while paused", null, 5_000, false, "wait"],
  ] as const)("%s", (_name, at, now, watching, decision) => {
    expect(alarmDecision(at, now, watching)).toBe(decision);
  });
});

describe("dailySummary", () => {
  const games: SummaryGame[] = [
    { gameId: "g1", opponent: "ann", clock: newDailyClock(3, T0), myTurn: true },
    { gameId: "g2", opponent: "bob", clock: newDailyClock(1, T0), myTurn: true },
    { gameId: "g3", opponent: "cat", clock: newDailyClock(1, T0), myTurn: false },
    { gameId: "g4", opponent: "dan", clock: pauseDailyClock(newDailyClock(7, T0), T0 + HOUR), myTurn: true },
    { gameId: "g0", opponent: "eve", clock: newDailyClock(3, T0), myTurn: true },
  ];

  it("lists the games waiting for the player, least time left first", () => {
    expect(dailySummary(games, T0 + 2 * HOUR)).toEqual([
      { gameId: "g2", opponent: "bob", timeLeftMs: DAY_MS - 2 * HOUR, paused: false },
      { gameId: "g0", opponent: "eve", timeLeftMs: 3 * DAY_MS - 2 * HOUR, paused: false },
      { gameId: "g1", opponent: "ann", timeLeftMs: 3 * DAY_MS - 2 * HOUR, paused: false },
      { gameId: "g4", opponent: "dan", timeLeftMs: 7 * DAY_MS - HOUR, paused: true },
    ]);
  });

  it("is nothing when no game waits", () => {
    expect(
      dailySummary(
        games.filter((g) => !g.myTurn),
        T0,
      ),
    ).toBeNull();
    expect(dailySummary([], T0)).toBeNull();
  });
});

describe("summaryDue", () => {
  it.each([
    ["never sent", true, null, T0, true],
    ["sent a day ago", true, T0 - DAY_MS, T0, true],
    ["sent less than a day ago", true, T0 - DAY_MS + 1, T0, false],
    ["not asked for", false, null, T0, false],
  ] as const)("%s", (_name, optedIn, last, now, due) => {
    expect(summaryDue(optedIn, last, now)).toBe(due);
  });
});
