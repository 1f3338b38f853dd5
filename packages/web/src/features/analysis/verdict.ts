import { type AnalysisEntry, explainMove, isChess960Fen, type MoveQuality } from "@chess/shared";
import { Chess } from "chess.js";
import type { LinePly } from "./analysisGame.ts";
import { BEST_LINE_PLIES, numberedLine } from "./bestLine.ts";
import { chess960UciPlies } from "./chess960Line.ts";
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
  bestLine: LinePly[];
  /** Why the move is bad, from the engine's lines and simple motif checks, e.g. "allows mate in 1". */
  hint: string | undefined;
}

/** UCI moves from `fen` → board moves, stopping at the first that does not apply. */
export function linePlies(fen: string, uci: readonly string[], max = BEST_LINE_PLIES): LinePly[] {
  if (isChess960Fen(fen)) return chess960UciPlies(fen, uci, max);
  let chess: Chess;
  try {
    chess = new Chess(fen);
  } catch {
    return [];
  }
  const plies: LinePly[] = [];
  for (const move of uci.slice(0, max)) {
    const m = /^([a-h][1-8])([a-h][1-8])([qrbn])?$/.exec(move);
    if (!m) break;
    try {
      const played = chess.move({ from: m[1] as string, to: m[2] as string, promotion: m[3] });
      plies.push({
        from: played.from,
        to: played.to,
        ...(played.promotion ? { promotion: played.promotion } : {}),
        san: played.san,
        fen: chess.fen(),
      });
    } catch {
      break;
    }
  }
  return plies;
}

/**
 * The verdict on game move `ply` when its mark is an inaccuracy, a mistake or a blunder, else undefined.
 * `fens[i]` is the position after move i, `plies[i - 1]` move i, `entries[i]` the analysis of position i.
 */
export function moveVerdict(
  ply: number,
  marks: ReadonlyArray<MoveQuality | null>,
  fens: readonly string[],
  plies: readonly LinePly[],
  entries: readonly AnalysisEntry[],
): MoveVerdict | undefined {
  const mark = marks[ply];
  const move = plies[ply - 1];
  const fenBefore = fens[ply - 1];
  const before = entries[ply - 1];
  const after = entries[ply];
  if (!mark || !BAD_MARKS.has(mark) || !move || !fenBefore || !before || !after) return undefined;
  const bestLine = linePlies(fenBefore, before.moves);
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
