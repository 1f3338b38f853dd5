import { type AnalysisEntry, MOVE_QUALITY_INFO, type MoveQuality } from "@chess/shared";
import type { TreeStep } from "../board/index.ts";
import { AnalysisLoginPrompt } from "./AnalysisLoginPrompt.tsx";
import { progressText } from "./analysisStore.ts";
import { bestLineText } from "./bestLine.ts";
import { formatEval } from "./evalDisplay.ts";
import type { useGameAnalysis } from "./useGameAnalysis.ts";
import "./MoveMarks.css";

/**
 * Small parts of the analysis view: the engine's status, the best line, a player's row, the nav icons, a
 * move's mark in the move table.
 */

export function EngineStatus({ analysis }: { analysis: ReturnType<typeof useGameAnalysis> }) {
  const { state, view } = analysis;
  if (view === "loading" && state.request.kind === "loading") {
    const progress = state.request.progress;
    const text = progressText(progress);
    const total = progress && progress.total > 0 ? progress.total : undefined;
    return (
      <div className="analysis-progress" role="status">
        <span>{text}</span>
        <progress
          aria-label="Analysis progress"
          {...(total ? { max: total, value: Math.min(progress?.done ?? 0, total) } : {})}
        />
      </div>
    );
  }
  if (view === "error" && state.request.kind === "failed") {
    if (state.request.loginRequired) return <AnalysisLoginPrompt />;
    return (
      <p className="analysis__error" role="alert">
        {state.request.message}
      </p>
    );
  }
  return null;
}

export function BestLine({
  fen,
  entry,
  pending,
  error,
}: {
  fen: string;
  entry: AnalysisEntry | undefined;
  pending: boolean;
  error: string | undefined;
}) {
  if (error) {
    return (
      <p className="analysis__error" role="alert">
        {error}
      </p>
    );
  }
  if (!entry) {
    return (
      <p className="analysis-best analysis-best--pending">{pending ? "Evaluating this position…" : "No evaluation"}</p>
    );
  }
  return (
    <p className="analysis-best" data-testid="best-line">
      <span className="analysis-best__eval">{formatEval(entry.eval, 2)}</span>
      <span className="analysis-best__line">{bestLineText(fen, entry.moves)}</span>
    </p>
  );
}

export function PlayerRow({ color, name, place }: { color: "white" | "black"; name: string; place: "top" | "bottom" }) {
  return (
    <div className={`analysis-player analysis-player--${place}`} data-testid={`player-${place}`}>
      <span className={`analysis-player__dot analysis-player__dot--${color}`} aria-hidden="true" />
      <span className="analysis-player__name">{name}</span>
      <span className="visually-hidden"> ({color})</span>
    </div>
  );
}

/** The analysis board's step buttons, in their order: names, keys and icons. */
export const STEP_BUTTONS: ReadonlyArray<{ to: TreeStep; label: string; title: string; icon: string }> = [
  { to: "first", label: "First Move", title: "First move (Home)", icon: "M6 5v14M18 5l-8 7 8 7" },
  { to: "back", label: "Previous Move", title: "Previous move (\u2190)", icon: "M15 5l-7 7 7 7" },
  { to: "forward", label: "Next Move", title: "Next move (\u2192)", icon: "M9 5l7 7-7 7" },
  { to: "last", label: "Last Move", title: "Last move (End)", icon: "M18 5v14M6 5l8 7-8 7" },
];

export function NavIcon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** A move's quality mark after its SAN in the move table, e.g. "??", read out as its title ("Blunder"). */
export function MoveMark({ quality }: { quality: MoveQuality | null | undefined }) {
  if (!quality) return null;
  return (
    <>
      <span className={`move-mark move-mark--${quality}`} aria-hidden="true">
        {MOVE_QUALITY_INFO[quality].symbol}
      </span>
      <span className="visually-hidden"> ({MOVE_QUALITY_INFO[quality].title})</span>
    </>
  );
}
