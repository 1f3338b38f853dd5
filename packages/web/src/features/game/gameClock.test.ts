import { describe, expect, it } from "vitest";
import { formatClock, secondsUntil } from "./gameClock.ts";

describe("formatClock (SPEC §9)", () => {
  it.each([
    [300_000, "5m 0s"],
    [299_900, "4m 59s"],
    [299_000, "4m 59s"],
    [61_000, "1m 1s"],
    [59_999, "0m 59s"],
    [10_500, "0m 10s"],
    [999, "0m 0s"],
    [0, "0m 0s"],
    [-1, "0m 0s"],
    [-120_000, "0m 0s"],
    [7_200_000, "120m 0s"],
    [Number.NaN, "0m 0s"],
  ])("%d ms → %s", (ms, text) => {
    expect(formatClock(ms)).toBe(text);
  });
});

describe("secondsUntil", () => {
  it("rounds up and never goes negative", () => {
    expect(secondsUntil(10_000, 0)).toBe(10);
    expect(secondsUntil(10_000, 100)).toBe(10);
    expect(secondsUntil(10_000, 9_001)).toBe(1);
    expect(secondsUntil(10_000, 10_000)).toBe(0);
    expect(secondsUntil(10_000, 20_000)).toBe(0);
  });
});
