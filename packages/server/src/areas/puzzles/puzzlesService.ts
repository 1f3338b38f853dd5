import {
  fail,
  judgeAttempt,
  type NextPuzzle,
  PUZZLE_START_RATING,
  type Puzzle,
  type PuzzleAttemptResult,
  type PuzzleDeck,
  puzzleRatingChanges,
} from "@chess/shared";
import { ok, type Result } from "../../util/result.ts";
import type { PuzzlesRepo, Solver } from "./puzzlesRepo.ts";

const NO_PUZZLE = "No such puzzle";

/**
 * Puzzles for anyone: the next one near the caller's puzzle rating, one by id, an account's own deck, and
 * tries. Guests try puzzles too, and are not shown again what they tried in their session, but only an
 * account's first try at a puzzle moves a rating (its own and the puzzle's).
 */
export function createPuzzlesService(deps: { repo: PuzzlesRepo }) {
  const { repo } = deps;
  return {
    async next(solver: Solver | undefined): Promise<NextPuzzle> {
      const rating = solver?.userId != null ? (await repo.rating(solver.userId)).rating : null;
      const puzzle = await repo.near(rating ?? PUZZLE_START_RATING, solver);
      return { puzzle: puzzle ?? null, rating };
    },

    async get(id: number): Promise<Result<Puzzle>> {
      const puzzle = await repo.byId(id);
      return puzzle ? ok(puzzle) : fail("not_found", NO_PUZZLE);
    },

    async deck(userId: number): Promise<PuzzleDeck> {
      const puzzles = await repo.deck(userId);
      const counted = (p: string) => puzzles.filter((x) => x.progress === p).length;
      return { puzzles, solved: counted("solved"), failed: counted("failed"), unseen: counted("unseen") };
    },

    /** A try: the solver's moves up to the puzzle's end or the first wrong one, checked against the solution. */
    async attempt(solver: Solver, id: number, moves: string[]): Promise<Result<PuzzleAttemptResult>> {
      const puzzle = await repo.byId(id);
      if (!puzzle) return fail("not_found", NO_PUZZLE);
      const verdict = judgeAttempt(puzzle.fen, puzzle.solution, moves);
      if (verdict === "illegal") {
        return fail("validation", "The moves are not legal in this puzzle, or go on after a wrong one");
      }
      if (verdict === "incomplete") {
        return fail("validation", "The moves stop before the puzzle ends: send them up to its end or a wrong one");
      }
      const solved = verdict === "solved";
      const stored = await repo.attempt(id, solver, { solved, moves }, (own, p) => puzzleRatingChanges(own, p, solved));
      return ok({ solved, ...stored });
    },
  };
}

export type PuzzlesService = ReturnType<typeof createPuzzlesService>;
