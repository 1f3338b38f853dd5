import { evalPercent, scoreOf } from "@chess/shared";

/**
 * The evaluation chart's geometry (SPEC §9: range -110..110). The y axis is the eval percent of SPEC §9
 * (-100..100, mate in N at ±(100 - N)), with room to 110 each way; x is the ply. Pure.
 */

export const CHART_RANGE = 110;

export interface ChartBox {
  width: number;
  height: number;
  /** Inner margin, so points at the edges are whole. */
  pad: number;
}

export const CHART_BOX: ChartBox = { width: 600, height: 140, pad: 6 };

export interface ChartPoint {
  ply: number;
  x: number;
  y: number;
  /** Eval percent, -100..100 from White's side. */
  percent: number;
}

/** x of `ply` out of `count` positions (ply 0 .. count - 1). */
export function xOf(ply: number, count: number, box: ChartBox = CHART_BOX): number {
  const inner = box.width - 2 * box.pad;
  return count <= 1 ? box.pad + inner / 2 : box.pad + (inner * ply) / (count - 1);
}

/** y of an eval percent, clamped to the chart's range: +110 at the top, -110 at the bottom. */
export function yOf(percent: number, box: ChartBox = CHART_BOX): number {
  const p = Math.max(-CHART_RANGE, Math.min(CHART_RANGE, percent));
  const inner = box.height - 2 * box.pad;
  return box.pad + ((CHART_RANGE - p) / (2 * CHART_RANGE)) * inner;
}

/** One point per position. */
export function chartPoints(evals: ReadonlyArray<number | string>, box: ChartBox = CHART_BOX): ChartPoint[] {
  return evals.map((e, ply) => {
    const percent = evalPercent(scoreOf(e));
    return { ply, x: xOf(ply, evals.length, box), y: yOf(percent, box), percent };
  });
}

/** The line through the points, as an SVG path. */
export function linePath(points: readonly ChartPoint[]): string {
  return points.map((p, i) => `${i === 0 ? "M" : "L"}${round(p.x)},${round(p.y)}`).join(" ");
}

/** The area under the line down to the chart's bottom: White's share, as on the evaluation bar. */
export function areaPath(points: readonly ChartPoint[], box: ChartBox = CHART_BOX): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return "";
  const bottom = round(box.height - box.pad);
  return `${linePath(points)} L${round(last.x)},${bottom} L${round(first.x)},${bottom} Z`;
}

/** The ply nearest to a click `fraction` (0..1) of the way across the chart. */
export function plyAt(fraction: number, count: number, box: ChartBox = CHART_BOX): number {
  if (count <= 1) return 0;
  const x = fraction * box.width;
  const ply = Math.round(((x - box.pad) / (box.width - 2 * box.pad)) * (count - 1));
  return Math.max(0, Math.min(count - 1, ply));
}

const round = (n: number) => Math.round(n * 10) / 10;
