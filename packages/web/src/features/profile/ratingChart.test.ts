import { describe, expect, it } from "vitest";
import { chartGeometry, chartPoints, chartSummary, MIN_SPAN } from "./ratingChart.ts";

const box = { width: 100, height: 50, pad: 5 };

describe("chartGeometry", () => {
  it("draws nothing without points", () => {
    expect(chartGeometry([], box)).toEqual({ path: "", dots: [], min: 0, max: 0, marks: [] });
  });

  it("spreads games evenly left to right and puts higher ratings higher", () => {
    const { dots, path, min, max } = chartGeometry(
      [
        { t: 1, elo: 1500 },
        { t: 2, elo: 1540 },
        { t: 100, elo: 1520 },
      ],
      box,
    );
    expect([min, max]).toEqual([1500, 1540]);
    expect(dots.map((d) => d.x)).toEqual([5, 50, 95]);
    expect(dots.map((d) => d.y)).toEqual([45, 5, 25]);
    expect(path).toBe("M5 45 L50 5 L95 25");
  });

  it("centres a single game in a band around its rating", () => {
    const { dots, min, max } = chartGeometry([{ t: 1, elo: 1508 }], box);
    expect(dots).toEqual([{ x: 50, y: 25, elo: 1508, t: 1 }]);
    expect(max - min).toBe(MIN_SPAN);
    expect(min).toBeLessThan(1508);
    expect(max).toBeGreaterThan(1508);
  });

  it("keeps a flat history inside the box", () => {
    const { dots } = chartGeometry(
      [
        { t: 1, elo: 1500 },
        { t: 2, elo: 1500 },
      ],
      box,
    );
    for (const d of dots) {
      expect(d.y).toBeGreaterThanOrEqual(box.pad);
      expect(d.y).toBeLessThanOrEqual(box.height - box.pad);
    }
  });
});

describe("chartGeometry's axis marks", () => {
  it.each([
    [
      "a wide history: its extremes at the band's edges",
      [1500, 1540, 1520],
      [
        { elo: 1540, y: 5 },
        { elo: 1500, y: 45 },
      ],
    ],
    // 18 points apart, inside a band of 20 (1161-1181): the labels are the ratings, not the band's edges.
    [
      "a narrow history: its extremes where they are drawn",
      [1180, 1162],
      [
        { elo: 1180, y: 7 },
        { elo: 1162, y: 43 },
      ],
    ],
    ["one rating: one mark, in the middle", [1508], [{ elo: 1508, y: 25 }]],
  ])("%s", (_, elos, marks) => {
    const g = chartGeometry(
      elos.map((elo, t) => ({ t, elo })),
      box,
    );
    expect(g.marks).toEqual(marks);
    for (const m of g.marks) expect(g.dots.some((d) => d.elo === m.elo && d.y === m.y)).toBe(true);
  });
});

describe("chartPoints", () => {
  it("starts from the rating before the first game when its change is known", () => {
    expect(chartPoints([{ t: 5, elo: 1180, change: -20 }])).toEqual([
      { t: 5, elo: 1200 },
      { t: 5, elo: 1180, change: -20 },
    ]);
    expect(chartPoints([{ t: 5, elo: 1180 }])).toEqual([{ t: 5, elo: 1180 }]);
    expect(chartPoints([])).toEqual([]);
  });
});

describe("chartSummary", () => {
  it("counts from the rating before the first game", () => {
    expect(chartSummary("Blitz", [{ t: 1, elo: 1180, change: -20 }])).toBe(
      "Blitz rating: 1200 → 1180 over 1 rated game",
    );
  });

  it("says where the rating went", () => {
    expect(chartSummary("Rapid", [])).toBe("Rapid rating: no rated games yet");
    expect(chartSummary("Rapid", [{ t: 1, elo: 1508 }])).toBe("Rapid rating: 1508 → 1508 over 1 rated game");
    expect(
      chartSummary("Blitz", [
        { t: 1, elo: 1490 },
        { t: 2, elo: 1500 },
      ]),
    ).toBe("Blitz rating: 1490 → 1500 over 2 rated games");
  });
});
