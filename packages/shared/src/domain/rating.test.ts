import { describe, expect, it } from "vitest";
import { eloDeltas, expectedScore, kFactor } from "./rating.ts";

describe("Elo", () => {
  it("expects 50% between equals and ~76% at +200", () => {
    expect(expectedScore(1500, 1500)).toBe(0.5);
    expect(expectedScore(1700, 1500)).toBeCloseTo(0.7597, 3);
  });

  it.each([
    [1200, 1200, 0, { winEloDelta: 20, drawEloDelta: 0, lossEloDelta: -20 }],
    [1500, 1500, 100, { winEloDelta: 10, drawEloDelta: 0, lossEloDelta: -10 }],
    [1700, 1500, 100, { winEloDelta: 5, drawEloDelta: -5, lossEloDelta: -15 }],
    [1300, 1500, 100, { winEloDelta: 15, drawEloDelta: 5, lossEloDelta: -5 }],
    [2500, 2500, 100, { winEloDelta: 5, drawEloDelta: 0, lossEloDelta: -5 }],
  ])("%i vs %i after %i games", (own, opp, games, expected) => {
    expect(eloDeltas(own, opp, games)).toEqual(expected);
  });

  it("is provisional (K 40) for the first 30 games", () => {
    expect(kFactor(1200, 0)).toBe(40);
    expect(kFactor(1200, 30)).toBe(20);
    expect(kFactor(2400, 30)).toBe(10);
  });
});
