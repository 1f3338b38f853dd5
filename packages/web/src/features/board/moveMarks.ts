import type { CSSProperties } from "react";
import { checkedKing } from "./boardRules.ts";

const LAST_MOVE: CSSProperties = { backgroundColor: "rgba(155, 199, 0, 0.41)" };
const CHECK: CSSProperties = {
  background: "radial-gradient(ellipse at center, rgb(255 0 0) 0%, rgb(231 0 0) 25%, rgb(169 0 0 / 0) 89%)",
};

/** The squares every board marks: the last move's two, and a king in check (red, over the last move's colour). */
export function moveMarks(fen: string, lastMove?: { from: string; to: string } | null): Record<string, CSSProperties> {
  const styles: Record<string, CSSProperties> = {};
  if (lastMove) {
    styles[lastMove.from] = LAST_MOVE;
    styles[lastMove.to] = LAST_MOVE;
  }
  const checked = checkedKing(fen);
  if (checked) styles[checked] = { ...styles[checked], ...CHECK };
  return styles;
}
