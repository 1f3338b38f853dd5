import type { Score } from "./evaluation.ts";
import type { MistakePosition } from "./puzzles.ts";

/**
 * A puzzle's themes, lichess-style names: the motif hint of the mistake ("misses a fork with Nc7+" →
 * "fork"), then what the best move does ("mate", "mateIn2", "advantage", "defence") and the line's length.
 */
const HINTS: Array<[RegExp, string]> = [
  [/fork/, "fork"],
  [/hangs the/, "hangingPiece"],
  [/exchange/, "exchange"],
  [/misses winning|win material/, "material"],
];

export function puzzleThemes(position: MistakePosition, best: Score, hint: string | undefined): string[] {
  const themes = HINTS.filter(([pattern]) => hint && pattern.test(hint)).map(([, theme]) => theme);
  const mate = "mate" in best ? best.mate * (position.player === "w" ? 1 : -1) : undefined;
  if (mate !== undefined && mate > 0) themes.push("mate", `mateIn${Math.min(mate, 5)}`);
  else themes.push(position.kind === "wins" ? "advantage" : "defence");
  themes.push(position.solution.length === 1 ? "oneMove" : position.solution.length === 3 ? "short" : "long");
  return [...new Set(themes)];
}
