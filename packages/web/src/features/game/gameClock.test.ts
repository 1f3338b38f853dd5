import { describe, expect, it } from "vitest";
import { formatClock, lowTimeMs, lowTimeWarning, secondsUntil } from "./gameClock.ts";

describe("formatClock (SPEC §9)", () => {
  it.each([
    [300_000, "5m 0s"],
    [299_900, "4m 59s"],
    [299_000, "4m 59s"],
    [61_000, "1m 1s"],
    [59_999, "0m 59s"],
    [10_500, "0m 10s"],
    [10_000, "0m 10s"],
    // Tenths under ten seconds, rounded down so a clock never shows time already gone.
    [9_999, "0m 9.9s"],
    [8_349, "0m 8.3s"],
    [1_000, "0m 1.0s"],
    [999, "0m 0.9s"],
    [99, "0m 0.0s"],
    [0, "0m 0s"],
    [-1, "0m 0s"],
    [-120_000, "0m 0s"],
    [7_200_000, "120m 0s"],
    [Number.NaN, "0m 0s"],
  ])("%d ms → %s", (ms, text) => {
    expect(formatClock(ms)).toBe(text);
  });
});

describe("lowTimeMs", () => {
  it.each([
    [60_000, 10_000],
    [180_000, 22_500],
    [300_000, 37_500],
    [600_000, 60_000],
    [7_200_000, 60_000],
    [30_000, 10_000],
  ])("a %d ms game runs low under %d ms", (initial, low) => {
    expect(lowTimeMs(initial)).toBe(low);
  });
});

describe("lowTimeWarning", () => {
  it("sounds once when the clock crosses the line, and again only after an increment lifts it clear", () => {
    let armed = true;
    const seen: boolean[] = [];
    for (const t of [30_000, 21_000, 19_900, 15_000, 21_000, 24_000, 26_000, 19_000, 0]) {
      const r = lowTimeWarning(armed, t, 20_000);
      armed = r.armed;
      seen.push(r.warn);
    }
    expect(seen).toEqual([false, false, true, false, false, false, false, true, false]);
  });

  it("does not sound for a clock that starts low and never rose, once it has sounded", () => {
    expect(lowTimeWarning(false, 5_000, 10_000)).toEqual({ warn: false, armed: false });
    expect(lowTimeWarning(true, 5_000, 10_000)).toEqual({ warn: true, armed: false });
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
