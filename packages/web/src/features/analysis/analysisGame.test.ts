import type { GameRecord } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { analysisGame, gameSummary, normalizeFen, readRouteState, sanList } from "./analysisGame.ts";
import { squareBox } from "./boardGeometry.ts";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

const record: GameRecord = {
  gameId: "g1",
  initialFen: START,
  moves: "f3 e5 g4 Qh4#",
  username1: "bob",
  username2: "alice",
  player1Color: "black",
  player2Color: "white",
  winningColor: "black",
  reason: "checkmate",
  status: "finished",
  variant: "standard",
  timeClass: "blitz",
  baseTime: 5,
  increment: 3,
  rated: true,
  startedAt: 0,
  endedAt: 1,
};

describe("route state and records (SPEC §2 /analysis)", () => {
  it("reads moves as a list or a space-separated string", () => {
    expect(sanList(["e4", " e5 "])).toEqual(["e4", "e5"]);
    expect(sanList("1. e4 e5  2. Nf3")).toEqual(["e4", "e5", "Nf3"]);
    expect(sanList(undefined)).toEqual([]);
  });

  it("reads the route state's fields and ignores anything else", () => {
    expect(readRouteState(null)).toBeUndefined();
    expect(readRouteState({ foo: 1 })).toBeUndefined();
    expect(
      readRouteState({ moves: "e4 e5", initialFen: "start", playerColor: "black", gameId: "g1", opponent: "bob" }),
    ).toEqual({ sans: ["e4", "e5"], initialFen: "start", playerColor: "black", gameId: "g1", opponent: "bob" });
    expect(readRouteState({ moves: ["e4"], playerColor: "green" })).toEqual({ sans: ["e4"] });
  });

  it("names the viewer's side from the route state until the record arrives", () => {
    const route = readRouteState({
      moves: ["e4"],
      initialFen: START,
      playerColor: "black",
      gameId: "g1",
      opponent: "bob",
    });
    const game = analysisGame(route, undefined, "carol");
    expect(game).toMatchObject({ gameId: "g1", white: "bob", black: "carol", playerColor: "black", sans: ["e4"] });
    expect(normalizeFen("start")).toBe(START);
  });

  it("takes names, moves and result from the record; the viewer sees their own side at the bottom", () => {
    const game = analysisGame(undefined, record, "bob");
    expect(game).toMatchObject({
      white: "alice",
      black: "bob",
      sans: ["f3", "e5", "g4", "Qh4#"],
      playerColor: "black",
      result: "0-1",
    });
    expect(analysisGame(undefined, record, "someone").playerColor).toBe("white");
    expect(gameSummary(game)).toBe("alice vs bob · Blitz 5+3 · Rated · Black wins · Checkmate");
  });

  it("does not call an aborted game rated: no rating changed", () => {
    const aborted = { ...record, status: "aborted", result: null, reason: "abort" };
    expect(gameSummary(analysisGame(undefined, aborted as GameRecord, "bob"))).toBe(
      "alice vs bob · Blitz 5+3 · Aborted",
    );
  });

  it("writes a game played without a clock as unlimited", () => {
    const untimed = { ...record, untimed: true, timeClass: "classical", baseTime: 0, increment: 0, rated: false };
    const game = analysisGame(undefined, untimed as GameRecord, "bob");
    expect(game.untimed).toBe(true);
    expect(gameSummary(game)).toBe("alice vs bob · Unlimited · Casual · Black wins · Checkmate");
  });

  it("keeps the route state's colour when the record arrives", () => {
    const route = readRouteState({ moves: ["f3"], playerColor: "white", gameId: "g1", opponent: "bob" });
    expect(analysisGame(route, record, "alice").playerColor).toBe("white");
  });
});

describe("squareBox (overlays over the board)", () => {
  it.each<[string, "white" | "black", { col: number; row: number } | undefined]>([
    ["a8", "white", { col: 0, row: 0 }],
    ["h1", "white", { col: 7, row: 7 }],
    ["f7", "white", { col: 5, row: 1 }],
    ["f7", "black", { col: 2, row: 6 }],
    ["a8", "black", { col: 7, row: 7 }],
    ["i9", "white", undefined],
  ])("%s with %s at the bottom", (square, orientation, box) => {
    expect(squareBox(square, orientation)).toEqual(box);
  });
});
