import { expectedScore, kFactor } from "./rating.ts";

/**
 * A rated puzzle attempt is a game between the solver and the puzzle (lichess's idea, on the site's Elo): a
 * solve is the solver's win. Each side's K is the site's, from its own count of rated attempts.
 */
export function puzzleRatingChanges(
  solver: { rating: number; attempts: number },
  puzzle: { rating: number; attempts: number },
  solved: boolean,
): { solver: number; puzzle: number } {
  const score = solved ? 1 : 0;
  const expected = expectedScore(solver.rating, puzzle.rating);
  return {
    solver: Math.round(kFactor(solver.rating, solver.attempts) * (score - expected)),
    puzzle: Math.round(kFactor(puzzle.rating, puzzle.attempts) * (expected - score)),
  };
}
