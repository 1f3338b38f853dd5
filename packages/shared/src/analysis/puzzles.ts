import { type AnalysisEntry, type Score, scoreOf, winPercent } from "./evaluation.ts";
import { judgeMove } from "./judgement.ts";

/**
 * Puzzles from a player's own mistakes (lichess-puzzler's idea, "learn from your mistakes"): a position where
 * the player went wrong (a mistake or a blunder by lichess's rule) while one move — and only one — clearly
 * won or saved the game. Two steps, both pure: `mistakePositions` finds where the player erred and the best
 * move would have won or held (the engine then searches those few positions for their second-best move), and
 * `acceptPuzzle` keeps a position only when that second move is clearly worse.
 */

/** The figures behind the rules, on the mover's Win% (0..100). */
export const PUZZLE_RULES = {
  /** The best move keeps at least this: a clear win. */
  wins: 70,
  /** Or at least this, against a played move that loses: a save. */
  saves: 40,
  /** The played move must lose at least this much against the best. */
  drop: 15,
  /** And every other move at least this much: the best is the only one. */
  unique: 15,
  /** Positions of the first plies are openings everybody knows, not puzzles. */
  fromPly: 4,
  /** The solution: the best move and at most this many more plies of its line (the opponent's replies included). */
  replies: 4,
} as const;

/** A position where a player erred while the best move clearly won or saved. */
export interface MistakePosition {
  /** The position's index in the game (0 the start): the player is to move there. */
  ply: number;
  fen: string;
  player: "w" | "b";
  /** The move the player made (UCI). */
  played: string;
  /** The best line from the position (UCI), the player's move first; ends on the player's move. */
  solution: string[];
  kind: "wins" | "saves";
  /** The player's Win% after the best move and after the move played. */
  winBest: number;
  winPlayed: number;
}

/** A game with its analysis: `entries[i]` and `fens[i]` the position after move i, `uciMoves[i]` move i + 1. */
export interface AnalysedGame {
  fens: readonly string[];
  uciMoves: readonly string[];
  entries: readonly AnalysisEntry[];
}

/** The mover's Win% of a score from White's side. */
const moverWin = (score: Score, mover: "w" | "b"): number => {
  const white = winPercent(score);
  return mover === "w" ? white : 100 - white;
};

/** The best line, cut to end on the player's own move: 1, 3 or 5 plies. */
function solutionOf(line: readonly string[]): string[] {
  const length = Math.min(line.length, 1 + PUZZLE_RULES.replies);
  return line.slice(0, length % 2 === 1 ? length : length - 1);
}

/** Where a player erred while the best move clearly won or saved (a second search decides uniqueness). */
export function mistakePositions(game: AnalysedGame): MistakePosition[] {
  const found: MistakePosition[] = [];
  for (let i = Math.max(1, PUZZLE_RULES.fromPly + 1); i < game.entries.length; i++) {
    const before = game.entries[i - 1];
    const after = game.entries[i];
    const played = game.uciMoves[i - 1];
    const fen = game.fens[i - 1];
    if (!before || !after || !played || !fen || before.moves.length === 0) continue;
    const judgement = judgeMove(before, after, played);
    if (judgement !== "mistake" && judgement !== "blunder") continue;
    const player = before.turn;
    const winBest = moverWin(scoreOf(before.eval), player);
    const winPlayed = moverWin(scoreOf(after.eval), player);
    if (winBest - winPlayed < PUZZLE_RULES.drop) continue;
    const kind = winBest >= PUZZLE_RULES.wins ? "wins" : winBest >= PUZZLE_RULES.saves ? "saves" : undefined;
    if (!kind) continue;
    const solution = solutionOf(before.moves);
    found.push({ ply: i - 1, fen, player, played, solution, kind, winBest, winPlayed });
  }
  return found;
}

/**
 * Whether a position makes a puzzle, given the score (White's side) after the second-best move: only when
 * every other move is clearly worse than the best. `null`: there is no other legal move — a forced move is
 * no puzzle.
 */
export function acceptPuzzle(position: MistakePosition, secondBest: Score | null): boolean {
  if (secondBest === null) return false;
  return position.winBest - moverWin(secondBest, position.player) >= PUZZLE_RULES.unique;
}

/** A game's puzzles: the mistake positions whose best move is the only good one (`second` by position index). */
export function extractPuzzles(game: AnalysedGame, second: ReadonlyMap<number, Score | null>): MistakePosition[] {
  return mistakePositions(game).filter((p) => second.has(p.ply) && acceptPuzzle(p, second.get(p.ply) ?? null));
}
