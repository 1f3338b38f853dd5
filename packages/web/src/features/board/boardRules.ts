import { Board, type BoardEnd, type Color, type MoveInput, type PieceLetter } from "@chess/shared";
import { pieceAt, withTurn } from "./boardFen.ts";
import { isSquare, type Square } from "./boardPosition.ts";

/**
 * The rules every board of the site plays by, standard chess and Chess960, on the shared Board the server
 * plays by. The variant is read once, from the FEN, by the Board: a castling field naming rook files ("HAha",
 * as the server writes Chess960) is Chess960, where a castle is the king onto its own rook; no caller asks
 * again. As in chessops nothing here throws: an unreadable position is a value, an illegal move none. Pure.
 */

/** The castling rules of a position: Chess960's king onto its own rook, or standard chess's. */
export type Rules = "standard" | "chess960";

export type PromotionPiece = NonNullable<MoveInput["promotion"]>;
/** The promotion choices, in the order a picker offers them. */
export const PROMOTION_PIECES: readonly PromotionPiece[] = ["q", "r", "b", "n"];

/** A move played into a position: squares for highlights, SAN for lists, and the position after it. */
export interface PlayedMove {
  /** e.g. "g1"; a Chess960 castle is named king takes rook ("b1" to "h1"), as the engine and the server name it. */
  from: string;
  to: string;
  /** "q", "r", "b" or "n" for a promotion. */
  promotion?: string;
  /** e.g. "Nf3", "O-O", "e8=Q+". */
  san: string;
  /** The position after the move. */
  fen: string;
}

/** A line of SAN moves replayed from its start: `fens[0]` is the start, `fens[i]` the position after move i. */
export interface Line {
  fens: string[];
  moves: PlayedMove[];
  /** The first move that did not apply, or why the start cannot be read; the line stops before it. */
  invalid?: string;
}

type Read = { ok: true; board: Board } | { ok: false; error: string };

/** `premove`: read as a premove of that side is judged, its turn, where the side not to move may be in check. */
function read(fen: string, premove?: Color): Read {
  try {
    if (premove) return { ok: true, board: Board.fromFen(withTurn(fen, premove), { oppositeCheck: true }) };
    return { ok: true, board: Board.fromFen(fen) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : "Invalid FEN" };
  }
}

const boardOf = (fen: string, premove?: Color): Board | undefined => {
  const r = read(fen, premove);
  return r.ok ? r.board : undefined;
};

/** The move `board` has just played, given the SAN its play returned (undefined: it did not apply). */
function lastPlayed(board: Board, san: string | undefined): PlayedMove | undefined {
  const uci = board.lastMove();
  if (san === undefined || uci === undefined) return undefined;
  const promotion = uci[4];
  return { from: uci.slice(0, 2), to: uci.slice(2, 4), ...(promotion ? { promotion } : {}), san, fen: board.fen() };
}

const UCI = /^([a-h][1-8])([a-h][1-8])([qrbn])?$/;

/** A move given as UCI ("g1f3", "e7e8q"; a Chess960 castle as king takes rook) played on `board`. */
function playUci(board: Board, text: string): PlayedMove | undefined {
  const m = UCI.exec(text.trim());
  return m ? lastPlayed(board, board.play({ from: m[1] ?? "", to: m[2] ?? "", promotion: m[3] })) : undefined;
}

/** A move given as SAN ("Nf3", "O-O", "e8=Q"; check signs optional) or as UCI, played on `board`. */
function playText(board: Board, text: string): PlayedMove | undefined {
  const bySan = board.playSan(text);
  return bySan ? { ...bySan, fen: board.fen() } : playUci(board, text);
}

/** Why `fen` cannot be played from ("Invalid FEN: White has no king"), or undefined when it can. */
export function fenError(fen: string): string | undefined {
  const r = read(fen);
  return r.ok ? undefined : r.error;
}

/** The castling rules `fen` is played by (what a UCI engine's UCI_Chess960 option must say). */
export function rulesOf(fen: string): Rules {
  return boardOf(fen)?.chess960 ? "chess960" : "standard";
}

/**
 * `move` played in `fen`, or undefined when it is not legal there. A castle may be dragged onto the king's
 * destination two or more files away, or in Chess960 onto the king's own rook; it comes back as the Board
 * names it. A promotion piece named for a move that does not promote is ignored.
 */
export function playMove(fen: string, move: { from: string; to: string; promotion?: string }): PlayedMove | undefined {
  const board = boardOf(fen);
  return board && lastPlayed(board, board.play(move));
}

/** A move given as SAN or UCI played in `fen`, or undefined when no legal move is named so. */
export function playSan(fen: string, text: string): PlayedMove | undefined {
  const board = boardOf(fen);
  return board && playText(board, text);
}

