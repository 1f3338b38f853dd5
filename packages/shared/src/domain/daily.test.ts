import { describe, expect, it } from "vitest";
import {
  byTimeLeft,
  DAY_MS,
  type DailyClock,
  dailyClockAfterMove,
  dailyPgnTags,
  dailyTimeControlLabel,
  dailyTimeLeft,
  daysPerMoveOfTags,
  formatDailyTimeLeft,
  isDailyClockPaused,
  newDailyClock,
  parseDaysPerMove,
  pauseDailyClock,
  resumeDailyClock,
} from "./daily.ts";

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 0, 1);

describe("parseDaysPerMove", () => {
  it.each([1, 2, 3, 5, 7, 10, 14])("%s days is offered", (days) => {
    expect(parseDaysPerMove(days)).toEqual({ ok: true, days });
  });

  it.each<[unknown, string]>([
    [15, "15 days per move is not offered: choose 1, 2, 3, 5, 7, 10 or 14 days per move"],
    [4, "4 days per move is not offered: choose 1, 2, 3, 5, 7, 10 or 14 days per move"],
    [0, "0 days per move is not offered: choose 1, 2, 3, 5, 7, 10 or 14 days per move"],
    [-3, "-3 days per move is not offered: choose 1, 2, 3, 5, 7, 10 or 14 days per move"],
    [2.5, "2.5 days per move is not offered: choose 1, 2, 3, 5, 7, 10 or 14 days per move"],
    ["3", "That is not offered: choose 1, 2, 3, 5, 7, 10 or 14 days per move"],
    [Number.NaN, "That is not offered: choose 1, 2, 3, 5, 7, 10 or 14 days per move"],
    [undefined, "That is not offered: choose 1, 2, 3, 5, 7, 10 or 14 days per move"],
  ])("%s is refused", (value, message) => {
    expect(parseDaysPerMove(value)).toEqual({ ok: false, code: "bad_days", message });
  });
});

describe("the daily clock", () => {
  const three = newDailyClock(3, T0);

  it.each<[string, () => DailyClock, number, DailyClock, number]>([
    [
      "a new game gives White the allowance",
      () => three,
      T0,
      { days: 3, deadline: T0 + 3 * DAY_MS, pausedLeftMs: null },
      3 * DAY_MS,
    ],
    [
      "White on vacation at the start: paused with the full allowance",
      () => newDailyClock(3, T0, true),
      T0 + 5 * DAY_MS,
      { days: 3, deadline: null, pausedLeftMs: 3 * DAY_MS },
      3 * DAY_MS,
    ],
    [
      "a move gives the full allowance again, however little the mover had left",
      () => dailyClockAfterMove(three, T0 + 3 * DAY_MS - 1, false),
      T0 + 3 * DAY_MS - 1,
      { days: 3, deadline: T0 + 6 * DAY_MS - 1, pausedLeftMs: null },
      3 * DAY_MS,
    ],
    [
      "a move to a player on vacation: paused with the full allowance",
      () => dailyClockAfterMove(three, T0 + HOUR, true),
      T0 + 9 * DAY_MS,
      { days: 3, deadline: null, pausedLeftMs: 3 * DAY_MS },
      3 * DAY_MS,
    ],
    [
      "a pause keeps what was left",
      () => pauseDailyClock(three, T0 + DAY_MS),
      T0 + 30 * DAY_MS,
      { days: 3, deadline: null, pausedLeftMs: 2 * DAY_MS },
      2 * DAY_MS,
    ],
    [
      "the end of a pause shifts the deadline by the time paused",
      () => resumeDailyClock(pauseDailyClock(three, T0 + DAY_MS), T0 + 5 * DAY_MS),
      T0 + 6 * DAY_MS,
      { days: 3, deadline: T0 + 7 * DAY_MS, pausedLeftMs: null },
      DAY_MS,
    ],
    [
      "a second pause changes nothing",
      () => pauseDailyClock(pauseDailyClock(three, T0 + DAY_MS), T0 + 2 * DAY_MS),
      T0 + 2 * DAY_MS,
      { days: 3, deadline: null, pausedLeftMs: 2 * DAY_MS },
      2 * DAY_MS,
    ],
    [
      "a pause after the deadline rescues nothing",
      () => pauseDailyClock(three, T0 + 3 * DAY_MS),
      T0 + 3 * DAY_MS,
      three,
      0,
    ],
    ["resuming a running clock changes nothing", () => resumeDailyClock(three, T0 + DAY_MS), T0, three, 3 * DAY_MS],
    ["time left never goes below 0", () => three, T0 + 4 * DAY_MS, three, 0],
  ])("%s", (_name, make, now, expected, left) => {
    const clock = make();
    expect(clock).toEqual(expected);
    expect(dailyTimeLeft(clock, now)).toBe(left);
    expect(isDailyClockPaused(clock)).toBe(expected.deadline === null);
  });

  it("14 days per move is 14 days", () => {
    expect(newDailyClock(14, T0).deadline).toBe(Date.UTC(2026, 0, 15));
  });
});

describe("formatDailyTimeLeft", () => {
  it.each([
    [3 * DAY_MS, "3 days"],
    [2 * DAY_MS + 23 * HOUR + 59 * 60_000, "2 days 23 hours"],
    [DAY_MS + HOUR, "1 day 1 hour"],
    [DAY_MS + 59 * 60_000, "1 day"],
    [DAY_MS - 1, "23 hours 59 minutes"],
    [5 * HOUR + 12 * 60_000 + 59_999, "5 hours 12 minutes"],
    [HOUR, "1 hour"],
    [12 * 60_000, "12 minutes"],
    [60_000, "1 minute"],
    [59_999, "under a minute"],
    [0, "no time left"],
    [-5, "no time left"],
  ])("%s ms is %s", (ms, text) => {
    expect(formatDailyTimeLeft(ms)).toBe(text);
  });
});

describe("labels and PGN", () => {
  it("names a time control in days", () => {
    expect(dailyTimeControlLabel(1)).toBe("1 day");
    expect(dailyTimeControlLabel(3)).toBe("3 days");
  });

  it("writes TimeControl - and the days in their own tag, and reads them back", () => {
    expect(dailyPgnTags(7)).toEqual([
      ["TimeControl", "-"],
      ["DaysPerMove", "7"],
    ]);
    expect(daysPerMoveOfTags(Object.fromEntries(dailyPgnTags(7)))).toBe(7);
  });

  it.each([
    [{ TimeControl: "-" }, undefined],
    [{ DaysPerMove: "15" }, undefined],
    [{ DaysPerMove: "3.0" }, undefined],
    [{ DaysPerMove: "" }, undefined],
    [{ DaysPerMove: "10" }, 10],
  ])("reads %o as %s", (tags, days) => {
    expect(daysPerMoveOfTags(tags)).toBe(days);
  });
});

describe("byTimeLeft", () => {
  it("puts the least time left first, then orders by game id", () => {
    const games = [
      { gameId: "c", timeLeftMs: 5 },
      { gameId: "b", timeLeftMs: 1 },
      { gameId: "a", timeLeftMs: 5 },
    ];
    expect(games.sort(byTimeLeft).map((g) => g.gameId)).toEqual(["b", "a", "c"]);
  });
});
