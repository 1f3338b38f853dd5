import type { Color, PieceLetter } from "@chess/shared";
import { isSquare, makePlacement, type PieceCode, parsePlacement } from "./boardPosition.ts";

/** What a FEN's text says, read without the rules: any FEN, legal or not. Pure. */

const fieldsOf = (fen: string) => fen.trim().split(/\s+/);

/** The side to move in `fen`, e.g. "b" for "… b KQkq - 0 1". */
export function turnOf(fen: string): Color {
  return fieldsOf(fen)[1] === "b" ? "b" : "w";
}

/** The full-move number of `fen`, e.g. 12 (1 when absent). */
export function moveNumberOf(fen: string): number {
  const n = Number(fieldsOf(fen)[5]);
  return Number.isInteger(n) && n > 0 ? n : 1;
}

/** Whether two FENs show the same position (placement, turn, castling, en passant; not the counters). */
export function samePosition(a: string, b: string): boolean {
  return fieldsOf(a).slice(0, 4).join(" ") === fieldsOf(b).slice(0, 4).join(" ");
}

/** The piece on `square` in `fen`, e.g. { color: "w", type: "p" } on e2 at the start. */
export function pieceAt(fen: string, square: string): { color: Color; type: PieceLetter } | undefined {
  if (!isSquare(square)) return undefined;
  const code = parsePlacement(fieldsOf(fen)[0] ?? "")?.[square];
  return code ? { color: code[0] as Color, type: code[1]?.toLowerCase() as PieceLetter } : undefined;
}

/** `fen` with `color` to move and no en passant square: the position a premove of `color` is judged in. */
export function withTurn(fen: string, color: Color): string {
  const fields = fieldsOf(fen);
  fields[1] = color;
  if (fields.length > 3) fields[3] = "-";
  return fields.join(" ");
}

/** `fen` with `piece` put on `square` (whatever stood there goes), or undefined when it cannot be read. */
export function withPiece(fen: string, square: string, piece: PieceCode): string | undefined {
  const fields = fieldsOf(fen);
  const position = parsePlacement(fields[0] ?? "");
  if (!position || !isSquare(square)) return undefined;
  fields[0] = makePlacement({ ...position, [square]: piece });
  return fields.join(" ");
}
