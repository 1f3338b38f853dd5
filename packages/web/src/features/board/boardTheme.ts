import type { AnimationSpeed, BoardColors } from "@chess/shared";
import type { CSSProperties } from "react";

/** Board defaults of SPEC §9. */
export const BOARD_THEME = {
  lightSquare: "rgb(240, 217, 181)",
  darkSquare: "rgb(181, 136, 99)",
  animationMs: 300,
  /** The free board's largest width; it shrinks with the viewport. */
  freeBoardMaxWidthPx: 560,
} as const;

export interface BoardColorScheme {
  label: string;
  light: string;
  dark: string;
}

/** The square colours players choose from; "brown" is the spec's. */
export const BOARD_COLOR_SCHEMES: Record<BoardColors, BoardColorScheme> = {
  brown: { label: "Brown", light: BOARD_THEME.lightSquare, dark: BOARD_THEME.darkSquare },
  blue: { label: "Blue", light: "rgb(222, 227, 230)", dark: "rgb(140, 162, 173)" },
  green: { label: "Green", light: "rgb(235, 236, 208)", dark: "rgb(115, 149, 82)" },
  grey: { label: "Grey", light: "rgb(224, 224, 224)", dark: "rgb(150, 150, 150)" },
  purple: { label: "Purple", light: "rgb(232, 226, 240)", dark: "rgb(146, 124, 178)" },
};

/** How long a move glides per animation speed; "normal" is the spec's 300 ms, "off" none. */
export const ANIMATION_MS: Record<AnimationSpeed, number> = { off: 0, fast: 150, normal: 300, slow: 500 };

/** Square and coordinate styles for a colour scheme. */
export function schemeStyles(scheme: BoardColorScheme): {
  light: CSSProperties;
  dark: CSSProperties;
  lightNotation: CSSProperties;
  darkNotation: CSSProperties;
} {
  return {
    light: { backgroundColor: scheme.light },
    dark: { backgroundColor: scheme.dark },
    // Each square's coordinate is drawn in the other square colour, as on a printed board.
    lightNotation: { color: scheme.dark, fontWeight: 600 },
    darkNotation: { color: scheme.light, fontWeight: 600 },
  };
}
