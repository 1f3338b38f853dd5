import type { WatchedGame, WatchList } from "@chess/shared";

/** A listed game for the tests: a rated 5+3 between two accounts, after 1. e4. */
export function watchedGame(gameId: string, over: Partial<WatchedGame> = {}): WatchedGame {
  return {
    gameId,
    variant: "standard",
    timeClass: "blitz",
    baseTime: 5,
    increment: 3,
    rated: true,
    white: { name: "alice", rating: 1520, guest: false },
    black: { name: "bob", rating: 1480, guest: false },
    fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    lastMove: "e2e4",
    ply: 1,
    turn: "b",
    timeLeft: { w: 300_000, b: 300_000 },
    clockRunning: false,
    startedAt: 1_000,
    ...over,
  };
}

export function watchList(games: WatchedGame[], over: Partial<WatchList> = {}): WatchList {
  return { variant: null, games, nextCursor: null, serverTime: 10_000, ...over };
}
