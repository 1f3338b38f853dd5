import type { Color } from "@chess/shared";
import { moveNumberOf, turnOf } from "./boardFen.ts";

/** A line's moves numbered as chess numbers them, from the position it starts in. Pure. */

/** A move of a line: `ply` counts the half-moves played once it is on the board (1 for the first). */
export interface NumberedMove {
  ply: number;
  /** The move number, e.g. 12 for "12. Nf3" and "12... Nc6". */
  number: number;
  color: Color;
  san: string;
}

/** SAN moves played from `initialFen`, each with its number and side (Black first when Black is to move there). */
export function numberMoves(initialFen: string, sans: readonly string[]): NumberedMove[] {
  let number = moveNumberOf(initialFen);
  let color = turnOf(initialFen);
  return sans.map((san, i) => {
    const move = { ply: i + 1, number, color, san };
    if (color === "b") number += 1;
    color = color === "w" ? "b" : "w";
    return move;
  });
}

/** "12. Nf3" for White's move, "12... Nc6" for Black's. */
export const moveLabel = (m: NumberedMove): string => `${m.number}${m.color === "w" ? "." : "..."} ${m.san}`;

/** SAN moves from `fen` with move numbers: "12. Nf3 Nc6 13. O-O", or "12... Nc6 13. O-O" when Black starts. */
export function numberedLine(fen: string, sans: readonly string[]): string {
  return numberMoves(fen, sans)
    .map((m, i) => (m.color === "w" || i === 0 ? moveLabel(m) : m.san))
    .join(" ");
}

/** One row of a move table: a move number with White's and Black's move (SPEC §2 turn-by-turn table). */
export interface MoveRow {
  number: number;
  white?: { san: string; ply: number };
  black?: { san: string; ply: number };
}

/** A line's moves in numbered rows; a line starting with Black to move leaves the first White cell empty. */
export function moveTable(initialFen: string, sans: readonly string[]): MoveRow[] {
  const rows: MoveRow[] = [];
  for (const m of numberMoves(initialFen, sans)) {
    const cell = { san: m.san, ply: m.ply };
    const last = rows.at(-1);
    if (m.color === "w") rows.push({ number: m.number, white: cell });
    else if (last?.number === m.number && !last.black) last.black = cell;
    else rows.push({ number: m.number, black: cell });
  }
  return rows;
}
