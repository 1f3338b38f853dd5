import { describe, expect, it } from "vitest";
import { arenaPerformance, clubBattleStandings, rankStandings, resultCounts } from "./arenaStandings.ts";

const p = (userId: number, points: number, rating: number, performance: number | null = null) => ({
  userId,
  points,
  rating,
  performance,
});

describe("arena standings", () => {
  it("ranks by points, then performance, the rating standing in for it before a game", () => {
    const ranked = rankStandings([
      p(1, 4, 1500, 1600),
      p(2, 6, 1400, 1450),
      p(3, 4, 1700, 1650),
      // No game yet: the rating (1620) stands for the performance.
      p(4, 4, 1620),
      p(5, 0, 1900),
    ]);
    expect(ranked.map((r) => [r.rank, r.userId])).toEqual([
      [1, 2],
      [2, 3],
      [3, 4],
      [4, 1],
      [5, 5],
    ]);
  });

  it("breaks full ties by rating, then by the lower id, so no rank is shared", () => {
    const ranked = rankStandings([p(3, 2, 1500, 1500), p(1, 2, 1500, 1500), p(2, 2, 1600, 1500)]);
    expect(ranked.map((r) => r.userId)).toEqual([2, 1, 3]);
  });

  it.each([
    [[], null],
    [[{ opponentRating: 1500, outcome: "draw" as const }], 1500],
    [[{ opponentRating: 1500, outcome: "win" as const }], 2000],
    [
      [
        { opponentRating: 1400, outcome: "win" as const },
        { opponentRating: 1600, outcome: "loss" as const },
        { opponentRating: 1700, outcome: "win" as const },
      ],
      // (1900 + 1100 + 2200) / 3
      1733,
    ],
  ])("performance of %j is %s", (games, want) => {
    expect(arenaPerformance(games)).toBe(want);
  });

  it("counts a result only while the arena runs: the standings freeze at its end", () => {
    const running = { status: "started", endsAt: 10_000 };
    expect(resultCounts(running, 9_999)).toBe(true);
    expect(resultCounts(running, 10_000)).toBe(true);
    expect(resultCounts(running, 10_001)).toBe(false);
    expect(resultCounts({ status: "finished", endsAt: 10_000 }, 9_000)).toBe(false);
    expect(resultCounts({ status: "created", endsAt: null }, 9_000)).toBe(false);
  });

  it("a club battle scores the sum of each club's best N", () => {
    const ranked = rankStandings([
      { ...p(1, 10, 1500), clubId: 7 },
      { ...p(2, 9, 1500), clubId: 8 },
      { ...p(3, 8, 1500), clubId: 8 },
      { ...p(4, 7, 1500), clubId: 7 },
      { ...p(5, 6, 1500), clubId: 7 },
      { ...p(6, 1, 1500), clubId: 8 },
    ]);
    expect(clubBattleStandings(ranked, [7, 8, 9], 2)).toEqual([
      { rank: 1, clubId: 7, points: 17, players: [1, 4] },
      { rank: 2, clubId: 8, points: 17, players: [2, 3] },
      { rank: 3, clubId: 9, points: 0, players: [] },
    ]);
    expect(clubBattleStandings(ranked, [7, 8, 9], 3).map((c) => [c.clubId, c.points])).toEqual([
      [7, 23],
      [8, 18],
      [9, 0],
    ]);
  });
});
