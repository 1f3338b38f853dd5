import { type AnalysisEntry, type Judgement, type Score, scoreOf, winPercent } from "./evaluation.ts";

/**
 * lichess's judgement of a move (lila `tree/Advice.scala`, `Analysis.infoAdvices`; scalachess `eval.scala`),
 * re-implemented from its rules, beside the spec's six tiers. Scores are from White's side.
 */

export { JUDGEMENTS, type Judgement } from "./evaluation.ts";

/**
 * Drops of the mover's winning chances (−1..1) from which a move is judged, and the same drops in Win%
 * points (Win% = 50 + 50 × winning chances): 0.1 / 0.2 / 0.3 = 5 / 10 / 15 points.
 */
export const JUDGEMENT_THRESHOLDS: Record<Judgement, { chances: number; winPercent: number }> = {
  inaccuracy: { chances: 0.1, winPercent: 5 },
  mistake: { chances: 0.2, winPercent: 10 },
  blunder: { chances: 0.3, winPercent: 15 },
};

/** Title and glyph of each judgement, as lichess shows them. */
export const JUDGEMENT_INFO: Record<Judgement, { title: string; symbol: string }> = {
  inaccuracy: { title: "Inaccuracy", symbol: "?!" },
  mistake: { title: "Mistake", symbol: "?" },
  blunder: { title: "Blunder", symbol: "??" },
};

/**
 * The score lichess judges a game's first move from: its fixed opening score (scalachess `Cp.initial`, +0.15,
 * lila `Info.start`), not the search of the first position, whose best line still decides whether it is judged.
 */
export const FIRST_MOVE_BEFORE_CP = 15;

/** Centipawns at and beyond which a stored eval is a checkmate on the board (the server stores ±10000). */
const CHECKMATE_CP = 10_000;

/** Winning chances (−1..1) of raw centipawns, unclamped, as lichess's judgement uses them. */
const chancesOfCp = (cp: number): number => Math.max(-1, Math.min(1, 2 / (1 + Math.exp(-0.00368208 * cp)) - 1));

function judgeDrop(drop: number): Judgement | null {
  if (drop >= JUDGEMENT_THRESHOLDS.blunder.chances) return "blunder";
  if (drop >= JUDGEMENT_THRESHOLDS.mistake.chances) return "mistake";
  if (drop >= JUDGEMENT_THRESHOLDS.inaccuracy.chances) return "inaccuracy";
  return null;
}

/**
 * The judgement of a move by `mover` from a position scored `before` to one scored `after` (lichess's rule):
 * between two centipawn scores, the drop of the mover's winning chances (0.1 / 0.2 / 0.3); when a forced
 * mate appears against the mover or the mover's own forced mate is lost, a blunder, softened to a mistake or
 * an inaccuracy when the other score was already beyond 7 or 10 pawns. A shorter or longer mate is not judged.
 */
export function judgeScores(before: Score, after: Score, mover: "w" | "b"): Judgement | null {
  const sign = mover === "w" ? 1 : -1;
  if ("cp" in before && "cp" in after) {
    return judgeDrop(sign * (chancesOfCp(before.cp) - chancesOfCp(after.cp)));
  }
  const mateBefore = "mate" in before ? sign * before.mate : undefined;
  const mateAfter = "mate" in after ? sign * after.mate : undefined;
  const cpBefore = "cp" in before ? sign * before.cp : 0;
  const cpAfter = "cp" in after ? sign * after.cp : 0;
  const created = mateBefore === undefined && mateAfter !== undefined && mateAfter < 0;
  const lost = mateBefore !== undefined && mateBefore > 0 && (mateAfter === undefined || mateAfter < 0);
  if (created) return cpBefore < -999 ? "inaccuracy" : cpBefore < -700 ? "mistake" : "blunder";
  if (lost) return cpAfter > 999 ? "inaccuracy" : cpAfter > 700 ? "mistake" : "blunder";
  return null;
}

/** Whether a stored entry is a position where the side to move is checkmated. */
export function isCheckmateEntry(entry: AnalysisEntry): boolean {
  return typeof entry.eval === "number" && Math.abs(entry.eval) >= CHECKMATE_CP && entry.moves.length === 0;
}

/**
 * The judgement of the move `played` (UCI) from `before` to `after`: null when it was the engine's first
 * choice in `before` (lichess judges only moves that differ from its best line) or when it gave checkmate.
 */
export function judgeMove(before: AnalysisEntry, after: AnalysisEntry, played: string | undefined): Judgement | null {
  if (played !== undefined && before.moves[0] === played) return null;
  if (isCheckmateEntry(after)) return null;
  return judgeScores(scoreOf(before.eval), scoreOf(after.eval), before.turn);
}

/** Win% for White (0..100, lichess: centipawns ceiled at ±1000, a mate counts as ±1000), to one decimal. */
export const entryWinPercent = (entry: AnalysisEntry): number => Math.round(winPercent(scoreOf(entry.eval)) * 10) / 10;

/**
 * A game's entries (index 0 the start, i after move i) with `winPercent` on each and, on every entry after
 * a move, the lichess `judgement` of that move; `uciMoves[i]` is the move from position i to i + 1. Works
 * on any stored analysis, old ones included: only the evals, best lines and the game's moves are needed.
 * The first move is judged from FIRST_MOVE_BEFORE_CP, as lichess does.
 */
export function judgeEntries(entries: readonly AnalysisEntry[], uciMoves: readonly string[]): AnalysisEntry[] {
  return entries.map((entry, i) => {
    const before = i === 1 && entries[0] ? { ...entries[0], eval: FIRST_MOVE_BEFORE_CP } : entries[i - 1];
    const judgement = before ? judgeMove(before, entry, uciMoves[i - 1]) : null;
    return { eval: entry.eval, turn: entry.turn, moves: entry.moves, winPercent: entryWinPercent(entry), judgement };
  });
}
