export { Board, type BoardProps } from "./Board.tsx";
export { BoardFallback } from "./BoardFallback.tsx";
export * from "./boardPosition.ts";
export { BOARD_THEME } from "./boardTheme.ts";
export { FreeBoard } from "./FreeBoard.tsx";
