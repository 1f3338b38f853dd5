import { describe, expect, it } from "vitest";
import { initialTv, TV_PAUSE_MS, type TvState, tvReducer } from "./tvStore.ts";

const run = (events: Parameters<typeof tvReducer>[1][], from: TvState = initialTv) => events.reduce(tvReducer, from);

describe("the TV", () => {
  it("takes the best game on, and waits when there is none", () => {
    expect(run([{ type: "listed", gameIds: [] }]).gameId).toBeNull();
    expect(
      run([
        { type: "listed", gameIds: [] },
        { type: "listed", gameIds: ["top", "next"] },
      ]).gameId,
    ).toBe("top");
  });

  it("stays with its game while a better one starts", () => {
    const s = run([
      { type: "listed", gameIds: ["a"] },
      { type: "listed", gameIds: ["better", "a"] },
    ]);
    expect(s.gameId).toBe("a");
  });

  it("shows the end for a pause, then moves on to the best game that did not end", () => {
    let s = run([{ type: "listed", gameIds: ["a", "b", "c"] }]);
    s = tvReducer(s, { type: "ended", gameId: "a", now: 1_000 });
    expect([s.gameId, s.moveOnAt]).toEqual(["a", 1_000 + TV_PAUSE_MS]);
    // The list may still hold the finished game for a moment.
    s = tvReducer(s, { type: "listed", gameIds: ["a", "b", "c"] });
    s = tvReducer(s, { type: "tick", now: 1_000 + TV_PAUSE_MS - 1 });
    expect(s.gameId).toBe("a");
    s = tvReducer(s, { type: "tick", now: 1_000 + TV_PAUSE_MS });
    expect([s.gameId, s.moveOnAt]).toEqual(["b", null]);
  });

  it("ignores the end of a game it does not show, and an end told twice", () => {
    const s = run([{ type: "listed", gameIds: ["a", "b"] }]);
    expect(tvReducer(s, { type: "ended", gameId: "b", now: 5 })).toBe(s);
    const ended = tvReducer(s, { type: "ended", gameId: "a", now: 5 });
    expect(tvReducer(ended, { type: "ended", gameId: "a", now: 900 })).toBe(ended);
  });

  it("waits for a game after the last one ended, then takes the next listed", () => {
    let s = run([
      { type: "listed", gameIds: ["a"] },
      { type: "ended", gameId: "a", now: 0 },
      { type: "tick", now: TV_PAUSE_MS },
    ]);
    expect(s.gameId).toBeNull();
    s = tvReducer(s, { type: "listed", gameIds: ["a", "new"] });
    expect(s.gameId).toBe("new");
  });
});
