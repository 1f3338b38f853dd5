import type { CSSProperties } from "react";

/** Board defaults of SPEC §9. */
export const BOARD_THEME = {
  lightSquare: "rgb(240, 217, 181)",
  darkSquare: "rgb(181, 136, 99)",
  animationMs: 300,
  /** The free board's largest width; it shrinks with the viewport. */
  freeBoardMaxWidthPx: 560,
} as const;

export const lightSquareStyle: CSSProperties = { backgroundColor: BOARD_THEME.lightSquare };
export const darkSquareStyle: CSSProperties = { backgroundColor: BOARD_THEME.darkSquare };
// Each square's coordinate is drawn in the other square colour, as on a printed board.
export const lightNotationStyle: CSSProperties = { color: BOARD_THEME.darkSquare, fontWeight: 600 };
export const darkNotationStyle: CSSProperties = { color: BOARD_THEME.lightSquare, fontWeight: 600 };
