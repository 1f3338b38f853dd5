/** Board positions as the Board component accepts them (SPEC §3 Board position, §5 Board component). Pure. */

export const FILES = ["a", "b", "c", "d", "e", "f", "g", "h"] as const;
export const RANKS = ["1", "2", "3", "4", "5", "6", "7", "8"] as const;
export type File = (typeof FILES)[number];
export type Rank = (typeof RANKS)[number];
/** A square name, e.g. "e4". */
export type Square = `${File}${Rank}`;

export const PIECE_CODES = ["wK", "wQ", "wR", "wB", "wN", "wP", "bK", "bQ", "bR", "bB", "bN", "bP"] as const;
/** A colour letter and a piece letter, e.g. "wN" for a white knight. */
export type PieceCode = (typeof PIECE_CODES)[number];

/** Which side is at the bottom of the board. */
export type Orientation = "white" | "black";

/** Pieces by square, e.g. { e1: "wK", e8: "bK" }; absent squares are empty. */
export type PositionMap = Partial<Record<Square, PieceCode>>;

/** The piece placement of the initial position (the first field of its FEN). */
export const START_PLACEMENT = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

const SQUARE_SET: ReadonlySet<string> = new Set(FILES.flatMap((f) => RANKS.map((r) => `${f}${r}`)));
const PIECE_SET: ReadonlySet<string> = new Set(PIECE_CODES);
const FEN_LETTER = /^[pnbrqkPNBRQK]$/;

export function isSquare(value: string): value is Square {
  return SQUARE_SET.has(value);
}

export function isPieceCode(value: unknown): value is PieceCode {
  return typeof value === "string" && PIECE_SET.has(value);
}

/**
 * Reads what a caller may hand the board: the word "start", a piece placement of 8 ranks (a whole FEN
 * is fine: fields after the placement are ignored), or a map of squares to piece codes.
 * Anything else, or anything partly invalid, reads as the empty board.
 */
export function parsePosition(input: unknown): PositionMap {
  if (typeof input === "string") {
    if (input === "start") return parsePlacement(START_PLACEMENT) ?? {};
    const placement = input.trim().split(/\s+/)[0] ?? "";
    return parsePlacement(placement) ?? {};
  }
  return parsePositionObject(input) ?? {};
}

/** "rnbqkbnr/pppppppp/8/..." → PositionMap, or undefined unless it is exactly 8 ranks of 8 squares. */
export function parsePlacement(placement: string): PositionMap | undefined {
  const ranks = placement.split("/");
  if (ranks.length !== 8) return undefined;
  const position: PositionMap = {};
  for (const [index, rankText] of ranks.entries()) {
    const rank = RANKS[7 - index];
    if (!rank) return undefined;
    let file = 0;
    let previousWasDigit = false;
    for (const char of rankText) {
      if (char >= "1" && char <= "8") {
        if (previousWasDigit) return undefined; // "44" is not how a placement is written
        file += Number(char);
        previousWasDigit = true;
        continue;
      }
      if (!FEN_LETTER.test(char)) return undefined;
      const fileLetter = FILES[file];
      if (!fileLetter) return undefined;
      const color = char === char.toUpperCase() ? "w" : "b";
      position[`${fileLetter}${rank}`] = `${color}${char.toUpperCase()}` as PieceCode;
      file += 1;
      previousWasDigit = false;
    }
    if (file !== 8) return undefined;
  }
  return position;
}

function parsePositionObject(input: unknown): PositionMap | undefined {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return undefined;
  const prototype = Object.getPrototypeOf(input);
  if (prototype !== Object.prototype && prototype !== null) return undefined;
  const position: PositionMap = {};
  for (const [square, piece] of Object.entries(input)) {
    if (!isSquare(square) || !isPieceCode(piece)) return undefined;
    position[square] = piece;
  }
  return position;
}

/** PositionMap → "rnbqkbnr/pppppppp/8/..." (the inverse of parsePlacement). */
export function makePlacement(position: PositionMap): string {
  const ranks: string[] = [];
  for (const rank of [...RANKS].reverse()) {
    let text = "";
    let empty = 0;
    for (const file of FILES) {
      const piece = position[`${file}${rank}`];
      if (!piece) {
        empty += 1;
        continue;
      }
      if (empty > 0) text += String(empty);
      empty = 0;
      text += piece[0] === "w" ? piece[1] : piece[1]?.toLowerCase();
    }
    if (empty > 0) text += String(empty);
    ranks.push(text);
  }
  return ranks.join("/");
}

/** The position object react-chessboard takes: { e4: { pieceType: "wP" } }. */
export function toChessboardPosition(position: PositionMap): Record<string, { pieceType: string }> {
  const result: Record<string, { pieceType: string }> = {};
  for (const [square, piece] of Object.entries(position)) {
    if (piece) result[square] = { pieceType: piece };
  }
  return result;
}
