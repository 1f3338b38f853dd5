import { parseInfo, type Score, whitePov } from "@chess/shared";

/** What the engine in the browser has found so far about one position (multi-PV, deepest first). Pure. */

/** Lines the browser engine reports per position (lichess shows up to 5; three fit the panel). */
export const LOCAL_LINES = 3;
/** Where a search stops by itself: deep enough to trust, short enough to leave the CPU alone. */
export const LOCAL_MAX_DEPTH = 22;
export const LOCAL_MAX_MS = 30_000;

export interface LocalLine {
  /** 1 for the engine's first choice. */
  multipv: number;
  /** From White's side. */
  score: Score;
  /** UCI moves. */
  pv: string[];
  depth: number;
}

export interface LocalEval {
  fen: string;
  /** Depth of the first line (the depth shown). */
  depth: number;
  /** Best first, at most LOCAL_LINES. */
  lines: LocalLine[];
  /** The search has ended (depth or time reached, or the position is over). */
  done: boolean;
}

export const emptyLocalEval = (fen: string): LocalEval => ({ fen, depth: 0, lines: [], done: false });

/**
 * The eval after one line of engine output for the search of `state.fen`. Bounds (fail-high or fail-low
 * reports) are skipped so the lines do not flicker; a line only ever gets deeper.
 */
export function applyEngineLine(state: LocalEval, line: string): LocalEval {
  if (line.startsWith("bestmove")) return { ...state, done: true };
  const info = parseInfo(line, true);
  if (!info || info.bound || info.pv.length === 0 || info.multipv > LOCAL_LINES) return state;
  const turn = state.fen.split(" ")[1] === "b" ? "b" : "w";
  const next: LocalLine = { multipv: info.multipv, score: whitePov(info.score, turn), pv: info.pv, depth: info.depth };
  const lines = [...state.lines.filter((l) => l.multipv !== info.multipv), next].sort((a, b) => a.multipv - b.multipv);
  return { ...state, lines, depth: info.multipv === 1 ? info.depth : state.depth };
}
