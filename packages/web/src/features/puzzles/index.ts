export { PuzzleDeck } from "./PuzzleDeck.tsx";
export { PuzzlesView } from "./PuzzlesView.tsx";
export { PuzzleTrainer } from "./PuzzleTrainer.tsx";
export { type PuzzlesApi, puzzlesApi } from "./puzzlesApi.ts";
