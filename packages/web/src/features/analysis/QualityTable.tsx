import { MOVE_QUALITY_INFO, type MoveQuality, PHASE_TITLE, PHASES, type PhaseAccuracy } from "@chess/shared";
import type { MarkCounts } from "./marks.ts";
import "./QualityTable.css";

export interface QualityTableProps {
  /** The marks counted, best first: the six tiers, or lichess's three. */
  rows: readonly MoveQuality[];
  counts: MarkCounts;
  accuracy: { w: number | null; b: number | null };
  /** Accuracy in the opening, middlegame and endgame (phases the game never reached show "–"). */
  phases?: PhaseAccuracy;
  white: string;
  black: string;
}

/** Move-quality counts per side (SPEC §4) with each player's accuracy. */
export function QualityTable({ rows, counts, accuracy, phases, white, black }: QualityTableProps) {
  const pct = (a: number | null) => (a === null ? "–" : `${Math.round(a)}%`);
  return (
    <table className="quality-table">
      <caption>Move quality</caption>
      <thead>
        <tr>
          <td />
          <th scope="col" title={white}>
            White
          </th>
          <th scope="col" title={black}>
            Black
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((quality) => {
          const info = MOVE_QUALITY_INFO[quality];
          return (
            <tr key={quality} className={`quality-table__row quality-table__row--${quality}`}>
              <th scope="row">
                <span className="quality-table__label">
                  <span className={`quality-symbol quality-symbol--${quality}`} aria-hidden="true">
                    {info.symbol}
                  </span>
                  {info.title}
                </span>
              </th>
              <td data-zero={!counts.w[quality] || undefined}>{counts.w[quality] ?? 0}</td>
              <td data-zero={!counts.b[quality] || undefined}>{counts.b[quality] ?? 0}</td>
            </tr>
          );
        })}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Accuracy</th>
          <td>{pct(accuracy.w)}</td>
          <td>{pct(accuracy.b)}</td>
        </tr>
        {phases
          ? PHASES.map((phase) => (
              <tr key={phase} className="quality-table__phase">
                <th scope="row">{PHASE_TITLE[phase]}</th>
                <td>{pct(phases[phase].w)}</td>
                <td>{pct(phases[phase].b)}</td>
              </tr>
            ))
          : null}
      </tfoot>
    </table>
  );
}
