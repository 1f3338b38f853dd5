import { type AnalysisEntry, type ImportedGame, START_FEN } from "@chess/shared";
import type { AnalysisGame } from "./analysisGame.ts";

/** Scholar's mate with plausible engine entries: 3...Nf6?? allows mate in one. For tests only. */
export const SCHOLARS_MATE = ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"];

export const SCHOLARS_ENTRIES: AnalysisEntry[] = [
  { eval: 30, turn: "w", moves: ["e2e4", "e7e5"] },
  { eval: 35, turn: "b", moves: ["e7e5", "g1f3"] },
  { eval: 28, turn: "w", moves: ["g1f3", "b8c6"] },
  { eval: 0, turn: "b", moves: ["b8c6", "f1c4"] },
  { eval: 10, turn: "w", moves: ["f1c4", "g7g6"] },
  { eval: 40, turn: "b", moves: ["g7g6", "h5f3", "g8f6"] },
  { eval: "#1", turn: "w", moves: ["h5f7"] },
  { eval: 10_000, turn: "b", moves: [] },
];

export function testGame(overrides: Partial<AnalysisGame> = {}): AnalysisGame {
  return {
    gameId: "g1",
    initialFen: START_FEN,
    sans: SCHOLARS_MATE,
    white: "alice",
    black: "bob",
    playerColor: "white",
    result: "1-0",
    reason: "checkmate",
    status: "finished",
    variant: "standard",
    timeClass: "blitz",
    baseTime: 5,
    increment: 0,
    untimed: false,
    rated: true,
    startedAt: Date.UTC(2024, 4, 31, 12),
    ...overrides,
  };
}

/** A game imported from PGN, as GET /analysis/import/{id} answers. */
export const IMPORTED: ImportedGame = {
  importId: "import-abc",
  initialFen: START_FEN,
  moves: "d4 d5 c4",
  tags: { White: "carol", Black: "dave", Event: "Club match" },
  white: "carol",
  black: "dave",
  result: "*",
  tree: [],
  variant: "standard",
  createdAt: 0,
};
