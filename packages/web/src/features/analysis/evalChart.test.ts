import { describe, expect, it } from "vitest";
import {
  areaPath,
  CHART_BOX,
  CHART_RANGE,
  chartPoints,
  linePath,
  PHASE_TITLE,
  phaseLabels,
  plyAt,
  xOf,
  yOf,
} from "./evalChart.ts";

const box = { width: 220, height: 220 + 20, pad: 10 };

describe("eval chart mapping (SPEC §9: range -110..110)", () => {
  it("maps the eval percent onto a -110..110 axis", () => {
    expect(CHART_RANGE).toBe(110);
    expect(yOf(110, box)).toBe(10);
    expect(yOf(0, box)).toBe(120);
    expect(yOf(-110, box)).toBe(230);
    expect(yOf(100, box)).toBe(20);
    expect(yOf(500, box)).toBe(10);
  });

  it("spreads plies across the width", () => {
    expect(xOf(0, 5, box)).toBe(10);
    expect(xOf(4, 5, box)).toBe(210);
    expect(xOf(2, 5, box)).toBe(110);
    expect(xOf(0, 1, box)).toBe(110);
  });

  it("plots each position's eval percent: pawns below one are linear, mates at 100 - N, a mated king at 100", () => {
    const points = chartPoints([0, 50, -100, 400, "#3", "#-1", 10_000], box);
    expect(points.map((p) => Math.round(p.percent * 10) / 10)).toEqual([0, 10, -20, 50, 97, -99, 100]);
    expect(points[1]).toMatchObject({ ply: 1, y: 110 });
    expect(points.every((p) => p.y >= box.pad && p.y <= box.height - box.pad)).toBe(true);
  });

  it("draws the line and the area under it down to the bottom", () => {
    const points = chartPoints([0, 100], box);
    expect(linePath(points)).toBe("M10,120 L210,100");
    expect(areaPath(points, box)).toBe("M10,120 L210,100 L210,230 L10,230 Z");
    expect(areaPath([], box)).toBe("");
  });

  it("finds the ply nearest to a click", () => {
    expect(plyAt(0, 8)).toBe(0);
    expect(plyAt(1, 8)).toBe(7);
    expect(plyAt(xOf(3, 8) / CHART_BOX.width, 8)).toBe(3);
    expect(plyAt((xOf(3, 8) + 10) / CHART_BOX.width, 8)).toBe(3);
    expect(plyAt(0.5, 1)).toBe(0);
  });
});

describe("phaseLabels: the dividers' labels never overlap", () => {
  const W = CHART_BOX.width;
  it.each<[string, { middlegame?: number; endgame?: number }, Array<[string, "start" | "end", number]>]>([
    [
      "far apart: each right of its line",
      { middlegame: 100, endgame: 400 },
      [
        ["middlegame", "start", 14],
        ["endgame", "start", 14],
      ],
    ],
    [
      "near the right edge: left of its line",
      { middlegame: 100, endgame: W - 20 },
      [
        ["middlegame", "start", 14],
        ["endgame", "end", 14],
      ],
    ],
    [
      "close together with room on the left: the middlegame's goes left",
      { middlegame: 200, endgame: 240 },
      [
        ["middlegame", "end", 14],
        ["endgame", "start", 14],
      ],
    ],
    [
      "close together at the very start: the endgame's goes a row lower",
      { middlegame: 20, endgame: 60 },
      [
        ["middlegame", "start", 14],
        ["endgame", "start", 34],
      ],
    ],
    ["only an endgame", { endgame: 300 }, [["endgame", "start", 14]]],
    ["no phases", {}, []],
  ])("%s", (_, at, expected) => {
    const labels = phaseLabels(at);
    expect(labels.map((l) => [l.phase, l.anchor, l.y])).toEqual(expected);
  });
});

it("places every pair of dividers across the chart without overlap, inside it", () => {
  const W = CHART_BOX.width;
  const extent = (l: ReturnType<typeof phaseLabels>[number]) => {
    const w = PHASE_TITLE[l.phase].length * 0.62 * 18;
    return l.anchor === "start" ? [l.textX, l.textX + w] : [l.textX - w, l.textX];
  };
  for (let mid = 6; mid <= W - 6; mid += 7) {
    for (let end = mid; end <= W - 6; end += 7) {
      const [m, e] = phaseLabels({ middlegame: mid, endgame: end });
      if (!m || !e) throw new Error("two labels expected");
      const [m0, m1] = extent(m);
      const [e0, e1] = extent(e);
      expect(Math.min(m0!, e0!)).toBeGreaterThanOrEqual(0);
      expect(Math.max(m1!, e1!)).toBeLessThanOrEqual(W);
      if (m.y === e.y) expect(m1! <= e0! || e1! <= m0!).toBe(true);
    }
  }
});
