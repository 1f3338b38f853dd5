import { describe, expect, it } from "vitest";
import { areaPath, CHART_BOX, CHART_RANGE, chartPoints, linePath, plyAt, xOf, yOf } from "./evalChart.ts";

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
