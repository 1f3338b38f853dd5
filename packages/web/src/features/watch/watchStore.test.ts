import { describe, expect, it } from "vitest";
import { watchedGame, watchList } from "./testWatch.ts";
import {
  clocksAt,
  gameLine,
  initialWatch,
  matchTitle,
  moveCountText,
  ratingText,
  shownGames,
  watchReducer,
} from "./watchStore.ts";

const ids = (games: Array<{ gameId: string }>) => games.map((g) => g.gameId);

describe("the Watch list", () => {
  it("shows each list the server sends for its filter, and ignores lists of another", () => {
    let s = initialWatch("all");
    s = watchReducer(s, { type: "listed", list: watchList([watchedGame("a"), watchedGame("b")]), now: 5 });
    expect([s.status, ids(shownGames(s))]).toEqual(["ready", ["a", "b"]]);
    expect(s.live[0]?.receivedAt).toBe(5);
    const late = watchList([watchedGame("j")], { variant: "jumpstart" });
    expect(watchReducer(s, { type: "listed", list: late, now: 6 })).toBe(s);
    s = watchReducer(s, { type: "listed", list: watchList([watchedGame("b")]), now: 7 });
    expect(ids(shownGames(s))).toEqual(["b"]);
  });

  it("starts over when the filter changes", () => {
    let s = watchReducer(initialWatch("all"), { type: "listed", list: watchList([watchedGame("a")]), now: 1 });
    s = watchReducer(s, { type: "filterChanged", filter: "jumpstart" });
    expect(s).toEqual(initialWatch("jumpstart"));
    s = watchReducer(s, { type: "listed", list: watchList([], { variant: "jumpstart" }), now: 2 });
    expect([s.status, s.live]).toEqual(["ready", []]);
  });

  it("appends more pages after the live one, without a game twice, and keeps their cursor", () => {
    let s = initialWatch("all");
    s = watchReducer(s, { type: "listed", list: watchList([watchedGame("a")], { nextCursor: "c1" }), now: 1 });
    s = watchReducer(s, { type: "moreRequested" });
    expect(s.loadingMore).toBe(true);
    const page2 = watchList([watchedGame("a"), watchedGame("b"), watchedGame("c")], { nextCursor: "c2" });
    s = watchReducer(s, { type: "moreLoaded", list: page2, now: 2 });
    expect([ids(shownGames(s)), s.nextCursor, s.loadingMore]).toEqual([["a", "b", "c"], "c2", false]);
    // The live page moved on: b is in it now, so it leaves the pages after it; their cursor stays.
    s = watchReducer(s, { type: "listed", list: watchList([watchedGame("b")], { nextCursor: "x" }), now: 3 });
    expect([ids(shownGames(s)), s.nextCursor]).toEqual([["b", "c"], "c2"]);
  });

  it("says why the list could not be read, unless one is shown already", () => {
    const failed = watchReducer(initialWatch("all"), { type: "failed", message: "Failed" });
    expect([failed.status, failed.error]).toEqual(["failed", "Failed"]);
    const shown = watchReducer(initialWatch("all"), { type: "listed", list: watchList([]), now: 1 });
    expect(watchReducer(shown, { type: "failed", message: "Failed" })).toBe(shown);
    const more = watchReducer({ ...shown, loadingMore: true }, { type: "moreFailed", message: "Timed out" });
    expect([more.loadingMore, more.error]).toEqual([false, "Timed out"]);
  });
});

describe("a listed game's clocks", () => {
  const listed = { ...watchedGame("a", { turn: "w", timeLeft: { w: 60_000, b: 50_000 } }), receivedAt: 1_000 };
  it.each([
    ["stand before the clocks run", false, 4_000, { w: 60_000, b: 50_000 }],
    ["run for the side to move from when the list came", true, 4_000, { w: 57_000, b: 50_000 }],
    ["stop at zero", true, 100_000, { w: 0, b: 50_000 }],
  ])("%s", (_name, clockRunning, now, expected) => {
    expect(clocksAt({ ...listed, clockRunning }, now)).toEqual(expected);
  });
});

describe("words of the Watch list", () => {
  it.each([
    [0, "No moves yet"],
    [1, "1 move"],
    [2, "1 move"],
    [3, "2 moves"],
    [40, "20 moves"],
  ])("%i plies are %j", (ply, text) => {
    expect(moveCountText(ply)).toBe(text);
  });

  it("names the game, its players and their ratings", () => {
    const game = watchedGame("a", { rated: false, black: { name: "Guest-7", rating: null, guest: true } });
    expect(gameLine(game)).toBe("Blitz 5+3 · Casual · Standard");
    expect(
      gameLine({ ...game, rated: true, variant: "jumpstart", timeClass: "bullet", baseTime: 1, increment: 0 }),
    ).toBe("Bullet 1+0 · Rated · Jumpstart");
    expect(gameLine({ ...game, untimed: true, timeClass: "classical", baseTime: 0, increment: 0 })).toBe(
      "Unlimited · Casual · Standard",
    );
    expect(matchTitle(game)).toBe("alice (1520) vs Guest-7");
    expect([ratingText(game.white), ratingText(game.black)]).toEqual(["1520", "Guest"]);
    expect(ratingText({ ...game.black, name: "Stockfish level 3" })).toBe("Computer");
  });
});
