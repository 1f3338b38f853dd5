import { combineAccuracies, moveAccuracies, type Score } from "./evaluation.ts";

/**
 * Opening, middlegame and endgame of a game, after lichess's divider (scalachess `Divider`): the middlegame
 * starts at the first position with at most 10 pieces other than kings and pawns, or with fewer than 4
 * pieces left on either side's back rank; the endgame at the first with at most 6. (lichess also looks at
 * how mixed the two armies are; this simpler rule leaves that out.) Pure.
 */

export const PHASES = ["opening", "middlegame", "endgame"] as const;
export type Phase = (typeof PHASES)[number];

export const PHASE_TITLE: Record<Phase, string> = {
  opening: "Opening",
  middlegame: "Middlegame",
  endgame: "Endgame",
};

/** Where the phases start, as indexes into the game's positions (0 the start); null when never reached. */
export interface Division {
  middlegame: number | null;
  endgame: number | null;
}

function placement(fen: string): string[] {
  const board = fen.split(" ")[0] ?? "";
  return board.split("/").map((rank) => rank.replace(/\d/g, (n) => ".".repeat(Number(n))));
}

const piecesOf = (rows: string[]) => rows.join("").replace(/[.kKpP]/g, "").length;

function backRankSparse(rows: string[]): boolean {
  const white = (rows[7] ?? "").replace(/[^A-Z]/g, "").length;
  const black = (rows[0] ?? "").replace(/[^a-z]/g, "").length;
  return white < 4 || black < 4;
}

/** The phases of a game from its positions (FENs, the start first). */
export function divideGame(fens: readonly string[]): Division {
  let middlegame: number | null = null;
  let endgame: number | null = null;
  fens.forEach((fen, i) => {
    const rows = placement(fen);
    const pieces = piecesOf(rows);
    if (middlegame === null && (pieces <= 10 || backRankSparse(rows))) middlegame = i;
    if (middlegame !== null && endgame === null && pieces <= 6) endgame = i;
  });
  // A game that goes straight from the opening into an endgame has no middlegame.
  if (middlegame !== null && endgame !== null && middlegame >= endgame) middlegame = null;
  return { middlegame, endgame };
}

/** The phase of position `index`. */
export function phaseAt(division: Division, index: number): Phase {
  if (division.endgame !== null && index >= division.endgame) return "endgame";
  if (division.middlegame !== null && index >= division.middlegame) return "middlegame";
  return "opening";
}

export type PhaseAccuracy = Record<Phase, { w: number | null; b: number | null }>;

/**
 * Each side's accuracy in each phase, combined as the game accuracy is (lichess: volatility-weighted and
 * harmonic means of move accuracies); a move belongs to the phase of the position it was played from.
 * `scores` has one entry per position, the first before the first move.
 */
export function phaseAccuracy(scores: Score[], division: Division, firstMover: "w" | "b" = "w"): PhaseAccuracy {
  const moves = moveAccuracies(scores, firstMover);
  const result = {} as PhaseAccuracy;
  for (const phase of PHASES) {
    const of = (side: "w" | "b") =>
      combineAccuracies(moves.filter((m, i) => m.mover === side && phaseAt(division, i) === phase));
    result[phase] = { w: of("w"), b: of("b") };
  }
  return result;
}
