import type { Division, MoveQuality } from "@chess/shared";
import type { MouseEvent } from "react";
import {
  areaPath,
  CHART_BOX,
  chartPoints,
  linePath,
  PHASE_TITLE,
  type Phase,
  phaseLabels,
  plyAt,
  yOf,
} from "./evalChart.ts";
import { formatEval } from "./evalDisplay.ts";
import "./EvalChart.css";

export interface EvalChartProps {
  /** The eval of every position: index 0 the start, i after move i. */
  evals: ReadonlyArray<number | string>;
  /** Names of the moves for the tooltips: labels[i] names move i, e.g. "3... Nf6". */
  labels: readonly string[];
  /** Quality of move i (index 0 unused): inaccuracies, mistakes and blunders are marked. */
  qualities: ReadonlyArray<MoveQuality | null>;
  /** The ply on the board; null while a variation is shown. */
  currentPly: number | null;
  /** Where the middlegame and the endgame start, drawn as dividers. */
  division?: Division;
  onSelect: (ply: number) => void;
}

const MARKED: Partial<Record<MoveQuality, string>> = {
  inaccuracy: "eval-chart__point--inaccuracy",
  mistake: "eval-chart__point--mistake",
  blunder: "eval-chart__point--blunder",
};

/**
 * The evaluation chart (SPEC §4, §9): eval percent of every position on a -110..110 axis against the ply,
 * White's share shaded as on the bar. A click anywhere jumps to the nearest move.
 */
export function EvalChart({ evals, labels, qualities, currentPly, division, onSelect }: EvalChartProps) {
  const { width, height } = CHART_BOX;
  const points = chartPoints(evals);
  const current = currentPly === null ? undefined : points[currentPly];
  const dividers: Partial<Record<Phase, number>> = {};
  for (const phase of ["middlegame", "endgame"] as const) {
    const at = division?.[phase];
    const p = at === null || at === undefined ? undefined : points[at];
    if (p) dividers[phase] = p.x;
  }

  const onClick = (event: MouseEvent<SVGSVGElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    if (rect.width <= 0) return;
    onSelect(plyAt((event.clientX - rect.left) / rect.width, points.length));
  };

  return (
    <figure className="eval-chart" data-testid="eval-chart">
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: keyboard users step with the arrow keys and the move list */}
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={`Evaluation chart over ${Math.max(0, points.length - 1)} moves`}
        onClick={onClick}
      >
        <rect className="eval-chart__bg" x="0" y="0" width={width} height={height} rx="6" />
        <path className="eval-chart__area" d={areaPath(points)} />
        <line className="eval-chart__zero" x1="0" x2={width} y1={yOf(0)} y2={yOf(0)} />
        <path className="eval-chart__line" d={linePath(points)} />
        {phaseLabels(dividers).map((l) => (
          <g key={l.phase} className="eval-chart__phase" data-phase={l.phase}>
            <line x1={l.x} x2={l.x} y1="0" y2={height} />
            <text x={l.textX} y={l.y} textAnchor={l.anchor}>
              {PHASE_TITLE[l.phase]}
            </text>
          </g>
        ))}
        {current ? <line className="eval-chart__cursor" x1={current.x} x2={current.x} y1="0" y2={height} /> : null}
        {points.map((p) => {
          const quality = qualities[p.ply];
          const marked = quality ? MARKED[quality] : undefined;
          const isCurrent = p.ply === currentPly;
          return (
            <circle
              key={p.ply}
              className={["eval-chart__point", marked, isCurrent ? "eval-chart__point--current" : ""]
                .filter(Boolean)
                .join(" ")}
              cx={p.x}
              cy={p.y}
              r={isCurrent ? 5 : marked ? 4 : 2.5}
              data-ply={p.ply}
            >
              <title>{`${p.ply === 0 ? "Start" : (labels[p.ply] ?? `Ply ${p.ply}`)}: ${formatEval(evals[p.ply] ?? 0, 2)}`}</title>
            </circle>
          );
        })}
      </svg>
    </figure>
  );
}
