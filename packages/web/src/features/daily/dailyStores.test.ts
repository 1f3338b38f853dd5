import { type DailyGame, type DailyMoved, NO_ELO_CHANGE } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { dailyGameReducer, dailyMoveEntry, dailyTimeLeft, initialDailyGame } from "./dailyGameStore.ts";
import { dailyGamesReducer, entryOf, initialDailyGames, myTurnCount } from "./dailyGamesStore.ts";
import { dailyOffersReducer } from "./dailyOffersStore.ts";

const NOW = 1_767_312_000_000;
const DAY = 86_400_000;
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

const game = (more: Partial<DailyGame> = {}): DailyGame => ({
  gameId: "g1",
  white: "ann",
  black: "bob",
  color: "w",
  variant: "standard",
  rated: true,
  days: 3,
  initialFen: START,
  fen: START,
  moves: [],
  lastMove: null,
  ply: 0,
  currentTurn: "w",
  status: "active",
  deadline: NOW + 3 * DAY,
  pausedLeftMs: null,
  timeLeftMs: 3 * DAY,
  onVacation: { w: false, b: false },
  drawOfferBy: null,
  eloDeltas: { w: NO_ELO_CHANGE, b: NO_ELO_CHANGE },
  conditionals: [],
  serverTime: NOW,
  ...more,
});

const moved = (ply: number, more: Partial<DailyMoved> = {}): DailyMoved => ({
  gameId: "g1",
  move: { from: "e2", to: "e4", san: "e4" },
  uci: "e2e4",
  fen: "after",
  ply,
  currentTurn: ply % 2 === 0 ? "w" : "b",
  deadline: NOW + DAY,
  pausedLeftMs: null,
  conditional: false,
  serverTime: NOW,
  ...more,
});

describe("my daily games", () => {
  it("counts my turns, follows moves and drops ended games", () => {
    let state = dailyGamesReducer(initialDailyGames, { type: "game", game: game(), now: NOW });
    expect(myTurnCount(state)).toBe(1);
    state = dailyGamesReducer(state, { type: "moved", moved: moved(1), now: NOW });
    expect(myTurnCount(state)).toBe(0);
    expect(state.games[0]).toMatchObject({ ply: 1, myTurn: false, timeLeftMs: DAY });
    // The same move again (from a second socket) changes nothing.
    expect(dailyGamesReducer(state, { type: "moved", moved: moved(1), now: NOW })).toBe(state);
    // An older view does not undo the move.
    expect(dailyGamesReducer(state, { type: "game", game: game(), now: NOW })).toBe(state);
    state = dailyGamesReducer(state, { type: "over", gameId: "g1" });
    expect(state.games).toEqual([]);
  });

  it("lists no spectator's view, and shows a paused clock frozen", () => {
    expect(entryOf(game({ color: null }), NOW)).toBeUndefined();
    expect(entryOf(game({ deadline: null, pausedLeftMs: DAY }), NOW)).toMatchObject({ paused: true, timeLeftMs: DAY });
  });
});

describe("a daily game's page", () => {
  it("applies the next move, and asks again after a gap", () => {
    let state = initialDailyGame(game(), NOW);
    state = dailyGameReducer(state, { type: "moved", moved: moved(1), now: NOW });
    expect(state.game).toMatchObject({ ply: 1, moves: ["e4"], currentTurn: "b", lastMove: "e2e4" });
    expect(state.stale).toBe(false);
    expect(dailyGameReducer(state, { type: "moved", moved: moved(3), now: NOW }).stale).toBe(true);
  });

  it("reads my lines again after a conditional answer of mine", () => {
    const mine = initialDailyGame(game({ color: "b", currentTurn: "w", conditionals: [["e2e4", "e7e5"]] }), NOW);
    const afterTheirs = dailyGameReducer(mine, { type: "moved", moved: moved(1, { currentTurn: "b" }), now: NOW });
    expect(afterTheirs.game.conditionals).toEqual([]);
    const answered = dailyGameReducer(afterTheirs, {
      type: "moved",
      moved: moved(2, { currentTurn: "w", conditional: true }),
      now: NOW,
    });
    expect(answered.stale).toBe(true);
  });

  it("counts the clock down from the server's time, and freezes it on a vacation", () => {
    const state = initialDailyGame(game({ serverTime: NOW - 1000 }), NOW);
    expect(dailyTimeLeft(state, NOW + 60_000)).toBe(3 * DAY - 59_000);
    const paused = dailyGameReducer(state, {
      type: "clock",
      clock: { gameId: "g1", deadline: null, pausedLeftMs: DAY, onVacation: { w: true, b: false }, serverTime: NOW },
      now: NOW,
    });
    expect(dailyTimeLeft(paused, NOW + 5 * DAY)).toBe(DAY);
  });
});

describe("the lobby's daily offers", () => {
  const offer = (offerId: string, createdAt: number) => ({
    offerId,
    by: "ann",
    rating: 1500,
    days: 3 as const,
    variant: "standard" as const,
    color: "random" as const,
    rated: true,
    createdAt,
  });

  it("lists each offer once, newest first, and drops a taken one", () => {
    let offers = dailyOffersReducer([], { type: "loaded", offers: [offer("a", 1), offer("b", 2)] });
    offers = dailyOffersReducer(offers, { type: "added", offer: offer("a", 1) });
    offers = dailyOffersReducer(offers, { type: "added", offer: offer("c", 3) });
    expect(offers.map((o) => o.offerId)).toEqual(["c", "b", "a"]);
    expect(dailyOffersReducer(offers, { type: "removed", offerId: "b" }).map((o) => o.offerId)).toEqual(["c", "a"]);
  });
});

describe("a daily game as the typed-move field sees it", () => {
  it("moves on my turn, waits on theirs or while my move is sent, never premoves", () => {
    expect(dailyMoveEntry(game(), null, 0)).toEqual({
      fen: START,
      myColor: "w",
      turn: "move",
      plies: 0,
      viewPly: 0,
      premove: null,
    });
    expect(dailyMoveEntry(game({ currentTurn: "b", ply: 1 }), null, null)).toMatchObject({ turn: "theirs", plies: 1 });
    expect(dailyMoveEntry(game(), { fen: "after" }, null)).toMatchObject({ turn: "sending", fen: "after", plies: 1 });
    expect(dailyMoveEntry(game({ status: "finished" }), null, null).turn).toBe("over");
    expect(dailyMoveEntry(game({ color: null }), null, null).turn).toBe("over");
  });
});
