import type { Color } from "@chess/shared";

/** One row of the move list: a move number with white's and black's move (SPEC §2 turn-by-turn table). */
export interface MoveRow {
  number: number;
  /** `ply` is the number of half-moves played once this move is on the board (1 for the first move). */
  white?: { san: string; ply: number };
  black?: { san: string; ply: number };
}

/** Groups SAN moves into numbered rows; a game starting with black to move leaves the first white cell empty. */
export function moveTable(sans: readonly string[], startTurn: Color = "w", startNumber = 1): MoveRow[] {
  const rows: MoveRow[] = [];
  let turn = startTurn;
  let number = startNumber;
  let row: MoveRow | undefined;
  sans.forEach((san, index) => {
    const cell = { san, ply: index + 1 };
    if (turn === "w") {
      row = { number, white: cell };
      rows.push(row);
      turn = "b";
    } else {
      if (!row) {
        row = { number };
        rows.push(row);
      }
      row.black = cell;
      row = undefined;
      number += 1;
      turn = "w";
    }
  });
  return rows;
}
