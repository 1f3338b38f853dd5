import type { Color, MoveInput } from "@chess/shared";
import { Chess } from "chess.js";

/** Chess rules the live board needs, over chess.js (the server's rules). Pure. */

export type PromotionPiece = NonNullable<MoveInput["promotion"]>;
export const PROMOTION_PIECES: readonly PromotionPiece[] = ["q", "r", "b", "n"];

/** A move played into a position: what the board, the sounds and the move list need. */
export interface PlayedPly {
  from: string;
  to: string;
  promotion?: string;
  san: string;
  /** The position after the move. */
  fen: string;
}

/** `move` played in `fen`, or undefined when it is illegal there (chess.js throws "Invalid move: ..."). */
export function tryMove(fen: string, move: MoveInput): PlayedPly | undefined {
  try {
    const chess = new Chess(fen);
    const played = chess.move({ from: move.from, to: move.to, promotion: move.promotion });
    return {
      from: played.from,
      to: played.to,
      ...(played.promotion ? { promotion: played.promotion } : {}),
      san: played.san,
      fen: chess.fen(),
    };
  } catch {
    return undefined;
  }
}

/** Whether moving the piece on `from` to `to` is a pawn reaching the last rank (the picker is needed). */
export function isPromotion(fen: string, from: string, to: string): boolean {
  try {
    const piece = new Chess(fen).get(from as never);
    if (piece?.type !== "p") return false;
    return (piece.color === "w" && to[1] === "8") || (piece.color === "b" && to[1] === "1");
  } catch {
    return false;
  }
}

/** Whether some legal move goes from `from` to `to` in `fen` (any promotion piece). */
export function isLegal(fen: string, from: string, to: string): boolean {
  try {
    return new Chess(fen).moves({ square: from as never, verbose: true }).some((m) => m.to === to);
  } catch {
    return false;
  }
}

/** The moves of a game replayed from its start; stops at the first SAN that does not apply. */
export function replay(initialFen: string, sans: readonly string[]): PlayedPly[] {
  const plies: PlayedPly[] = [];
  let chess: Chess;
  try {
    chess = new Chess(initialFen);
  } catch {
    return plies;
  }
  for (const san of sans) {
    try {
      const m = chess.move(san);
      plies.push({
        from: m.from,
        to: m.to,
        ...(m.promotion ? { promotion: m.promotion } : {}),
        san: m.san,
        fen: chess.fen(),
      });
    } catch {
      break;
    }
  }
  return plies;
}

/** The side to move in `fen`. */
export function turnOf(fen: string): Color {
  return fen.split(/\s+/)[1] === "b" ? "b" : "w";
}

/** The full-move number in `fen` (1 when absent). */
export function moveNumberOf(fen: string): number {
  const n = Number(fen.split(/\s+/)[5]);
  return Number.isInteger(n) && n > 0 ? n : 1;
}

/** The square of the king in check in `fen`, if the side to move is in check. */
export function checkedKingSquare(fen: string): string | undefined {
  try {
    const chess = new Chess(fen);
    if (!chess.inCheck()) return undefined;
    const turn = chess.turn();
    for (const row of chess.board()) {
      for (const sq of row) if (sq && sq.type === "k" && sq.color === turn) return sq.square;
    }
  } catch {
    // an unreadable position has no check to show
  }
  return undefined;
}

/** The colour of the piece on `square` in `fen`, if any. */
export function pieceColorAt(fen: string, square: string): Color | undefined {
  try {
    return new Chess(fen).get(square as never)?.color;
  } catch {
    return undefined;
  }
}

/** The kind of piece on `square` in `fen` ("p", "n", ...), if any. */
export function pieceTypeAt(fen: string, square: string): string | undefined {
  try {
    return new Chess(fen).get(square as never)?.type;
  } catch {
    return undefined;
  }
}

/** Whether two FENs show the same position (placement, turn, castling, en passant). */
export function samePosition(a: string, b: string): boolean {
  return a.split(/\s+/).slice(0, 4).join(" ") === b.split(/\s+/).slice(0, 4).join(" ");
}
