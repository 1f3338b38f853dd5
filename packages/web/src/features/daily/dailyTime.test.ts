import type { DailyGameEntry } from "@chess/shared";
import { describe, expect, it } from "vitest";
import {
  dailySummary,
  formatTimeLeft,
  isLowTime,
  lastMoveText,
  nextMyTurn,
  sortByTimeLeft,
  timeLeftAt,
} from "./dailyTime.ts";

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const NOW = 1_767_312_000_000;

const entry = (gameId: string, left: number, more: Partial<DailyGameEntry> = {}): DailyGameEntry => ({
  gameId,
  opponent: "bob",
  color: "w",
  variant: "standard",
  days: 3,
  fen: "",
  ply: 2,
  lastMove: "e5",
  myTurn: true,
  timeLeftMs: left,
  deadline: NOW + left,
  paused: false,
  opponentOnVacation: false,
  ...more,
});

describe("formatTimeLeft", () => {
  it.each([
    [3 * DAY + 4 * HOUR + 5 * MIN, "3 days 4 hours"],
    [DAY, "1 day"],
    [DAY + HOUR, "1 day 1 hour"],
    [5 * HOUR + 12 * MIN, "5 hours 12 minutes"],
    [2 * HOUR, "2 hours"],
    [12 * MIN + 59_000, "12 minutes"],
    [MIN, "1 minute"],
    [59_000, "under a minute"],
    [0, "no time left"],
    [-5, "no time left"],
  ])("%i ms reads %s", (ms, text) => expect(formatTimeLeft(ms)).toBe(text));
});

describe("timeLeftAt", () => {
  it("counts down to the deadline, and holds still while paused", () => {
    expect(timeLeftAt(entry("a", DAY), NOW + HOUR)).toBe(DAY - HOUR);
    expect(timeLeftAt(entry("a", DAY), NOW + 2 * DAY)).toBe(0);
    expect(timeLeftAt(entry("a", DAY, { deadline: null }), NOW + 2 * DAY)).toBe(DAY);
  });
});

describe("isLowTime", () => {
  it.each([
    [HOUR, 1, true],
    [5 * HOUR, 1, false],
    [10 * HOUR, 3, true],
    [DAY, 7, true],
    [2 * DAY, 7, false],
  ])("%i ms of %i days: %s", (ms, days, low) => expect(isLowTime(ms, days)).toBe(low));
});

describe("sortByTimeLeft", () => {
  it("puts my turns first, least time first, paused ones after, then the opponents' turns", () => {
    const games = [
      entry("theirs-soon", HOUR, { myTurn: false }),
      entry("mine-late", 2 * DAY),
      entry("mine-paused", 10 * MIN, { paused: true, deadline: null }),
      entry("mine-soon", 3 * HOUR),
      entry("theirs-late", 2 * DAY, { myTurn: false }),
    ];
    expect(sortByTimeLeft(games, NOW).map((g) => g.gameId)).toEqual([
      "mine-soon",
      "mine-late",
      "mine-paused",
      "theirs-soon",
      "theirs-late",
    ]);
  });

  it("holds ties still by game id", () => {
    expect(sortByTimeLeft([entry("b", DAY), entry("a", DAY)], NOW).map((g) => g.gameId)).toEqual(["a", "b"]);
  });
});

describe("nextMyTurn", () => {
  it("is the other game where it is my turn with least time left", () => {
    const games = [
      entry("here", HOUR),
      entry("later", 2 * DAY),
      entry("sooner", DAY),
      entry("x", 1, { myTurn: false }),
    ];
    expect(nextMyTurn(games, "here", NOW)?.gameId).toBe("sooner");
    expect(nextMyTurn([entry("here", HOUR)], "here", NOW)).toBeUndefined();
  });
});

describe("dailySummary", () => {
  it("counts the games waiting for my move, and those under 2 hours", () => {
    const games = [entry("a", DAY), entry("b", HOUR), entry("c", 3 * DAY), entry("d", MIN, { myTurn: false })];
    expect(dailySummary(games, NOW)).toBe("3 daily games wait for your move, 1 under 2 hours");
    expect(dailySummary([entry("a", DAY)], NOW)).toBe("1 daily game waits for your move");
    expect(dailySummary([entry("d", MIN, { myTurn: false })], NOW)).toBeUndefined();
  });
});

describe("lastMoveText", () => {
  it.each([
    [0, null, "No move yet"],
    [1, "e4", "1. e4"],
    [2, "e5", "1… e5"],
    [23, "Nf3", "12. Nf3"],
  ])("ply %i %s reads %s", (ply, san, text) => expect(lastMoveText(ply, san)).toBe(text));
});
