/** One point of a rating history: when (ms), the rating after that game, and the change it made. */
export interface RatingPoint {
  t: number;
  elo: number;
  change?: number;
}

/**
 * What the chart draws: the rating before the first game (when its change is known), then after each one,
 * so one game is a line from where the player started, not a lone dot.
 */
export function chartPoints(points: readonly RatingPoint[]): RatingPoint[] {
  const first = points[0];
  if (first?.change === undefined) return [...points];
  return [{ t: first.t, elo: first.elo - first.change }, ...points];
}

export interface ChartBox {
  width: number;
  height: number;
  /** Space kept free on every side, in the same units. */
  pad: number;
}

export interface ChartGeometry {
  /** SVG path through the points, "" when there are none. */
  path: string;
  dots: Array<{ x: number; y: number; elo: number; t: number }>;
  /** The rating range the vertical axis spans (at least MIN_SPAN wide). */
  min: number;
  max: number;
  /**
   * The highest and lowest ratings of the history and their heights: what the axis labels, at their own
   * height (a narrow history sits inside a wider band, whose edges are no rating anyone had).
   */
  marks: Array<{ elo: number; y: number }>;
}

/** A flat history still gets a visible band instead of dividing by zero. */
export const MIN_SPAN = 20;

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * Scales rating points into a box: games spread evenly left to right (game order, not time, so a
 * burst of games does not bunch up), higher ratings higher. One point sits in the middle.
 */
export function chartGeometry(points: readonly RatingPoint[], box: ChartBox): ChartGeometry {
  if (points.length === 0) return { path: "", dots: [], min: 0, max: 0, marks: [] };
  const highest = Math.max(...points.map((p) => p.elo));
  const lowest = Math.min(...points.map((p) => p.elo));
  let lo = lowest;
  let hi = highest;
  if (hi - lo < MIN_SPAN) {
    const mid = (hi + lo) / 2;
    lo = Math.floor(mid - MIN_SPAN / 2);
    hi = lo + MIN_SPAN;
  }
  const innerW = box.width - 2 * box.pad;
  const innerH = box.height - 2 * box.pad;
  const yOf = (elo: number) => round(box.pad + innerH * (1 - (elo - lo) / (hi - lo)));
  const dots = points.map((p, i) => ({
    x: round(points.length === 1 ? box.width / 2 : box.pad + (innerW * i) / (points.length - 1)),
    y: yOf(p.elo),
    elo: p.elo,
    t: p.t,
  }));
  const path = dots.map((d, i) => `${i === 0 ? "M" : "L"}${d.x} ${d.y}`).join(" ");
  const marks = [highest, ...(lowest === highest ? [] : [lowest])].map((elo) => ({ elo, y: yOf(elo) }));
  return { path, dots, min: lo, max: hi, marks };
}

/** The chart's accessible summary: "Rapid rating: 1500 → 1512 over 3 rated games" (from before the first). */
export function chartSummary(label: string, points: readonly RatingPoint[]): string {
  const first = chartPoints(points)[0];
  const last = points.at(-1);
  if (!first || !last) return `${label} rating: no rated games yet`;
  const games = points.length === 1 ? "1 rated game" : `${points.length} rated games`;
  return `${label} rating: ${first.elo} → ${last.elo} over ${games}`;
}
