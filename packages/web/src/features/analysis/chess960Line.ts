import { Board } from "@chess/shared";
import type { LinePly } from "./analysisGame.ts";

/**
 * Chess960 lines for the analysis page, on the shared Board (chess.js knows no 960 castling). A position is
 * Chess960 when its FEN names rook files (isChess960Fen); the callers keep chess.js for every other. Pure.
 */

/** UCI moves (a castle as king takes rook) played from `fen`, stopping at the first that does not apply. */
export function chess960UciPlies(fen: string, uci: readonly string[], max: number): LinePly[] {
  let board: Board;
  try {
    board = Board.fromFen(fen);
  } catch {
    return [];
  }
  const plies: LinePly[] = [];
  for (const move of uci.slice(0, max)) {
    const m = /^([a-h][1-8])([a-h][1-8])([qrbn])?$/.exec(move);
    if (!m) break;
    const from = m[1] as string;
    const to = m[2] as string;
    const san = board.play({ from, to, promotion: m[3] });
    if (san === undefined) break;
    plies.push({ from, to, ...(m[3] ? { promotion: m[3] } : {}), san, fen: board.fen() });
  }
  return plies;
}

/** SAN moves played from `fen`; `invalid` names the first that does not apply. */
export function chess960SanPlies(fen: string, sans: readonly string[]): { plies: LinePly[]; invalid?: string } {
  let board: Board;
  try {
    board = Board.fromFen(fen);
  } catch (error) {
    return { plies: [], invalid: error instanceof Error ? error.message : "Invalid FEN" };
  }
  const plies: LinePly[] = [];
  for (const text of sans) {
    const m = board.playSan(text);
    if (!m) return { plies, invalid: text };
    plies.push({ ...m, fen: board.fen() });
  }
  return { plies };
}

/** `from`→`to` played in `fen` (a castle: the king onto its rook, or two or more files), or undefined. */
export function chess960Move(fen: string, move: { from: string; to: string; promotion?: string }): LinePly | undefined {
  try {
    const board = Board.fromFen(fen);
    const piece = board.pieceAt(move.from);
    const promotes = piece?.type === "p" && (move.to[1] === "8" || move.to[1] === "1");
    const promotion = promotes ? move.promotion : undefined;
    const san = board.play({ from: move.from, to: move.to, promotion });
    const uci = board.lastMove();
    if (san === undefined || uci === undefined) return undefined;
    return { from: uci.slice(0, 2), to: uci.slice(2, 4), ...(promotion ? { promotion } : {}), san, fen: board.fen() };
  } catch {
    return undefined;
  }
}

/** Whether moving `from`→`to` in `fen` is a legal promotion. */
export function chess960NeedsPromotion(fen: string, from: string, to: string): boolean {
  try {
    const board = Board.fromFen(fen);
    return board.pieceAt(from)?.type === "p" && (to[1] === "8" || to[1] === "1") && board.targets(from).includes(to);
  } catch {
    return false;
  }
}

/** The square of the king in check, if any; undefined for an unreadable position. */
export function chess960CheckedKing(fen: string): string | undefined {
  try {
    const board = Board.fromFen(fen);
    return board.inCheck() ? board.kingSquare(board.turn()) : undefined;
  } catch {
    return undefined;
  }
}
