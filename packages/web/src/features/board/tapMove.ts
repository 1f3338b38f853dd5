import { Board, isChess960Fen } from "@chess/shared";
import { Chess } from "chess.js";
import { isSquare, type Square } from "./boardPosition.ts";

/** Tap-tap (click-click) moves on a DOM-free state: select a piece, then tap where it goes. Pure. */

/** What a tap did, e.g. { kind: "move", from: "e2", to: "e4" }. */
export type TapResult =
  | { kind: "select"; square: Square }
  | { kind: "move"; from: Square; to: Square }
  | { kind: "deselect" }
  | { kind: "none" };

export interface TapRules {
  /** Whether the piece on `square` may be picked up, e.g. only my pieces. */
  canSelect: (square: Square) => boolean;
  /** Where the piece on `from` may go, e.g. ["e3", "e4"] for e2 at the start. */
  destinations: (from: Square) => readonly Square[];
}

/** The result of tapping `square` while `selected` is selected (null: nothing is). */
export function tap(selected: Square | null, square: Square, rules: TapRules): TapResult {
  if (selected === square) return { kind: "deselect" };
  if (selected !== null && rules.destinations(selected).includes(square))
    return { kind: "move", from: selected, to: square };
  if (rules.canSelect(square)) return { kind: "select", square };
  return selected === null ? { kind: "none" } : { kind: "deselect" };
}

/** The legal destinations of the piece on `from` in `fen` for the side to move, e.g. ["e3", "e4"]. */
export function legalDestinations(fen: string, from: string): Square[] {
  try {
    // Chess960 (a FEN naming rook files): the shared Board, whose targets include castling onto the rook.
    if (isChess960Fen(fen)) return unique(Board.fromFen(fen).targets(from));
    const targets = new Chess(fen).moves({ square: from as never, verbose: true }).map((m) => m.to);
    return unique(targets);
  } catch {
    return [];
  }
}

/**
 * Where the piece on `from` may be premoved while the other side is to move: its moves as if it were its
 * turn, plus a pawn's diagonal steps (the opponent may yet put a piece there to capture).
 */
export function premoveDestinations(fen: string, from: string): Square[] {
  const fields = fen.trim().split(/\s+/);
  if (fields.length < 2) return [];
  fields[1] = fields[1] === "w" ? "b" : "w";
  if (fields.length > 3) fields[3] = "-";
  let targets = legalDestinations(fields.join(" "), from);
  // A 960 position the Board refuses with the turn flipped (the mover gives check): no castle premove.
  if (targets.length === 0 && isChess960Fen(fen) && fields.length > 2) {
    fields[2] = "-";
    targets = legalDestinations(fields.join(" "), from);
  }
  try {
    // chess.js reads no 960 castling field; the piece on `from` does not depend on it.
    const readable = isChess960Fen(fen) ? fen.trim().replace(/^(\S+ \S+ )\S+/, "$1-") : fen;
    const piece = new Chess(readable).get(from as never);
    if (piece?.type === "p") {
      const file = from.charCodeAt(0);
      const rank = Number(from[1]) + (piece.color === "w" ? 1 : -1);
      for (const df of [-1, 1]) targets.push(`${String.fromCharCode(file + df)}${rank}` as Square);
    }
  } catch {
    // an unreadable position adds nothing
  }
  return unique(targets);
}

function unique(squares: readonly string[]): Square[] {
  return [...new Set(squares)].filter(isSquare);
}
