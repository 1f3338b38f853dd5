import { type AnalysisEntry, explainMove, type MoveQuality } from "@chess/shared";
import { numberedLine, type PlayedMove, playUciLine } from "../board/index.ts";
import { BEST_LINE_PLIES } from "./bestLine.ts";
import { BAD_MARKS, uciOf } from "./marks.ts";

/** What the page says about a marked move: its mark, the better move and its line, and a hint. Pure. */
export interface MoveVerdict {
  /** The game ply of the marked move (the move from position ply − 1 to ply). */
  ply: number;
  mark: MoveQuality;
  /** The move played, in SAN, e.g. "Nf6". */
  played: string;
  /** The engine's first choice instead, in SAN, e.g. "Qe7"; undefined when the engine had no line. */
  best: string | undefined;
  /** The engine's line from the position before the move, numbered: "3... Qe7 4. Nf3 Nf6". */
  bestLineText: string;
  /** The same line as board moves, to play it out from ply − 1. */
  bestLine: PlayedMove[];
  /** Why the move is bad, from the engine's lines and simple motif checks, e.g. "allows mate in 1". */
  hint: string | undefined;
}

/**
 * The verdict on game move `ply` when its mark is an inaccuracy, a mistake or a blunder, else undefined.
 * `fens[i]` is the position after move i, `plies[i - 1]` move i, `entries[i]` the analysis of position i.
 */
export function moveVerdict(
  ply: number,
  marks: ReadonlyArray<MoveQuality | null>,
  fens: readonly string[],
  plies: readonly PlayedMove[],
  entries: readonly AnalysisEntry[],
): MoveVerdict | undefined {
  const mark = marks[ply];
  const move = plies[ply - 1];
  const fenBefore = fens[ply - 1];
  const before = entries[ply - 1];
  const after = entries[ply];
  if (!mark || !BAD_MARKS.has(mark) || !move || !fenBefore || !before || !after) return undefined;
  const bestLine = playUciLine(fenBefore, before.moves, BEST_LINE_PLIES);
  const best = bestLine[0];
  const sameAsBest = best !== undefined && uciOf(best) === uciOf(move);
  return {
    ply,
    mark,
    played: move.san,
    best: sameAsBest ? undefined : best?.san,
    bestLineText: numberedLine(
      fenBefore,
      bestLine.map((m) => m.san),
    ),
    bestLine,
    hint: explainMove({ fen: fenBefore, played: uciOf(move), before, after }),
  };
}
