import { favoured, formatBarEval, formatEval, whiteShare } from "./evalDisplay.ts";
import "./EvalBar.css";

export interface EvalBarProps {
  /** The shown position's eval (centipawns or "#3"); undefined while unknown. */
  evaluation: number | string | undefined;
  /** The board's orientation: White's share grows from the bottom when White is at the bottom. */
  orientation: "white" | "black";
}

/** The evaluation bar beside the board: White's share is 50 + evalPercent / 2 (SPEC §9). */
export function EvalBar({ evaluation, orientation }: EvalBarProps) {
  const known = evaluation !== undefined;
  const share = known ? whiteShare(evaluation) : 50;
  const label = known ? formatEval(evaluation) : "…";
  const side = known ? favoured(evaluation) : "w";
  // The label sits at the favoured side's end of the bar.
  const labelAtBottom = (side === "w") === (orientation === "white");
  return (
    <div
      className={`eval-bar${orientation === "black" ? " eval-bar--flipped" : ""}`}
      role="img"
      aria-label={known ? `Evaluation ${label}` : "Evaluation pending"}
      data-testid="eval-bar"
    >
      <div className="eval-bar__white" style={{ height: `${share}%` }} />
      <div className="eval-bar__mid" aria-hidden="true" />
      <span
        className={`eval-bar__label eval-bar__label--${labelAtBottom ? "bottom" : "top"} eval-bar__label--${side}`}
        aria-hidden="true"
      >
        {known ? formatBarEval(evaluation) : "…"}
      </span>
    </div>
  );
}
