import type { GameStarted } from "@chess/shared";

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
    ...change,
  };
}
