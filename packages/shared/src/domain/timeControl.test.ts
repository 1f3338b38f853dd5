import { describe, expect, it } from "vitest";
import { PRESETS, TIME_CLASSES, timeClassOf } from "./timeControl.ts";

describe("timeClassOf", () => {
  it("puts every preset in its spec group", () => {
    for (const group of TIME_CLASSES) {
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
