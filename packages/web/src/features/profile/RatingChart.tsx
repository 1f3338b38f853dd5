import { chartGeometry, chartPoints, chartSummary, type RatingPoint } from "./ratingChart.ts";
import "./RatingChart.css";

const BOX = { width: 280, height: 96, pad: 8 };

/** A small line chart of a rating after each rated game; an empty state when there are none. */
export function RatingChart({ label, points }: { label: string; points: readonly RatingPoint[] }) {
  const summary = chartSummary(label, points);
  if (points.length === 0) {
    return <p className="rating-chart__empty">No rated games yet</p>;
  }
  const { path, dots, marks } = chartGeometry(chartPoints(points), BOX);
  const baseline = BOX.height - BOX.pad;
  const last = dots.at(-1);
  return (
    <figure className="rating-chart">
      <div className="rating-chart__plot">
        <div className="rating-chart__axis" aria-hidden="true">
          {marks.map((m) => (
            <span key={m.elo} style={{ top: `${(100 * m.y) / BOX.height}%` }}>
              {m.elo}
            </span>
          ))}
        </div>
        <svg viewBox={`0 0 ${BOX.width} ${BOX.height}`} role="img" aria-label={summary} data-testid="rating-chart">
          {marks.map((m) => (
            <line key={m.elo} className="rating-chart__grid" x1={BOX.pad} x2={BOX.width - BOX.pad} y1={m.y} y2={m.y} />
          ))}
          {dots.length > 1 ? (
            <path
              className="rating-chart__area"
              d={`${path} L${last?.x ?? 0} ${baseline} L${dots[0]?.x ?? 0} ${baseline} Z`}
            />
          ) : null}
          <path className="rating-chart__line" d={path} />
          {dots.length <= 40
            ? dots.map((d) => <circle key={`${d.t}-${d.x}`} className="rating-chart__dot" cx={d.x} cy={d.y} r={2.5} />)
            : null}
          {last ? (
            <circle className="rating-chart__dot rating-chart__dot--last" cx={last.x} cy={last.y} r={3.5} />
          ) : null}
        </svg>
      </div>
    </figure>
  );
}
