import { Board, type Color, isChess960Fen, type MoveInput } from "@chess/shared";
import { Chess } from "chess.js";

/**
 * Chess rules the live board needs. Pure. A Chess960 position (its FEN names rook files, as the server
 * writes it) is played on the shared Board, which knows 960 castling; any other on chess.js as always.
 */

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
  if (isChess960Fen(fen)) return tryChess960Move(fen, move);
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

function tryChess960Move(fen: string, move: MoveInput): PlayedPly | undefined {
  try {
    const board = Board.fromFen(fen);
    const promotion = isPromotion(fen, move.from, move.to) ? move.promotion : undefined;
    const san = board.play({ from: move.from, to: move.to, promotion });
    const uci = board.lastMove();
    if (san === undefined || uci === undefined) return undefined;
    // A castle dragged to the king's destination is named king takes rook, as the engine names it.
    return { from: uci.slice(0, 2), to: uci.slice(2, 4), ...(promotion ? { promotion } : {}), san, fen: board.fen() };
  } catch {
    return undefined;
  }
}

/** Whether moving the piece on `from` to `to` is a pawn reaching the last rank (the picker is needed). */
export function isPromotion(fen: string, from: string, to: string): boolean {
  const piece = pieceAt(fen, from);
  if (piece?.type !== "p") return false;
  return (piece.color === "w" && to[1] === "8") || (piece.color === "b" && to[1] === "1");
}

/**
 * Whether some legal move goes from `from` to `to` in `fen` (any promotion piece). In Chess960 a castle
 * goes onto the king's own rook, or to the king's destination when that is two or more files away.
 */
export function isLegal(fen: string, from: string, to: string): boolean {
  if (isChess960Fen(fen)) return chess960Targets(fen, from).includes(to);
  try {
    return new Chess(fen).moves({ square: from as never, verbose: true }).some((m) => m.to === to);
  } catch {
    return false;
  }
}

/** Where the piece on `from` may go in a Chess960 position (see isLegal). */
export function chess960Targets(fen: string, from: string): string[] {
  try {
    return Board.fromFen(fen).targets(from);
  } catch {
    return [];
  }
}

/** The moves of a game replayed from its start; stops at the first SAN that does not apply. */
export function replay(initialFen: string, sans: readonly string[]): PlayedPly[] {
  if (isChess960Fen(initialFen)) return replayChess960(initialFen, sans);
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

function replayChess960(initialFen: string, sans: readonly string[]): PlayedPly[] {
  const plies: PlayedPly[] = [];
  let board: Board;
  try {
    board = Board.fromFen(initialFen);
  } catch {
    return plies;
  }
  for (const text of sans) {
    const m = board.playSan(text);
    if (!m) break;
    plies.push({ ...m, fen: board.fen() });
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
    const board = Board.fromFen(fen);
    return board.inCheck() ? board.kingSquare(board.turn()) : undefined;
  } catch {
    // an unreadable position has no check to show
  }
  return undefined;
}

/** The piece on `square` of the FEN's placement, if any (read from the text: any FEN, legal or not). */
function pieceAt(fen: string, square: string): { color: Color; type: string } | undefined {
  const file = square.charCodeAt(0) - 97;
  const rank = Number(square[1]);
  const rows = fen.trim().split(/\s+/)[0]?.split("/") ?? [];
  const row = rows[8 - rank];
  if (rows.length !== 8 || row === undefined || file < 0 || file > 7) return undefined;
  let at = 0;
  for (const ch of row) {
    if (ch >= "1" && ch <= "8") at += Number(ch);
    else if (at === file) return { color: ch === ch.toUpperCase() ? "w" : "b", type: ch.toLowerCase() };
    else at += 1;
    if (at > file) return undefined;
  }
  return undefined;
}

/** The colour of the piece on `square` in `fen`, if any. */
export function pieceColorAt(fen: string, square: string): Color | undefined {
  return pieceAt(fen, square)?.color;
}

/** The kind of piece on `square` in `fen` ("p", "n", ...), if any. */
export function pieceTypeAt(fen: string, square: string): string | undefined {
  return pieceAt(fen, square)?.type;
}

/** Whether two FENs show the same position (placement, turn, castling, en passant). */
export function samePosition(a: string, b: string): boolean {
  return a.split(/\s+/).slice(0, 4).join(" ") === b.split(/\s+/).slice(0, 4).join(" ");
}
