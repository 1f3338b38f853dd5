import { describe, expect, it } from "vitest";
import { LIVE_TIME_CLASSES, PRESETS, timeClassOf, timeControlLabel } from "./timeControl.ts";

describe("timeClassOf", () => {
  it("puts every preset in its spec group", () => {
    for (const group of LIVE_TIME_CLASSES) {
      for (const tc of PRESETS[group])
        expect(`${tc.baseTime}+${tc.increment} ${timeClassOf(tc)}`).toBe(`${tc.baseTime}+${tc.increment} ${group}`);
    }
  });

  it.each([
    [0.5, 0, "bullet"],
    [2, 2, "blitz"], // 120 + 80 = 200 s
    [3, 0, "blitz"],
    [7, 0, "blitz"],
    [8, 3, "rapid"], // 480 + 120 = 600
    [20, 0, "rapid"],
    [25, 0, "classical"],
    [30, 0, "classical"],
  ])("custom %s+%s is %s", (baseTime, increment, expected) => {
    expect(timeClassOf({ baseTime, increment })).toBe(expected);
  });
});

describe("timeControlLabel", () => {
  it("writes a clock as base+increment and a game without one as Unlimited", () => {
    expect(timeControlLabel({ baseTime: 5, increment: 3 })).toBe("5+3");
    expect(timeControlLabel({ baseTime: 0.5, increment: 0, untimed: false })).toBe("½+0");
    expect(timeControlLabel({ baseTime: 1.5, increment: 1, untimed: false })).toBe("1.5+1");
    expect(timeControlLabel({ baseTime: 0, increment: 0, untimed: true })).toBe("Unlimited");
  });
});
