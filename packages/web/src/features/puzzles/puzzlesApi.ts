import type { NextPuzzle, Puzzle, PuzzleAttemptResult, PuzzleDeck } from "@chess/shared";
import { api } from "../../lib/api.ts";

/** The puzzle calls (docs/PROTOCOL.md). Each rejects with ApiRequestError. */
export const puzzlesApi = {
  next: () => api.get<NextPuzzle>("/puzzles/next"),
  get: (id: number, signal?: AbortSignal) => api.get<Puzzle>(`/puzzles/${id}`, signal),
  mine: (signal?: AbortSignal) => api.get<PuzzleDeck>("/puzzles/mine", signal),
  /** The solver's moves up to the end or the first wrong one. */
  attempt: (id: number, moves: readonly string[]) => api.post<PuzzleAttemptResult>(`/puzzles/${id}/attempt`, { moves }),
};

export type PuzzlesApi = typeof puzzlesApi;
