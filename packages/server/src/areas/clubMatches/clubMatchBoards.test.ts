import { describe, expect, it } from "vitest";
import {
  clubMatchBoards,
  clubMatchScore,
  type MatchGameResult,
  type MatchSide,
  type RosterPlayer,
} from "./clubMatchBoards.ts";

const roster = (...players: Array<[number, number]>): RosterPlayer[] =>
  players.map(([userId, rating]) => ({ userId, rating }));

describe("clubMatchBoards", () => {
  it("pairs board n with board n by rating, two games a board, one with each colour", () => {
    const r = clubMatchBoards(roster([1, 1500], [2, 1900], [3, 1700]), roster([11, 1400], [12, 2000], [13, 1600]));
    expect(r).toEqual({
      ok: true,
      games: [
        { board: 1, white: 2, black: 12, whiteSide: "a" },
        { board: 1, white: 12, black: 2, whiteSide: "b" },
        { board: 2, white: 3, black: 13, whiteSide: "a" },
        { board: 2, white: 13, black: 3, whiteSide: "b" },
        { board: 3, white: 1, black: 11, whiteSide: "a" },
        { board: 3, white: 11, black: 1, whiteSide: "b" },
      ],
      dropped: { a: [], b: [] },
    });
  });

  it.each<[string, RosterPlayer[], RosterPlayer[], number | undefined, number[][], { a: number[]; b: number[] }]>([
    [
      "the longer roster's lowest rated drop off",
      roster([1, 1500], [2, 1900], [3, 1700], [4, 1200]),
      roster([11, 1400], [12, 2000]),
      undefined,
      [
        [2, 12],
        [3, 11],
      ],
      { a: [1, 4], b: [] },
    ],
    [
      "at most the boards asked for",
      roster([1, 1500], [2, 1900], [3, 1700]),
      roster([11, 1400], [12, 2000], [13, 1600]),
      2,
      [
        [2, 12],
        [3, 13],
      ],
      { a: [1], b: [11] },
    ],
    [
      "equal ratings in user id order",
      roster([7, 1500], [5, 1500]),
      roster([11, 1500], [10, 1500]),
      undefined,
      [
        [5, 10],
        [7, 11],
      ],
      { a: [], b: [] },
    ],
    [
      "4 boards a side",
      roster([1, 1000], [2, 1100], [3, 1200], [4, 1300]),
      roster([5, 1000], [6, 1100], [7, 1200], [8, 1300]),
      4,
      [
        [4, 8],
        [3, 7],
        [2, 6],
        [1, 5],
      ],
      { a: [], b: [] },
    ],
  ])("%s", (_name, a, b, max, pairs, dropped) => {
    const r = clubMatchBoards(a, b, max);
    if (!r.ok) throw new Error(r.message);
    expect(r.games.filter((g) => g.whiteSide === "a").map((g) => [g.white, g.black])).toEqual(pairs);
    expect(r.games).toHaveLength(pairs.length * 2);
    expect(r.dropped).toEqual(dropped);
  });

  it.each<[string, RosterPlayer[], RosterPlayer[], string, string]>([
    ["an empty roster", roster([1, 1500]), [], "empty_roster", "Each club needs at least one player for a match"],
    [
      "a player twice on a roster",
      roster([1, 1500], [1, 1500]),
      roster([2, 1500]),
      "duplicate",
      "Player 1 is twice on club a's roster",
    ],
    [
      "a player on both rosters",
      roster([1, 1500], [3, 1500]),
      roster([2, 1500], [3, 1500]),
      "on_both",
      "Player 3 is on both rosters: they can play for one club",
    ],
  ])("refuses %s", (_name, a, b, code, message) => {
    expect(clubMatchBoards(a, b)).toEqual({ ok: false, code, message });
  });
});

describe("clubMatchScore", () => {
  /** Board games as [white's side, result], two a board. */
  const games = (...results: MatchGameResult[]) =>
    results.map((result, i) => ({ whiteSide: (i % 2 === 0 ? "a" : "b") as MatchSide, result }));

  it.each<[string, MatchGameResult[], { a: number; b: number; finished: number; winner: MatchSide | "draw" | null }]>([
    ["nothing played yet", [null, null, null, null], { a: 0, b: 0, finished: 0, winner: null }],
    ["a win with White and one with Black", ["white", "black", null, null], { a: 2, b: 0, finished: 2, winner: null }],
    ["a draw is half a point each", ["draw", null, null, null], { a: 0.5, b: 0.5, finished: 1, winner: null }],
    ["an aborted game scores nothing", ["none", "white", null, null], { a: 0, b: 1, finished: 2, winner: null }],
    ["won before the end: out of reach", ["white", "black", "white", null], { a: 3, b: 0, finished: 3, winner: "a" }],
    ["half the points can still be caught", ["white", "black", null, null], { a: 2, b: 0, finished: 2, winner: null }],
    ["all over, level: a draw", ["white", "white", "draw", "draw"], { a: 2, b: 2, finished: 4, winner: "draw" }],
    ["all over, b ahead", ["black", "white", "draw", "draw"], { a: 1, b: 3, finished: 4, winner: "b" }],
    [
      "aborted games shrink what is left: b is out of reach",
      ["none", "white", "none", "white", "none", null],
      { a: 0, b: 2, finished: 5, winner: "b" },
    ],
    [
      "won by half a point",
      ["white", "draw", "draw", "draw", "draw", "draw"],
      { a: 3.5, b: 2.5, finished: 6, winner: "a" },
    ],
  ])("%s", (_name, results, expected) => {
    expect(clubMatchScore(games(...results))).toEqual({ ...expected, total: results.length });
  });
});
