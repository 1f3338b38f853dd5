import { z } from "zod";
import { MAX_ROW_ID } from "./http.ts";

/** Where every player's and every puzzle's puzzle rating starts (the site's Elo). */
export const PUZZLE_START_RATING = 1500;

/** A puzzle as the board shows it: find the best move for `player` from `fen`. */
export interface Puzzle {
  id: number;
  fen: string;
  /** The side to find the move for (the side to move in `fen`). */
  player: "w" | "b";
  /** The best line in UCI, the solver's move first; the opponent's replies between are played for them. */
  solution: string[];
  /** The move played in the game instead. */
  played: string;
  /** "wins": one move clearly wins; "saves": one move holds. */
  kind: "wins" | "saves";
  /**
   * Themes ("mateIn1") and the source game give the answer away, so the page shows them only once the puzzle is
   * solved or its solution viewed. They stay in the payload, as on lichess: `solution` is there already (the
   * page judges each move at once), so hiding them from the API would hide nothing.
   */
  themes: string[];
  rating: number;
  gameId: string;
  ply: number;
}

/** GET /puzzles/next: a puzzle near the caller's rating (none when every one is solved), and that rating (null: a guest). */
export interface NextPuzzle {
  puzzle: Puzzle | null;
  rating: number | null;
}

export type PuzzleProgress = "solved" | "failed" | "unseen";

/** GET /puzzles/mine: "learn from your mistakes", the caller's own puzzles and how far they got with each. */
export interface PuzzleDeck {
  puzzles: Array<Puzzle & { progress: PuzzleProgress }>;
  solved: number;
  failed: number;
  unseen: number;
}

/** POST /puzzles/:id/attempt's answer. `ratingChange` is 0 for a guest and for any try after the first. */
export interface PuzzleAttemptResult {
  solved: boolean;
  rated: boolean;
  ratingChange: number;
  /** The caller's puzzle rating after the attempt (null: a guest). */
  rating: number | null;
  puzzleRating: number;
}

/** `:id` in /puzzles/:id. */
export const puzzleIdParams = z.object({
  id: z.coerce
    .number({ error: "No such puzzle" })
    .int("No such puzzle")
    .positive("No such puzzle")
    .max(MAX_ROW_ID, "No such puzzle"),
});

const UCI_MOVE = /^[a-h][1-8][a-h][1-8][qrbn]?$/;

/**
 * POST /puzzles/:id/attempt: the solver's moves in UCI, in order, up to and including the first wrong one
 * (the opponent's replies are not sent). A list that stops before the puzzle ends with no wrong move is refused.
 */
export const puzzleAttemptBody = z
  .object({
    moves: z
      .array(z.string().regex(UCI_MOVE, "moves must be UCI moves such as e2e4"), {
        error: "moves must be a list of UCI moves",
      })
      .min(1, "moves must hold at least one move")
      .max(8, "moves must hold at most 8 moves"),
  })
  .strict();
export type PuzzleAttemptBody = z.infer<typeof puzzleAttemptBody>;
