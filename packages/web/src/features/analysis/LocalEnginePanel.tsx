import { evalOf } from "@chess/shared";
import { numberedLine, type PlayedMove, playUciLine } from "../board/index.ts";
import { formatEval } from "./evalDisplay.ts";
import { LOCAL_ENGINE_NAME } from "./localEngine.ts";
import type { LocalLine } from "./localEval.ts";
import type { LocalEngineState } from "./useLocalEngine.ts";
import "./LocalEnginePanel.css";

/** Plies of each local line shown. */
const SHOWN_PLIES = 10;

/**
 * The engine in the browser: a switch, the depth reached and up to three lines for the position on the
 * board; a click on a line plays it on the board.
 */
export function LocalEnginePanel({
  on,
  onToggle,
  state,
  fen,
  onPlayLine,
}: {
  on: boolean;
  onToggle: (on: boolean) => void;
  state: LocalEngineState;
  fen: string;
  onPlayLine: (moves: PlayedMove[]) => void;
}) {
  return (
    <div className="local-engine" data-testid="local-engine">
      <div className="local-engine__head">
        <label className="analysis-switch">
          <input type="checkbox" checked={on} onChange={(e) => onToggle(e.currentTarget.checked)} />
          <span className="analysis-switch__track" aria-hidden="true" />
          <span className="analysis-switch__text">Local engine</span>
        </label>
        {on ? <LocalStatus state={state} /> : <span className="local-engine__note">{LOCAL_ENGINE_NAME}</span>}
      </div>
      {state.status === "failed" ? (
        <p className="analysis__error" role="alert">
          {state.message}
        </p>
      ) : null}
      {state.status === "running" && state.eval.fen === fen ? (
        <ol className="local-engine__lines" aria-label="Engine lines">
          {state.eval.lines.map((line) => (
            <LocalLineItem key={line.multipv} line={line} fen={fen} onPlay={onPlayLine} />
          ))}
        </ol>
      ) : null}
    </div>
  );
}

function LocalStatus({ state }: { state: LocalEngineState }) {
  if (state.status === "starting") return <span className="local-engine__note">Loading the engine…</span>;
  if (state.status !== "running") return null;
  const { depth, done, lines } = state.eval;
  return (
    <span className="local-engine__note" data-testid="local-depth" aria-live="off">
      Depth {depth}
      {done ? "" : "…"} · {lines.length} {lines.length === 1 ? "line" : "lines"}
    </span>
  );
}

function LocalLineItem({ line, fen, onPlay }: { line: LocalLine; fen: string; onPlay: (moves: PlayedMove[]) => void }) {
  const plies = playUciLine(fen, line.pv, SHOWN_PLIES);
  if (plies.length === 0) return null;
  const text = numberedLine(
    fen,
    plies.map((p) => p.san),
  );
  return (
    <li className="local-engine__line">
      <button
        type="button"
        className="local-engine__play"
        onClick={() => onPlay(plies)}
        title="Play this line on the board"
      >
        <span className="local-engine__eval">{formatEval(evalOf(line.score), 2)}</span>
        <span className="local-engine__moves">{text}</span>
      </button>
    </li>
  );
}
