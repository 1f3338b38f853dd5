import { describe, expect, it } from "vitest";
import { favoured, formatBarEval, formatEval, isMatedEval, whiteShare } from "./evalDisplay.ts";

describe("formatEval (SPEC §9: centipawns divided by 100)", () => {
  it.each<[number | string, number | undefined, string]>([
    [35, undefined, "+0.3"],
    [35, 2, "+0.35"],
    [-120, undefined, "-1.2"],
    [0, undefined, "0.0"],
    [-4, undefined, "0.0"],
    ["#3", undefined, "#3"],
    ["#-2", undefined, "#-2"],
    [10_000, undefined, "1-0"],
    [-10_000, undefined, "0-1"],
  ])("%j (%s digits) → %s", (e, digits, text) => {
    expect(formatEval(e, digits)).toBe(text);
  });
});

describe("formatBarEval (the narrow bar: never more than 3 characters)", () => {
  it.each<[number | string, string]>([
    [35, "0.3"],
    [-120, "1.2"],
    [0, "0.0"],
    [999, "10"],
    [1049, "10"],
    [-2345, "23"],
    [9_999, "99"],
    [-9_500, "95"],
    ["#7", "M7"],
    ["#-12", "M12"],
    [10_000, "1-0"],
    [-10_000, "0-1"],
  ])("%j → %s", (e, text) => {
    expect(formatBarEval(e)).toBe(text);
    expect(formatBarEval(e).length).toBeLessThanOrEqual(3);
  });
});

describe("whiteShare (the bar: 50 + evalPercent / 2)", () => {
  it.each<[number | string, number]>([
    [0, 50],
    [50, 55],
    [-100, 40],
    [400, 75],
    ["#1", 99.5],
    ["#-3", 1.5],
    [10_000, 100],
    [-10_000, 0],
  ])("%j → %s %", (e, share) => {
    expect(whiteShare(e)).toBeCloseTo(share, 6);
  });

  it("knows the favoured side and the mated position", () => {
    expect(favoured(-1)).toBe("b");
    expect(favoured(0)).toBe("w");
    expect(favoured("#-2")).toBe("b");
    expect(isMatedEval(-10_000)).toBe(true);
    expect(isMatedEval("#1")).toBe(false);
  });
});
