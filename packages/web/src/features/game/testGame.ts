import type { GameOver, GameStarted, LiveGame } from "@chess/shared";

/** Tests only: the start position. */
export const START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/** Tests only: a blitz 5+3 rated game alice (white) vs bob at its start, as gameStarted reports it. */
export function gameSnapshot(change: Partial<GameStarted> = {}): GameStarted {
  return {
    gameId: "g1",
    gameLength: { w: 300_000, b: 300_000 },
    isWhite: true,
    fen: START_FEN,
    initialFen: START_FEN,
    currentTurn: "w",
    eloDeltas: { winEloDelta: 10, drawEloDelta: 0, lossEloDelta: -10 },
    moves: [],
    opponent: "bob",
    white: "alice",
    black: "bob",
    spectator: false,
    rated: true,
    variant: "standard",
    timeClass: "blitz",
    baseTime: 5,
    increment: 3,
    timeLeft: { w: 300_000, b: 300_000 },
    clockRunning: false,
    ply: 0,
    status: "active",
    eventNo: 0,
    serverTime: Date.now(),
    takesTakebacks: { w: true, b: true },
    ...change,
  };
}

/** Tests only: a blitz 3+2 game the caller plays as White against bob, as `liveGames` lists it. */
export function liveGame(change: Partial<LiveGame> = {}): LiveGame {
  return {
    gameId: "g1",
    opponent: "bob",
    isWhite: true,
    variant: "standard",
    timeClass: "blitz",
    baseTime: 3,
    increment: 2,
    ...change,
  };
}

/** Tests only: game g1 over after 1. e4 e5, bob (Black) winning by resignation, as `gameOver` reports it. */
export function gameOverPayload(change: Partial<GameOver> = {}): GameOver {
  return {
    gameId: "g1",
    fen: "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    winningColor: "black",
    move: null,
    reason: "resign",
    winner: "bob",
    timeLeft: { w: 290_000, b: 295_000 },
    eloChange: { w: -10, b: 10 },
    eventNo: 3,
    ...change,
  };
}
