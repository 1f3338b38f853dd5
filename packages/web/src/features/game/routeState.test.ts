import type { GameStarted } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { playPath, playRouteState, snapshotFromRouteState } from "./routeState.ts";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const game = {
  gameId: "g1",
  gameLength: { w: 300_000, b: 300_000 },
  isWhite: false,
  fen: START,
  initialFen: START,
  currentTurn: "w",
  eloDeltas: { winEloDelta: 9, drawEloDelta: -1, lossEloDelta: -11 },
  moves: [],
  opponent: "alice",
  white: "alice",
  black: "bob",
  status: "active",
} as unknown as GameStarted;

describe("play route state (SPEC §2)", () => {
  it("carries the spec's fields for the player", () => {
    const state = playRouteState(game, 1_000);
    expect(state).toMatchObject({
      opponent: "alice",
      initialFen: START,
      fen: START,
      gameId: "g1",
      orientation: "black",
      color: "b",
      currentTurn: "w",
      gameLength: { w: 300_000, b: 300_000 },
      gameState: "in progress",
      winner: null,
      eloDeltas: { winEloDelta: 9, drawEloDelta: -1, lossEloDelta: -11 },
      moves: [],
    });
    expect(playRouteState({ ...game, status: "finished", winningColor: "black" }, 0)).toMatchObject({
      gameState: "finished",
      winner: "bob",
    });
  });

  it("gives the snapshot back only for the same game while fresh", () => {
    const state = playRouteState(game, 1_000);
    expect(snapshotFromRouteState(state, "g1", 2_000)).toBe(game);
    expect(snapshotFromRouteState(state, "g2", 2_000)).toBeUndefined();
    expect(snapshotFromRouteState(state, "g1", 60_000)).toBeUndefined();
    expect(snapshotFromRouteState(null, "g1", 2_000)).toBeUndefined();
    expect(snapshotFromRouteState({ gameId: "g1" }, "g1", 2_000)).toBeUndefined();
  });

  it("builds the /play link", () => {
    expect(playPath("a b")).toBe("/play?gameId=a%20b");
  });
});
