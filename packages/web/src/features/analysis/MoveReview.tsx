import { JUDGEMENT_INFO, type Judgement, MOVE_QUALITY_INFO, type MoveQuality } from "@chess/shared";
import { useId } from "react";
import { Button } from "../../components/Button.tsx";
import { MARK_MODE_TITLE, MARK_MODES, type MarkMode, THRESHOLD_NOTES, thresholdLines } from "./marks.ts";
import type { MoveVerdict } from "./verdict.ts";
import "./MoveReview.css";

const markInfo = (mark: MoveQuality) =>
  mark in JUDGEMENT_INFO ? JUDGEMENT_INFO[mark as Judgement] : MOVE_QUALITY_INFO[mark];

/** The choice of marks (lichess's judgements or the spec's six tiers), with the rules behind them. */
export function MarkPicker({ mode, onChange }: { mode: MarkMode; onChange: (mode: MarkMode) => void }) {
  const name = useId();
  return (
    <div className="mark-picker">
      <fieldset className="mark-picker__modes">
        <legend>Move marks</legend>
        {MARK_MODES.map((m) => (
          <label key={m} className="mark-picker__mode">
            <input type="radio" name={name} value={m} checked={mode === m} onChange={() => onChange(m)} />
            <span>{MARK_MODE_TITLE[m]}</span>
          </label>
        ))}
      </fieldset>
      <details className="mark-picker__rules" data-testid="mark-thresholds">
        <summary>Thresholds</summary>
        <ul>
          {thresholdLines(mode).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p>{THRESHOLD_NOTES[mode]}</p>
      </details>
    </div>
  );
}

/**
 * What is wrong with the marked move on the board: its mark, the better move and its line (playable on the
 * board), and a hint at why.
 */
export function VerdictCard({
  verdict,
  moveLabel,
  onShowLine,
}: {
  verdict: MoveVerdict;
  /** The move's name, e.g. "3... Nf6". */
  moveLabel: string;
  onShowLine: () => void;
}) {
  const info = markInfo(verdict.mark);
  return (
    <section className={`verdict verdict--${verdict.mark}`} data-testid="verdict" aria-label="Move verdict">
      <p className="verdict__title">
        <span className="verdict__symbol" aria-hidden="true">
          {info.symbol}
        </span>
        <span>
          <strong>{moveLabel}</strong> is {verdict.mark === "inaccuracy" ? "an" : "a"} {info.title.toLowerCase()}.
          {verdict.best ? (
            <>
              {" "}
              <span data-testid="verdict-best">Best was {verdict.best}</span>
            </>
          ) : null}
        </span>
      </p>
      {verdict.hint ? (
        <p className="verdict__hint" data-testid="verdict-hint">
          <span className="verdict__hint-label">Hint:</span> {verdict.hint}
        </p>
      ) : null}
      {verdict.bestLine.length > 0 ? (
        <div className="verdict__line">
          <span className="verdict__line-text">{verdict.bestLineText}</span>
          <Button variant="ghost" onClick={onShowLine}>
            Show best line
          </Button>
        </div>
      ) : null}
    </section>
  );
}
