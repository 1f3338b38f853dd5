export { Board, type BoardProps } from "./Board.tsx";
export { BoardFallback } from "./BoardFallback.tsx";
export { type BoardLook, BoardLookProvider, DEFAULT_BOARD_LOOK, useBoardLook } from "./boardLook.tsx";
export * from "./boardPosition.ts";
export { ANIMATION_MS, BOARD_COLOR_SCHEMES, BOARD_THEME, type BoardColorScheme } from "./boardTheme.ts";
export { PIECE_RENDERERS, PIECE_SET_LABELS, type PieceRenderers, usePieces } from "./pieceSets.tsx";
export { legalDestinations, premoveDestinations, type TapResult, tap } from "./tapMove.ts";
