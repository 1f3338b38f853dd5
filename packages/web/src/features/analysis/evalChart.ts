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

export type Phase = "middlegame" | "endgame";
export const PHASE_TITLE: Record<Phase, string> = { middlegame: "Middlegame", endgame: "Endgame" };

export interface PhaseLabel {
  phase: Phase;
  /** The divider's x. */
  x: number;
  /** Where the label's text is anchored, and on which side of the divider. */
  textX: number;
  anchor: "start" | "end";
  /** The label's baseline: the second row when the first has no room for both. */
  y: number;
}

/** The labels' font size in viewBox units (EvalChart.css), and a letter's width at it, generously. */
const PHASE_FONT = 18;
const LETTER = 0.62 * PHASE_FONT;
const GAP = 4;

function label(phase: Phase, x: number, side: "right" | "left", row = 0): PhaseLabel {
  const right = side === "right";
  return {
    phase,
    x,
    textX: right ? x + GAP : x - GAP,
    anchor: right ? "start" : "end",
    y: 14 + row * (PHASE_FONT + 2),
  };
}

/** The x-range a label's text covers. */
function span(l: PhaseLabel): [number, number] {
  const w = PHASE_TITLE[l.phase].length * LETTER;
  return l.anchor === "start" ? [l.textX, l.textX + w] : [l.textX - w, l.textX];
}

const overlap = (a: PhaseLabel, b: PhaseLabel) => {
  const [a0, a1] = span(a);
  const [b0, b1] = span(b);
  return a.y === b.y && a0 < b1 + GAP && b0 < a1 + GAP;
};

/**
 * Where the phase dividers' labels go: beside their line on the side with room, and never over each other
 * (a game whose middlegame began on move 3 and endgame on move 12 drew "Endgame" over "Middlegame"). The
 * middlegame's label moves left of its line when that clears them; else the endgame's goes a row lower.
 */
export function phaseLabels(at: Partial<Record<Phase, number>>, box: ChartBox = CHART_BOX): PhaseLabel[] {
  const natural = (phase: Phase, x: number) => {
    const right = label(phase, x, "right");
    return span(right)[1] > box.width ? label(phase, x, "left") : right;
  };
  const mid = at.middlegame === undefined ? undefined : natural("middlegame", at.middlegame);
  const end = at.endgame === undefined ? undefined : natural("endgame", at.endgame);
  if (!mid || !end) return mid ? [mid] : end ? [end] : [];
  if (!overlap(mid, end)) return [mid, end];
  const midLeft = label("middlegame", mid.x, "left");
  if (span(midLeft)[0] >= 0 && !overlap(midLeft, end)) return [midLeft, end];
  return [mid, label("endgame", end.x, end.anchor === "start" ? "right" : "left", 1)];
}
