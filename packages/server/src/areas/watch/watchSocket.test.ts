import type { WatchedGame, WatchList } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { watchListSignature } from "./watchSocket.ts";

const AFTER_NF3 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
const AFTER_NC3 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 1 2";

const nf3: WatchedGame = {
  gameId: "g1",
  variant: "standard",
  timeClass: "blitz",
  baseTime: 5,
  increment: 0,
  rated: false,
  white: { name: "alice", rating: null, guest: true },
  black: { name: "bob", rating: null, guest: true },
  fen: AFTER_NF3,
  lastMove: "g1f3",
  ply: 3,
  turn: "b",
  timeLeft: { w: 290_000, b: 295_000 },
  clockRunning: true,
  startedAt: 0,
};

const listOf = (...games: WatchedGame[]): WatchList => ({ variant: null, games, nextCursor: null, serverTime: 0 });

describe("watchListSignature", () => {
  it("tells apart two positions at the same ply: Nf3 taken back and Nc3 played instead", () => {
    const nc3 = { ...nf3, fen: AFTER_NC3, lastMove: "b1c3" };
    expect(watchListSignature(listOf(nc3))).not.toBe(watchListSignature(listOf(nf3)));
  });

  it("leaves out the time left, which changes at every refresh", () => {
    const later = { ...nf3, timeLeft: { w: 280_000, b: 295_000 } };
    expect(watchListSignature(listOf(later))).toBe(watchListSignature(listOf(nf3)));
  });
});
