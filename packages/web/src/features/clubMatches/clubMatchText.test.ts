import type { ClubMatchSummary } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { matchState, points, sides, startsIn, withMatch } from "./clubMatchText.ts";

const match = (over: Partial<ClubMatchSummary> = {}): ClubMatchSummary => ({
  matchId: "m1",
  status: "started",
  a: { clubId: 1, name: "Knights", score: 2.5, players: 3 },
  b: { clubId: 2, name: "Rooks", score: 1.5, players: 3 },
  days: 3,
  variant: "standard",
  rated: true,
  maxBoards: 20,
  startsAt: 0,
  startedAt: 0,
  finishedAt: null,
  finishedGames: 4,
  totalGames: 6,
  winner: null,
  ...over,
});

describe("club match text", () => {
  it("writes halves as chess players do", () => {
    expect([0, 0.5, 1, 2.5, 10].map(points)).toEqual(["0", "½", "1", "2½", "10"]);
  });

  it("puts our club first", () => {
    expect(sides(match(), 2).ours.name).toBe("Rooks");
    expect(sides(match(), 1).side).toBe("a");
  });

  it("says when sign-up ends", () => {
    const h = 3_600_000;
    expect(startsIn(3 * 24 * h, 0)).toBe("Starts in 3 days");
    expect(startsIn(5 * h, 0)).toBe("Starts in 5 hours");
    expect(startsIn(1 * h, 0)).toBe("Starts in 1 hour");
    expect(startsIn(10 * 60_000, 0)).toBe("Starts in 10 min");
    expect(startsIn(0, 5)).toBe("Starting…");
  });

  it("says where a match stands for each club", () => {
    expect(matchState(match({ status: "invited" }), 1, 0)).toBe("Waiting for their answer");
    expect(matchState(match({ status: "invited" }), 2, 0)).toBe("They challenge us");
    expect(matchState(match(), 1, 0)).toBe("In play · 4 of 6 games over");
    expect(matchState(match({ status: "finished", winner: "a" }), 1, 0)).toBe("Won · 3 boards");
    expect(matchState(match({ status: "finished", winner: "a" }), 2, 0)).toBe("Lost · 3 boards");
    expect(matchState(match({ status: "finished", winner: "draw" }), 2, 0)).toBe("Drawn");
  });

  it("puts a live update in place, or a new match first", () => {
    const list = [match(), match({ matchId: "m0" })];
    expect(withMatch(list, match({ finishedGames: 5 })).map((m) => m.finishedGames)).toEqual([5, 4]);
    expect(withMatch(list, match({ matchId: "m2" })).map((m) => m.matchId)).toEqual(["m2", "m1", "m0"]);
  });
});
