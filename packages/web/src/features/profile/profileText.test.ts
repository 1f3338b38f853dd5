import type { HistoryRow } from "@chess/shared";
import { describe, expect, it } from "vitest";
import {
  analysisHref,
  analysisState,
  avatarHue,
  eloTrend,
  formatDate,
  formatEloChange,
  formatWinrate,
  initials,
  moveCount,
  plyCount,
  RESULT_LABEL,
  resultKind,
  sameUser,
  speedLabel,
} from "./profileText.ts";

describe("result icons", () => {
  it.each([
    [true, "win", "Win"],
    [false, "loss", "Loss"],
    [null, "draw", "Draw"],
    [undefined, "draw", "Draw"],
  ] as const)("%s → %s (%s)", (result, kind, label) => {
    expect(resultKind(result)).toBe(kind);
    expect(RESULT_LABEL[resultKind(result)]).toBe(label);
  });
});

describe("move counts", () => {
  it.each([
    ["", 0, 0],
    ["e4", 1, 1],
    ["e4 e5", 2, 1],
    ["f3 e5 g4 Qh4#", 4, 2],
    ["e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#", 7, 4],
    ["1. e4 e5  2. Nf3", 3, 2],
  ])("%j has %i plies and %i full moves", (moves, plies, full) => {
    expect(plyCount(moves)).toBe(plies);
    expect(moveCount(moves)).toBe(full);
  });
});

describe("winrate", () => {
  it.each([
    [1, "100%"],
    [0, "0%"],
    [2 / 3, "67%"],
    [0.125, "13%"],
    [0.004, "0%"],
    [Number.NaN, "0%"],
    [1.5, "100%"],
  ])("%f → %s", (fraction, text) => expect(formatWinrate(fraction)).toBe(text));
});

describe("rating change", () => {
  it.each([
    [8, "+8", "up"],
    [-8, "−8", "down"],
    [0, "±0", "none"],
    [0.4, "±0", "none"],
    [7.6, "+8", "up"],
    [null, "–", "none"],
  ] as const)("%s → %s (%s)", (change, text, trend) => {
    expect(formatEloChange(change)).toBe(text);
    expect(eloTrend(change)).toBe(trend);
  });
});

describe("dates", () => {
  it("formats a time, and a dash when unknown", () => {
    expect(formatDate(new Date(2025, 2, 14, 12).getTime())).toBe("14 Mar 2025");
    expect(formatDate(null)).toBe("–");
  });
});

describe("initials and avatar colour", () => {
  it.each([
    ["alice", "AL"],
    ["magnus_carlsen", "MC"],
    ["JohnDoe", "JD"],
    ["a", "A"],
    ["a1b2", "A1"],
    ["", "?"],
    ["__", "?"],
  ])("%j → %j", (name, expected) => expect(initials(name)).toBe(expected));

  it("gives a name the same hue whatever its case", () => {
    expect(avatarHue("Alice")).toBe(avatarHue("alice"));
    expect(avatarHue("alice")).toBeGreaterThanOrEqual(0);
    expect(avatarHue("alice")).toBeLessThan(360);
  });
});

describe("analysis route state", () => {
  const row: HistoryRow = {
    gameId: "g1",
    username1: "alice",
    username2: "bob",
    player1Color: "black",
    player2Color: "white",
    timeVariant: "rapid",
    baseTime: 10,
    increment: 0,
    result: true,
    moves: "f3 e5 g4 Qh4#",
    initialFen: "start",
    rated: true,
    eloChange: 8,
    endedAt: 1,
    reason: "checkmate",
  };

  it("is what /analysis expects, from username1's side", () => {
    expect(analysisState(row)).toEqual({
      moves: ["f3", "e5", "g4", "Qh4#"],
      initialFen: "start",
      playerColor: "black",
      gameId: "g1",
      opponent: "bob",
    });
    expect(analysisHref("a b")).toBe("/analysis?gameId=a%20b");
  });

  it("compares usernames case-insensitively", () => {
    expect(sameUser("Alice", "alice")).toBe(true);
    expect(sameUser("alice", "bob")).toBe(false);
    expect(sameUser(undefined, "bob")).toBe(false);
  });
});

describe("speedLabel", () => {
  it.each([
    [{ timeVariant: "blitz", baseTime: 3, increment: 2 }, "Blitz 3+2"],
    [{ timeVariant: "daily", baseTime: 4320, increment: 0, daysPerMove: 3 }, "Daily 3 days"],
    [{ timeVariant: "daily", baseTime: 1440, increment: 0 }, "Daily 1 day"],
    [{ timeVariant: "rapid", baseTime: 10, increment: 0, untimed: true }, "Unlimited"],
  ] as const)("%o reads %s", (row, text) => expect(speedLabel(row)).toBe(text));
});
