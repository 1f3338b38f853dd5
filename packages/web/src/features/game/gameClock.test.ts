import { describe, expect, it } from "vitest";
import { formatClock, lowTimeMs, lowTimeWarning, secondsUntil } from "./gameClock.ts";

describe("formatClock (SPEC §9, lichess's look)", () => {
  it.each([
    [300_000, "5:00"],
    [299_900, "4:59"],
    [299_000, "4:59"],
    [61_000, "1:01"],
    [59_999, "0:59"],
    [10_500, "0:10"],
    [10_000, "0:10"],
    // Tenths under ten seconds, rounded down so a clock never shows time already gone.
    [9_999, "0:09.9"],
    [5_349, "0:05.3"],
    [1_000, "0:01.0"],
    [999, "0:00.9"],
    [99, "0:00.0"],
    [0, "0:00.0"],
    [-1, "0:00.0"],
    [-120_000, "0:00.0"],
    [3_599_000, "59:59"],
    [3_600_000, "1:00:00"],
    [7_200_000, "2:00:00"],
    [5_400_000 + 61_000, "1:31:01"],
    [Number.NaN, "0:00.0"],
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
