import { describe, expect, it } from "vitest";
import {
  evalOf,
  evalPercent,
  gameAccuracy,
  moveAccuracy,
  moveQuality,
  qualityOfDrop,
  scoreOf,
  winPercent,
} from "./evaluation.ts";

describe("evalPercent (SPEC §9)", () => {
  it.each([
    [{ cp: 0 }, 0],
    [{ cp: 50 }, 10],
    [{ cp: -50 }, -10],
    [{ cp: 100 }, 20],
    [{ cp: 200 }, 35],
    [{ cp: 400 }, 50],
    [{ cp: -800 }, -65],
    [{ cp: 100_000 }, 100],
    [{ mate: 3 }, 97],
    [{ mate: -1 }, -99],
  ])("%j → %d", (score, percent) => {
    expect(evalPercent(score)).toBeCloseTo(percent, 6);
  });
});

describe("move quality thresholds", () => {
  it.each([
    [0, "best"],
    [5, "best"],
    [5.1, "good"],
    [10.5, "alright"],
    [20.5, "inaccuracy"],
    [35.5, "mistake"],
    [50.5, "blunder"],
  ] as const)("a drop of %d is %s", (drop, q) => {
    expect(qualityOfDrop(drop)).toBe(q);
  });

  it("measures the drop from the mover's side", () => {
    expect(moveQuality({ cp: 0 }, { cp: -400 }, "w")).toBe("mistake");
    expect(moveQuality({ cp: 0 }, { cp: -200 }, "w")).toBe("inaccuracy");
    expect(moveQuality({ cp: 0 }, { cp: -400 }, "b")).toBe("best");
    expect(moveQuality({ cp: 300 }, { mate: -2 }, "w")).toBe("blunder");
  });
});

describe("lichess accuracy", () => {
  it("matches the published Win% and accuracy figures", () => {
    expect(winPercent({ cp: 0 })).toBeCloseTo(50, 5);
    expect(winPercent({ cp: 100 })).toBeCloseTo(59.1, 1);
    expect(winPercent({ cp: 300 })).toBeCloseTo(75.1, 1);
    expect(moveAccuracy(60, 55)).toBeCloseTo(80.8, 0);
    expect(moveAccuracy(60, 50)).toBeCloseTo(64.6, 0);
    expect(moveAccuracy(60, 40)).toBeCloseTo(41.0, 0);
    expect(moveAccuracy(50, 70)).toBe(100);
  });

  it("gives a player who never loses ground 100 and one who blunders less", () => {
    const scores = [{ cp: 20 }, { cp: 20 }, { cp: 25 }, { cp: -600 }, { cp: -600 }, { cp: -600 }];
    const acc = gameAccuracy(scores);
    expect(acc.b).toBeCloseTo(100, 0);
    expect(acc.w).toBeLessThan(70);
  });
});

describe("eval text", () => {
  it("round-trips centipawns and mates", () => {
    expect(evalOf({ cp: -35 })).toBe(-35);
    expect(evalOf({ mate: -2 })).toBe("#-2");
    expect(scoreOf("#3")).toEqual({ mate: 3 });
    expect(scoreOf(42)).toEqual({ cp: 42 });
    expect(scoreOf("17")).toEqual({ cp: 17 });
  });
});
