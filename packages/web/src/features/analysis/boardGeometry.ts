/** Where a square is drawn on the board, for overlays. Pure. */

const FILES = "abcdefgh";

/** Column (0 = left) and row (0 = top) of `square` as drawn with `orientation` at the bottom; undefined for a non-square. */
export function squareBox(square: string, orientation: "white" | "black"): { col: number; row: number } | undefined {
  const file = FILES.indexOf(square[0] ?? "");
  const rank = Number(square[1]);
  if (square.length !== 2 || file < 0 || !Number.isInteger(rank) || rank < 1 || rank > 8) return undefined;
  return orientation === "white" ? { col: file, row: 8 - rank } : { col: 7 - file, row: rank - 1 };
}
