import type { AnalysisEntry } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { accuracies, moveQualities, qualityCounts } from "./moveQualities.ts";
import { SCHOLARS_ENTRIES } from "./testGame.ts";

describe("move qualities (SPEC §9 thresholds on the mover's drop)", () => {
  it("rates every move from the entries before and after it", () => {
    expect(moveQualities(SCHOLARS_ENTRIES)).toEqual([null, "best", "best", "good", "best", "best", "blunder", "best"]);
  });

  it("counts per side", () => {
    const counts = qualityCounts(SCHOLARS_ENTRIES);
    expect(counts.w).toEqual({ best: 3, good: 1, alright: 0, inaccuracy: 0, mistake: 0, blunder: 0 });
    expect(counts.b).toEqual({ best: 2, good: 0, alright: 0, inaccuracy: 0, mistake: 0, blunder: 1 });
  });

  // White's drop in eval percent: 20 per pawn below one pawn, then 20 + 15·log2(pawns).
  it.each<[number | string, number | string, "w" | "b", string]>([
    [0, -25, "w", "best"], // drop 5
    [0, -30, "w", "good"], // drop 6
    [0, -60, "w", "alright"], // drop 12
    [0, -100, "w", "alright"], // drop 20 is not over 20
    [0, -200, "w", "inaccuracy"], // drop 35 is not over 35
    [0, -300, "w", "mistake"], // 43.8
    [0, -500, "w", "blunder"], // 54.8
    [0, 500, "b", "blunder"],
    [0, -500, "b", "best"],
    ["#-2", "#2", "b", "blunder"],
  ])("%s → %s by %s is %s", (before, after, mover, quality) => {
    const entries: AnalysisEntry[] = [
      { eval: before, turn: mover, moves: [] },
      { eval: after, turn: mover === "w" ? "b" : "w", moves: [] },
    ];
    expect(moveQualities(entries)[1]).toBe(quality);
  });

  it("takes the mover from the entries, so a game starting with Black counts Black first", () => {
    const entries: AnalysisEntry[] = [
      { eval: 0, turn: "b", moves: [] },
      { eval: 500, turn: "w", moves: [] },
    ];
    expect(qualityCounts(entries).b.blunder).toBe(1);
    expect(qualityCounts(entries).w.blunder).toBe(0);
  });

  it("gives each side an accuracy, lower for the side that blundered", () => {
    const { w, b } = accuracies(SCHOLARS_ENTRIES);
    expect(w).not.toBeNull();
    expect(b).not.toBeNull();
    expect(w as number).toBeGreaterThan(b as number);
    expect(accuracies([])).toEqual({ w: null, b: null });
  });
});