/** SAN moves (or UCI, as older records and hand-typed lines may give) replayed from `initialFen`. */
export function replayLine(initialFen: string, sans: readonly string[]): Line {
  const start = read(initialFen);
  if (!start.ok) return { fens: [initialFen], moves: [], invalid: start.error };
  const board = start.board;
  const line: Line = { fens: [board.fen()], moves: [] };
  for (const san of sans) {
    const move = playText(board, san);
    if (!move) return { ...line, invalid: san };
    line.moves.push(move);
    line.fens.push(move.fen);
  }
  return line;
}

/** An engine's UCI moves (a Chess960 castle as king takes rook) from `fen`, at most `max`, to the first that fails. */
export function playUciLine(fen: string, uci: readonly string[], max = Number.POSITIVE_INFINITY): PlayedMove[] {
  const board = boardOf(fen);
  const moves: PlayedMove[] = [];
  for (const text of uci.slice(0, max)) {
    const move = board && playUci(board, text);
    if (!move) break;
    moves.push(move);
  }
  return moves;
}

const uniqueSquares = (squares: readonly string[]): Square[] => [...new Set(squares)].filter(isSquare);

/**
 * Where the piece on `from` may go in `fen`, for the side to move (e.g. ["e3", "e4"]): a castle's king also
 * to its destination two or more files away, and in Chess960 onto its own rook.
 */
export function destinations(fen: string, from: string): Square[] {
  return uniqueSquares(boardOf(fen)?.targets(from) ?? []);
}

/**
 * Where the piece on `from` may be premoved while the other side is to move: its moves as if it were its
 * turn (the other side may stand in check), and a pawn's diagonal steps, where a capture may yet appear.
 */
export function premoveDestinations(fen: string, from: string): Square[] {
  const piece = pieceAt(fen, from);
  if (!piece) return [];
  const targets = boardOf(fen, piece.color)?.targets(from) ?? [];
  if (piece.type === "p") {
    const rank = Number(from[1]) + (piece.color === "w" ? 1 : -1);
    for (const df of [-1, 1]) targets.push(`${String.fromCharCode(from.charCodeAt(0) + df)}${rank}`);
  }
  return uniqueSquares(targets);
}

/** Whether moving `from`→`to` in `fen` is a legal promotion: a piece must be chosen before it is played. */
export function needsPromotion(fen: string, from: string, to: string): boolean {
  const board = boardOf(fen);
  const lastRank = to[1] === "8" || to[1] === "1";
  return !!board && lastRank && board.pieceAt(from)?.type === "p" && board.targets(from).includes(to);
}

/** The square of the king in check in `fen` (the side to move's), if any. */
export function checkedKing(fen: string): Square | undefined {
  const board = boardOf(fen);
  return board?.inCheck() ? (board.kingSquare(board.turn()) as Square) : undefined;
}

/** What the position itself ends the game with ("checkmate", "stalemate", ...), if anything. */
export function positionEnd(fen: string): BoardEnd | undefined {
  return boardOf(fen)?.end();
}

/** A legal move as a typed move is matched against it. */
export interface LegalMove {
  from: string;
  /** As `PlayedMove` names it: a Chess960 castle onto its rook, a standard one onto the king's destination. */
  to: string;
  piece: PieceLetter;
  promotion?: PromotionPiece;
  /** e.g. "Nbd2", "O-O", "e8=Q+". */
  san: string;
  /** A castle: the side, and the king's destination ("g1"). */
  castle?: { side: "k" | "q"; kingTo: string };
}

/**
 * The legal moves of the side to move in `fen`; with `premove`, those of that side as if it were its turn
 * (the other side may stand in check).
 */
export function legalMoves(fen: string, premove?: Color): LegalMove[] {
  const board = boardOf(fen, premove);
  if (!board) return [];
  return board.legalMoves().flatMap((uci): LegalMove[] => {
    const from = uci.slice(0, 2);
    const to = uci.slice(2, 4);
    const promotion = uci[4] as PromotionPiece | undefined;
    const piece = board.pieceAt(from)?.type;
    const san = board.play({ from, to, promotion });
    if (!piece || san === undefined) return [];
    board.undo();
    const side: "k" | "q" | undefined = san.startsWith("O-O-O") ? "q" : san.startsWith("O-O") ? "k" : undefined;
    const castle = side && { side, kingTo: `${side === "k" ? "g" : "c"}${from[1]}` };
    return [{ from, to, piece, ...(promotion ? { promotion } : {}), san, ...(castle ? { castle } : {}) }];
  });
}

/** Whether the side to move in `fen` is in check. */
export const inCheck = (fen: string): boolean => checkedKing(fen) !== undefined;
