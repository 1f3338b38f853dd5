import { FILES, type Orientation, type PieceCode, type Square } from "./boardPosition.ts";
import { pieceName } from "./pieceSets.tsx";

/** The keys that move the board's keyboard cursor. */
export const CURSOR_KEYS = ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End"] as const;
export type CursorKey = (typeof CURSOR_KEYS)[number];

export const isCursorKey = (key: string): key is CursorKey => (CURSOR_KEYS as readonly string[]).includes(key);

/**
 * Where the cursor goes from `square` on `key`, as the board is seen (`orientation` at the bottom): up is
 * away from the player; Home and End go to the ends of the rank. It stops at the edges. Pure.
 */
export function stepCursor(square: Square, key: CursorKey, orientation: Orientation): Square {
  const toward = orientation === "white" ? 1 : -1;
  let file = FILES.indexOf(square[0] as (typeof FILES)[number]);
  let rank = Number(square[1]) - 1;
  if (key === "ArrowUp") rank += toward;
  else if (key === "ArrowDown") rank -= toward;
  else if (key === "ArrowRight") file += toward;
  else if (key === "ArrowLeft") file -= toward;
  else if (key === "Home") file = toward === 1 ? 0 : 7;
  else file = toward === 1 ? 7 : 0;
  const clamp = (n: number) => Math.min(7, Math.max(0, n));
  return `${FILES[clamp(file)]}${clamp(rank) + 1}` as Square;
}

/** Where the cursor starts on a board first reached by keyboard: the king's pawn of the side at the bottom. */
export const startCursor = (orientation: Orientation): Square => (orientation === "white" ? "e2" : "e7");

/** What a screen reader hears of the cursor's square, e.g. "e2, white pawn, picked up" or "e4, empty". */
export function cursorText(square: Square, piece: PieceCode | undefined, picked: boolean): string {
  const what = piece ? pieceName(piece) : "empty";
  return `${square}, ${what}${picked ? ", picked up" : ""}`;
}
