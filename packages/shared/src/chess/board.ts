import type { Color } from "../domain/clock.ts";

/**
 * A chess position for the server's hot path: move legality, SAN, FEN and the position's own endings,
 * without allocating per generated move (chess.js builds an object per candidate move and re-generates
 * every move for each end check; at a thousand moves a second that garbage set the tail latency).
 * Same rules and texts as chess.js, which the web and the analysis keep using; the test plays both
 * side by side.
 *
 * 0x88 board: square = rank * 16 + file (a1 = 0, h8 = 119); a square is on the board when (sq & 0x88) is 0.
 * A piece is its type (1-6) plus 8 when black.
 *
 * Chess960 (Fischer Random) castling: a board reads rights from X-FEN (KQkq: the outermost rook) or
 * Shredder-FEN (HAha: the rook's file) and writes Shredder-FEN, so its FEN reads back as a 960 position.
 * Internally a castle is always "king takes own rook"; the standard board names it king-to-destination
 * (e1g1) as it always did, the 960 board king-takes-rook (the UCI_Chess960 convention).
 */

const PAWN = 1;
const KNIGHT = 2;
const BISHOP = 3;
const ROOK = 4;
const QUEEN = 5;
const KING = 6;
const BLACK = 8;

const WK = 1;
const WQ = 2;
const BK = 4;
const BQ = 8;

const FLAG_CAPTURE = 1;
const FLAG_EP = 2;
const FLAG_DOUBLE = 4;
const FLAG_CASTLE = 8;

const KNIGHT_STEPS = [33, 31, 18, 14, -33, -31, -18, -14];
const BISHOP_STEPS = [15, 17, -15, -17];
const ROOK_STEPS = [1, 16, -1, -16];
const KING_STEPS = [1, 16, -1, -16, 15, 17, -15, -17];

const LETTERS = " pnbrqk";
const SAN_LETTERS = "  NBRQK";
const PROMOTIONS: Record<string, number> = { n: KNIGHT, b: BISHOP, r: ROOK, q: QUEEN };

/** Castling rights kept after a move touches a square (a king or rook leaving, a rook captured). */
const CASTLING_KEPT = new Int8Array(128).fill(WK | WQ | BK | BQ);
CASTLING_KEPT[0x00] = WK | BK | BQ; // a1
CASTLING_KEPT[0x07] = WQ | BK | BQ; // h1
CASTLING_KEPT[0x04] = BK | BQ; // e1
CASTLING_KEPT[0x70] = WK | WQ | BK; // a8
CASTLING_KEPT[0x77] = WK | WQ | BQ; // h8
CASTLING_KEPT[0x74] = WK | WQ; // e8

/** The rook home square of each right (WK, WQ, BK, BQ by bit index) in standard chess. */
const STANDARD_ROOKS = [0x07, 0x00, 0x77, 0x70];

/** Moves are packed in one int: from | to << 7 | promotion << 14 | flags << 17. */
const pack = (from: number, to: number, promotion: number, flags: number) =>
  from | (to << 7) | (promotion << 14) | (flags << 17);
const fromOf = (m: number) => m & 0x7f;
const toOf = (m: number) => (m >> 7) & 0x7f;
const promotionOf = (m: number) => (m >> 14) & 7;
const flagsOf = (m: number) => m >> 17;

/** Where the king and rook of a castle (king takes own rook) land: the g- and f-files, or c and d. */
const castleKingTo = (m: number) => (fromOf(m) & 0x70) | (toOf(m) > fromOf(m) ? 6 : 2);

/** A FEN that cannot be played from: the reason, for a player to read ("Invalid FEN: White has no king"). */
function invalidFen(reason: string): never {
  throw new Error(`Invalid FEN: ${reason}`);
}

const kingsProblem = (side: string, count: number) =>
  count === 0 ? `${side} has no king` : `${side} has ${count} kings`;
const castleRookTo = (m: number) => (fromOf(m) & 0x70) | (toOf(m) > fromOf(m) ? 5 : 3);

const squareName = (sq: number) => String.fromCharCode(97 + (sq & 7)) + String.fromCharCode(49 + (sq >> 4));

/** The 0x88 index of "e4", or -1 when it names no square. */
export function squareIndex(name: string): number {
  if (name.length !== 2) return -1;
  const file = name.charCodeAt(0) - 97;
  const rank = name.charCodeAt(1) - 49;
  if (file < 0 || file > 7 || rank < 0 || rank > 7) return -1;
  return rank * 16 + file;
}

/** What the position itself decides once a move is played (same order and texts as chess.js). */
export type BoardEnd = "checkmate" | "stalemate" | "insufficient" | "threefold" | "fiftyMoves";

export type PieceLetter = "p" | "n" | "b" | "r" | "q" | "k";

/**
 * What each ply played keeps, in one Int32Array of UNDO_SIZE ints a ply: the move and what unmake restores,
 * and the hash of the position it was played from (for repetition). No object or string a move: a live game
 * keeps its whole history, and at a thousand moves a second each ply's objects outlived the young
 * generation, to be copied by every scavenge and then promoted.
 */
const UNDO_MOVE = 0;
const UNDO_MOVED = 1;
const UNDO_CAPTURED = 2;
const UNDO_CASTLING = 3;
const UNDO_EP = 4;
const UNDO_HALFMOVES = 5;
const UNDO_HASH_HI = 6;
const UNDO_HASH_LO = 7;
const UNDO_SIZE = 8;
/** Plies a new board has room for before its history grows (doubling). */
const UNDO_PLIES = 32;

/**
 * Zobrist keys, 64 bits as two 32-bit halves: one per piece code (1-14) and square, the side to move, each
 * castling right by bit index, and the en passant file. Repetition compares these hashes, as Stockfish and
 * scalachess do; two positions that differ share a hash with odds of 2^-64 a comparison. Drawn from a
 * fixed seed (mulberry32), so every board and every process agree.
 */
const ZOBRIST_PIECES = 0;
const ZOBRIST_SIDE = 2 * 16 * 128;
const ZOBRIST_CASTLING = ZOBRIST_SIDE + 2;
const ZOBRIST_EP = ZOBRIST_CASTLING + 2 * 4;
const ZOBRIST = (() => {
  const keys = new Int32Array(ZOBRIST_EP + 2 * 8);
  let a = 0x9e3779b9;
  for (let i = 0; i < keys.length; i++) {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    keys[i] = t ^ (t >>> 14);
  }
  return keys;
})();

/** Whether a FEN's castling field names rook files (Shredder-FEN / X-FEN): a Chess960 position. */
export function isChess960Fen(fen: string): boolean {
  return /[A-Ha-h]/.test(fen.trim().split(/\s+/)[2] ?? "");
}

export interface BoardOptions {
  /** Chess960 castling; by default when the FEN's castling field names rook files. */
  chess960?: boolean;
  /**
   * Reads a position whose side not to move is in check, which no game reaches: a premove is judged with the
   * turn handed to the premover, whose last move may have given check. Refused by default.
   */
  oppositeCheck?: boolean;
}

/** The standard starting position. */
export const START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/** Scratch space for move lists, reused: one list per search depth (perft) or call. */
const MAX_MOVES = 256;
/**
 * Shared by every board: no method awaits or calls into another board, so one set of lists serves all
 * (one per live game would be 2 KB each, for nothing).
 */
const LISTS: Int32Array[] = [];
/** The Encoding API's decoder, in browsers and in Node; this package is typed without either one's globals. */
declare const TextDecoder: new () => { decode(bytes: Uint8Array): string };
/** positionKey's scratch: the longest key (8 ranks of 8, 7 slashes, side, 4 rights, a square) fits. */
const KEY_CODES = new Uint8Array(96);
const KEY_TEXT = new TextDecoder();
const CHAR_0 = 48;
const CHAR_1 = 49;
const CHAR_SLASH = 47;
const CHAR_SPACE = 32;
const CHAR_DASH = 45;
const CHAR_W = 119;
const CHAR_B = 98;
const CHAR_A = 97;
const CHAR_UPPER_A = 65;
const UPPER_CASE = 32;
/** The castling rights' FEN letters, by bit index: WK, WQ, BK, BQ. */
const CASTLING_LETTERS = "KQkq";
/** The scratch list SAN disambiguation uses, apart from perft's per-depth lists and the caller's list 0. */
const DISAMBIGUATION_LIST = 64;

/**
 * A history shared by a board and its clones. Each reads only its own plies in it; writing in place is
 * `appender`'s alone (the last clone made), and only at or past `high`, the most plies any of them had when
 * it was shared: below that a write could change another board's plies.
 */
interface SharedHistory {
  appender: Board;
  high: number;
}

export class Board {
  private readonly squares = new Int8Array(128);
  private white = true;
  private castling = 0;
  /** Chess960 rules for castling rights, FEN and UCI (see above). */
  readonly chess960: boolean;
  /** Home square of the rook of each castling right, by bit index (WK, WQ, BK, BQ). */
  private readonly rooks: number[] = STANDARD_ROOKS;
  /** Castling rights kept after a move touches a square (see CASTLING_KEPT). */
  private readonly kept: Int8Array = CASTLING_KEPT;
  /** The square a pawn just skipped, whether or not anyone can capture there. */
  private ep = -1;
  private halfmoves = 0;
  private fullmoves = 1;
  private readonly kings = [0, 0];
  /** Per ply played, UNDO_SIZE ints (see UNDO_MOVE…); `plies` of them are in use. */
  private history: Int32Array;
  /** Set while `history` is shared with clones (see clone); undefined while it is this board's alone. */
  private shared: SharedHistory | undefined;
  private plies = 0;
  /** The current position's Zobrist hash (see ZOBRIST). */
  private hashHi = 0;
  private hashLo = 0;
  /** The current position's FEN without counters, made when first asked for. */
  private key: string | undefined;

  private constructor(fen: string, options: BoardOptions, copyOf?: Board) {
    if (copyOf) {
      this.squares.set(copyOf.squares);
      this.white = copyOf.white;
      this.castling = copyOf.castling;
      this.chess960 = copyOf.chess960;
      // Set once from the FEN, never changed after: shared.
      this.rooks = copyOf.rooks;
      this.kept = copyOf.kept;
      this.ep = copyOf.ep;
      this.halfmoves = copyOf.halfmoves;
      this.fullmoves = copyOf.fullmoves;
      this.kings[0] = copyOf.kings[0]!;
      this.kings[1] = copyOf.kings[1]!;
      // The history is shared, and this clone is the one that may write on at its end (see make).
      const shared = copyOf.shared ?? { appender: copyOf, high: 0 };
      shared.appender = this;
      shared.high = Math.max(shared.high, copyOf.plies);
      copyOf.shared = shared;
      this.shared = shared;
      this.history = copyOf.history;
      this.plies = copyOf.plies;
      this.hashHi = copyOf.hashHi;
      this.hashLo = copyOf.hashLo;
      this.key = copyOf.key;
      return;
    }
    this.history = new Int32Array(UNDO_SIZE * UNDO_PLIES);
    const fields = fen.trim().split(/\s+/);
    if (fields.length < 4 || fields.length > 6) invalidFen("it needs 4 to 6 fields");
    const [placement = "", turn, castling = "", ep = "", half = "0", full = "1"] = fields;
    const rows = placement.split("/");
    if (rows.length !== 8) invalidFen("the board needs 8 ranks");
    let whiteKings = 0;
    let blackKings = 0;
    rows.forEach((row, i) => {
      let file = 0;
      for (const ch of row) {
        if (ch >= "1" && ch <= "8") {
          file += Number(ch);
          continue;
        }
        const type = LETTERS.indexOf(ch.toLowerCase());
        if (type < 1 || file > 7) invalidFen(`rank ${8 - i} is not 8 squares of pieces and digits`);
        const black = ch === ch.toLowerCase();
        const sq = (7 - i) * 16 + file;
        this.squares[sq] = type | (black ? BLACK : 0);
        if (type === KING) {
          this.kings[black ? 1 : 0] = sq;
          if (black) blackKings++;
          else whiteKings++;
        }
        if (type === PAWN && (i === 0 || i === 7)) invalidFen(`a pawn stands on rank ${8 - i}`);
        file += 1;
      }
      if (file !== 8) invalidFen(`rank ${8 - i} is not 8 squares of pieces and digits`);
    });
    if (whiteKings !== 1) invalidFen(kingsProblem("White", whiteKings));
    if (blackKings !== 1) invalidFen(kingsProblem("Black", blackKings));
    if (turn !== "w" && turn !== "b") invalidFen('the side to move must be "w" or "b"');
    this.white = turn === "w";
    this.chess960 = options.chess960 ?? isChess960Fen(fen);
    if (this.chess960) {
      this.rooks = [...STANDARD_ROOKS];
      this.kept = this.readChess960Castling(castling);
    } else {
      if (!/^(-|K?Q?k?q?)$/.test(castling) || castling === "") invalidFen("the castling rights are malformed");
      // A right whose king or rook is not at home could never be used: dropped, as if never given.
      const rights: Array<[string, number, number, number]> = [
        ["K", WK, 0x04, 0x07],
        ["Q", WQ, 0x04, 0x00],
        ["k", BK, 0x74, 0x77],
        ["q", BQ, 0x74, 0x70],
      ];
      for (const [letter, bit, king, rook] of rights) {
        const black = letter === letter.toLowerCase() ? BLACK : 0;
        if (castling.includes(letter) && this.squares[king] === (KING | black) && this.squares[rook] === (ROOK | black))
          this.castling |= bit;
      }
    }
    if (ep !== "-") {
      const sq = squareIndex(ep);
      if (sq < 0 || sq >> 4 !== (this.white ? 5 : 2)) invalidFen(`${ep} cannot be an en passant square`);
      this.ep = sq;
    }
    if (!/^\d+$/.test(half) || !/^\d+$/.test(full)) invalidFen("the move counters must be whole numbers");
    this.halfmoves = Number(half);
    this.fullmoves = Math.max(1, Number(full));
    if (!options.oppositeCheck && this.attacked(this.kings[this.white ? 1 : 0]!, this.white)) {
      invalidFen(`${this.white ? "Black" : "White"} is in check with ${this.white ? "White" : "Black"} to move`);
    }
    this.hash();
  }

  /**
   * X-FEN or Shredder-FEN castling rights: K/Q the outermost rook on that side of the king, a file letter
   * that file's rook. A right without its king on the back rank or its rook is dropped, as in standard.
   * Returns the table of rights a move touching each square keeps.
   */
  private readChess960Castling(field: string): Int8Array {
    if (!/^(-|[KQkqA-Ha-h]{1,4})$/.test(field)) invalidFen("the castling rights are malformed");
    const sq = this.squares;
    for (const ch of field === "-" ? "" : field) {
      const black = ch !== ch.toUpperCase();
      const rank = black ? 0x70 : 0;
      const king = this.kings[black ? 1 : 0]!;
      if ((king & 0x70) !== rank) continue;
      const rookPiece = ROOK | (black ? BLACK : 0);
      const letter = ch.toUpperCase();
      let rook = -1;
      if (letter === "K") {
        for (let f = 7; f > (king & 7) && rook < 0; f--) if (sq[rank | f] === rookPiece) rook = rank | f;
      } else if (letter === "Q") {
        for (let f = 0; f < (king & 7) && rook < 0; f++) if (sq[rank | f] === rookPiece) rook = rank | f;
      } else if (sq[rank | (letter.charCodeAt(0) - 65)] === rookPiece) rook = rank | (letter.charCodeAt(0) - 65);
      if (rook < 0) continue;
      const index = (black ? 2 : 0) + ((rook & 7) > (king & 7) ? 0 : 1);
      this.castling |= 1 << index;
      this.rooks[index] = rook;
    }
    const kept = new Int8Array(128).fill(WK | WQ | BK | BQ);
    for (let index = 0; index < 4; index++) {
      if (!(this.castling & (1 << index))) continue;
      const rook = this.rooks[index]!;
      const king = this.kings[index < 2 ? 0 : 1]!;
      kept[rook] = kept[rook]! & ~(1 << index);
      kept[king] = kept[king]! & (index < 2 ? BK | BQ : WK | WQ);
    }
    return kept;
  }

  /**
   * The position of a FEN; throws on a malformed one or one where the side not to move is in check.
   * A FEN whose castling field names rook files is read as Chess960 unless `options.chess960` says otherwise.
   */
  static fromFen(fen: string, options: BoardOptions = {}): Board {
    return new Board(fen, options);
  }

  /**
   * A board of its own in the same position, with the same history (repetition, undo): play on it and this
   * one stays as it was (chessops' `clone`). The history is not copied: the two share it, the clone writes
   * on at its end, and any other board that would write in it copies it first.
   */
  clone(): Board {
    return new Board("", {}, this);
  }

  turn(): Color {
    return this.white ? "w" : "b";
  }

  /** Plies played on this board since it was set up. */
  get played(): number {
    return this.plies;
  }

  fen(): string {
    this.key ??= this.positionKey();
    return `${this.key} ${this.halfmoves} ${this.fullmoves}`;
  }

  inCheck(): boolean {
    return this.attacked(this.kings[this.white ? 0 : 1]!, !this.white);
  }

  /**
   * Plays `from`-`to` if it is legal and returns its SAN, else undefined. A promotion must name its
   * piece; one named for a move that does not promote is ignored, as chess.js does.
   */
  play(move: { from: string; to: string; promotion?: string | undefined }): string | undefined {
    const from = squareIndex(move.from);
    const to = squareIndex(move.to);
    if (from < 0 || to < 0) return undefined;
    const piece = this.squares[from]!;
    if (piece === 0 || (piece & BLACK ? this.white : !this.white)) return undefined;
    const list = this.list(0);
    const n = this.generate(list, from);
    let found = -1;
    for (let i = 0; i < n; i++) {
      const m = list[i]!;
      if (flagsOf(m) & FLAG_CASTLE ? !this.castleNamed(m, to) : toOf(m) !== to) continue;
      const promotion = promotionOf(m);
      if (promotion !== 0 && promotion !== PROMOTIONS[move.promotion ?? ""]) continue;
      if (this.legal(m)) {
        found = m;
        break;
      }
    }
    if (found < 0) return undefined;
    const san = this.sanOf(found);
    this.make(found);
    return san + (this.inCheck() ? (this.hasLegalMove() ? "+" : "#") : "");
  }

  /**
   * Whether `to` names the castle `m` (king on its rook): the king's destination when it is two or more files
   * away (never an ordinary king move), or, on a Chess960 board, the rook's square (king takes own rook).
   */
  private castleNamed(m: number, to: number): boolean {
    const from = fromOf(m);
    if (this.chess960 && to === toOf(m)) return true;
    return to === castleKingTo(m) && Math.abs((to & 7) - (from & 7)) >= 2;
  }

  /** The last move played as `legalMoves` names it (a Chess960 castle as king takes rook), if any. */
  lastMove(): string | undefined {
    return this.plies > 0 ? this.uciOf(this.history[(this.plies - 1) * UNDO_SIZE + UNDO_MOVE]!) : undefined;
  }

  /** Takes back the last move played; false when there is none. */
  undo(): boolean {
    if (this.plies === 0) return false;
    this.unmake();
    return true;
  }

  /** Every legal move as UCI ("e2e4", "e7e8q"; a Chess960 castle as king takes rook, "b1a1"). */
  legalMoves(): string[] {
    const list = this.list(0);
    const n = this.generate(list);
    const out: string[] = [];
    for (let i = 0; i < n; i++) {
      const m = list[i]!;
      if (this.legal(m)) out.push(this.uciOf(m));
    }
    return out;
  }

  private uciOf(m: number): string {
    const to = flagsOf(m) & FLAG_CASTLE && !this.chess960 ? castleKingTo(m) : toOf(m);
    return squareName(fromOf(m)) + squareName(to) + LETTERS[promotionOf(m)]!.trim();
  }

  /**
   * Every square `play` takes the piece on `from` to (for a board's drag and tap targets): its legal moves'
   * targets, and for a castle both its rook's square (Chess960) and the king's destination when that is two
   * or more files away.
   */
  targets(from: string): string[] {
    const at = squareIndex(from);
    if (at < 0) return [];
    const piece = this.squares[at]!;
    if (piece === 0 || (piece & BLACK ? this.white : !this.white)) return [];
    const list = this.list(0);
    const n = this.generate(list, at);
    const out = new Set<string>();
    for (let i = 0; i < n; i++) {
      const m = list[i]!;
      if (!this.legal(m)) continue;
      if (!(flagsOf(m) & FLAG_CASTLE)) {
        out.add(squareName(toOf(m)));
        continue;
      }
      if (this.chess960) out.add(squareName(toOf(m)));
      const kingTo = castleKingTo(m);
      if (Math.abs((kingTo & 7) - (at & 7)) >= 2) out.add(squareName(kingTo));
    }
    return [...out];
  }

  /**
   * Plays a move given in SAN ("Nf3", "O-O", "exd8=Q+"; check signs and annotations are optional) and returns
   * it as played, with `from`/`to` as `legalMoves` names it; undefined when no legal move has that SAN.
   */
  playSan(text: string): { from: string; to: string; promotion?: string; san: string } | undefined {
    const wanted = text.replace(/[+#!?]+$/, "").replace(/0/g, "O");
    const list = this.list(0);
    const n = this.generate(list);
    let found = -1;
    for (let i = 0; i < n && found < 0; i++) {
      const m = list[i]!;
      if (this.legal(m) && this.sanOf(m) === wanted) found = m;
    }
    if (found < 0) return undefined;
    const uci = this.uciOf(found);
    const san = this.sanOf(found);
    this.make(found);
    const promotion = uci[4];
    return {
      from: uci.slice(0, 2),
      to: uci.slice(2, 4),
      ...(promotion ? { promotion } : {}),
      san: san + (this.inCheck() ? (this.hasLegalMove() ? "+" : "#") : ""),
    };
  }

  /** The piece on `square` as a colour and letter ("w", "n"), if any. */
  pieceAt(square: string): { color: Color; type: PieceLetter } | undefined {
    const at = squareIndex(square);
    const p = at < 0 ? 0 : this.squares[at]!;
    if (p === 0) return undefined;
    return { color: p & BLACK ? "b" : "w", type: LETTERS[p & 7] as PieceLetter };
  }

  /** The square of the king of `color`, e.g. "e1". */
  kingSquare(color: Color): string {
    return squareName(this.kings[color === "w" ? 0 : 1]!);
  }

  hasLegalMove(): boolean {
    const list = this.list(0);
    const n = this.generate(list);
    for (let i = 0; i < n; i++) if (this.legal(list[i]!)) return true;
    return false;
  }

  /** chess.js's rule: K v K, K+minor v K, or only bishops besides the kings, all on one colour of square. */
  insufficientMaterial(): boolean {
    let pieces = 0;
    let bishops = 0;
    let knights = 0;
    let light = 0;
    for (let sq = 0; sq < 120; sq++) {
      if (sq & 0x88) continue;
      const type = this.squares[sq]! & 7;
      if (type === 0) continue;
      pieces++;
      if (type === BISHOP) {
        bishops++;
        if (((sq >> 4) + (sq & 7)) % 2 === 1) light++;
      } else if (type === KNIGHT) knights++;
    }
    if (pieces === 2) return true;
    if (pieces === 3 && (bishops === 1 || knights === 1)) return true;
    return pieces === bishops + 2 && (light === 0 || light === bishops);
  }

  /** The current position has stood three times (same placement, side, castling rights and en passant). */
  threefold(): boolean {
    // Only positions since the last pawn move or capture can recur, and only those with the same side to move.
    const h = this.history;
    const first = Math.max(0, this.plies - this.halfmoves);
    let seen = 1;
    for (let ply = this.plies - 2; ply >= first; ply -= 2) {
      const at = ply * UNDO_SIZE;
      if (h[at + UNDO_HASH_HI] === this.hashHi && h[at + UNDO_HASH_LO] === this.hashLo && ++seen >= 3) return true;
    }
    return false;
  }

  fiftyMoves(): boolean {
    return this.halfmoves >= 100;
  }

  /** The ending the position forces, checked in chess.js's order. */
  end(): BoardEnd | undefined {
    if (!this.hasLegalMove()) return this.inCheck() ? "checkmate" : "stalemate";
    if (this.insufficientMaterial()) return "insufficient";
    if (this.threefold()) return "threefold";
    if (this.fiftyMoves()) return "fiftyMoves";
    return undefined;
  }

  /** The pieces of `color` other than its king, by letter. */
  pieces(color: Color): PieceLetter[] {
    const out: PieceLetter[] = [];
    const black = color === "b" ? BLACK : 0;
    for (let sq = 0; sq < 120; sq++) {
      const p = this.squares[sq]!;
      if (!(sq & 0x88) && p !== 0 && (p & BLACK) === black && (p & 7) !== KING) out.push(LETTERS[p & 7] as PieceLetter);
    }
    return out;
  }

  /** Leaf nodes of the legal move tree `depth` plies deep (perft), to check the generator. */
  perft(depth: number): number {
    if (depth === 0) return 1;
    const list = this.list(depth);
    const n = this.generate(list);
    let nodes = 0;
    for (let i = 0; i < n; i++) {
      const m = list[i]!;
      if (!this.legal(m)) continue;
      if (depth === 1) {
        nodes++;
        continue;
      }
      this.make(m);
      nodes += this.perft(depth - 1);
      this.unmake();
    }
    return nodes;
  }

  private list(depth: number): Int32Array {
    let list = LISTS[depth];
    if (!list) {
      list = new Int32Array(MAX_MOVES);
      LISTS[depth] = list;
    }
    return list;
  }

  /** Pseudo-legal moves of the side to move (of the piece on `only` when given) into `out`; returns the count. */
  private generate(out: Int32Array, only = -1): number {
    let n = 0;
    const us = this.white ? 0 : BLACK;
    const them = this.white ? BLACK : 0;
    const sq = this.squares;
    const first = only < 0 ? 0 : only;
    const last = only < 0 ? 119 : only;
    for (let from = first; from <= last; from++) {
      if (from & 0x88) continue;
      const piece = sq[from]!;
      if (piece === 0 || (piece & BLACK) !== us) continue;
      const type = piece & 7;
      if (type === PAWN) {
        const up = us ? -16 : 16;
        const rank = from >> 4;
        const promoting = rank === (us ? 1 : 6);
        const one = from + up;
        if (sq[one] === 0) {
          n = this.addPawn(out, n, from, one, 0, promoting);
          const start = rank === (us ? 6 : 1);
          if (start && sq[one + up] === 0) out[n++] = pack(from, one + up, 0, FLAG_DOUBLE);
        }
        for (let side = -1; side <= 1; side += 2) {
          const to = one + side;
          if (to & 0x88) continue;
          const target = sq[to]!;
          if (target !== 0 && (target & BLACK) === them) n = this.addPawn(out, n, from, to, FLAG_CAPTURE, promoting);
          else if (to === this.ep && target === 0) out[n++] = pack(from, to, 0, FLAG_CAPTURE | FLAG_EP);
        }
        continue;
      }
      const steps =
        type === KNIGHT ? KNIGHT_STEPS : type === BISHOP ? BISHOP_STEPS : type === ROOK ? ROOK_STEPS : KING_STEPS;
      const slides = type === BISHOP || type === ROOK || type === QUEEN;
      for (const step of steps) {
        let to = from + step;
        while (!(to & 0x88)) {
          const target = sq[to]!;
          if (target === 0) out[n++] = pack(from, to, 0, 0);
          else {
            if ((target & BLACK) === them) out[n++] = pack(from, to, 0, FLAG_CAPTURE);
            break;
          }
          if (!slides) break;
          to += step;
        }
      }
      if (type === KING) n = this.addCastling(out, n, from);
    }
    return n;
  }

  private addPawn(out: Int32Array, n: number, from: number, to: number, flags: number, promoting: boolean): number {
    if (!promoting) {
      out[n++] = pack(from, to, 0, flags);
      return n;
    }
    for (let p = QUEEN; p >= KNIGHT; p--) out[n++] = pack(from, to, p, flags);
    return n;
  }

  /**
   * Castles of the king on `king`, by the Chess960 rules, which are also standard chess's: every square
   * between king and destination and rook and destination empty but for the two, the king not in check and
   * no square it crosses or lands on attacked. Encoded as king takes own rook.
   */
  private addCastling(out: Int32Array, n: number, king: number): number {
    const base = this.white ? 0 : 2;
    const rights = (this.castling >> base) & 3;
    if (!rights) return n;
    const enemy = !this.white;
    const sq = this.squares;
    if (this.attacked(king, enemy)) return n;
    const rank = king & 0x70;
    for (let side = 0; side < 2; side++) {
      if (!(rights & (1 << side))) continue;
      const rook = this.rooks[base + side]!;
      const kingTo = rank | (side === 0 ? 6 : 2);
      const rookTo = rank | (side === 0 ? 5 : 3);
      const low = Math.min(king, rook, kingTo, rookTo);
      const high = Math.max(king, rook, kingTo, rookTo);
      let free = true;
      for (let s = low; s <= high && free; s++) if (s !== king && s !== rook && sq[s] !== 0) free = false;
      if (!free) continue;
      const step = kingTo > king ? 1 : -1;
      let safe = true;
      for (let s = king + step; kingTo !== king && safe; s += step) {
        if (this.attacked(s, enemy)) safe = false;
        if (s === kingTo) break;
      }
      if (safe) out[n++] = pack(king, rook, 0, FLAG_CASTLE);
    }
    return n;
  }

  /** Whether a piece of the given side attacks `target`. */
  private attacked(target: number, byWhite: boolean): boolean {
    const sq = this.squares;
    const by = byWhite ? 0 : BLACK;
    // A white pawn attacks upward, so it stands one rank below its target.
    const pawnFrom = byWhite ? -16 : 16;
    for (let side = -1; side <= 1; side += 2) {
      const from = target + pawnFrom + side;
      if (!(from & 0x88) && sq[from] === (PAWN | by)) return true;
    }
    for (const step of KNIGHT_STEPS) {
      const from = target + step;
      if (!(from & 0x88) && sq[from] === (KNIGHT | by)) return true;
    }
    for (const step of KING_STEPS) {
      const from = target + step;
      if (!(from & 0x88) && sq[from] === (KING | by)) return true;
    }
    for (const step of KING_STEPS) {
      const diagonal = step === 15 || step === 17 || step === -15 || step === -17;
      let from = target + step;
      while (!(from & 0x88)) {
        const p = sq[from]!;
        if (p !== 0) {
          if ((p & BLACK) === by) {
            const type = p & 7;
            if (type === QUEEN || type === (diagonal ? BISHOP : ROOK)) return true;
          }
          break;
        }
        from += step;
      }
    }
    return false;
  }

  /** Whether the pseudo-legal move `m` leaves the mover's king safe (castling was checked when generated). */
  private legal(m: number): boolean {
    const flags = flagsOf(m);
    // A standard castle's rook stands in a corner and shields no square; a 960 one may shield the king's
    // destination from a rook or queen behind it on the rank, so the position after it is checked.
    if (flags & FLAG_CASTLE) return !this.chess960 || this.castleSafe(m);
    const sq = this.squares;
    const from = fromOf(m);
    const to = toOf(m);
    const moved = sq[from]!;
    const captured = sq[to]!;
    const epSquare = flags & FLAG_EP ? to + (this.white ? -16 : 16) : -1;
    const epPawn = epSquare >= 0 ? sq[epSquare]! : 0;
    sq[to] = moved;
    sq[from] = 0;
    if (epSquare >= 0) sq[epSquare] = 0;
    const king = (moved & 7) === KING ? to : this.kings[this.white ? 0 : 1]!;
    const safe = !this.attacked(king, !this.white);
    sq[from] = moved;
    sq[to] = captured;
    if (epSquare >= 0) sq[epSquare] = epPawn;
    return safe;
  }

  private castleSafe(m: number): boolean {
    const sq = this.squares;
    const king = fromOf(m);
    const rook = toOf(m);
    const kingTo = castleKingTo(m);
    const rookTo = castleRookTo(m);
    const saved = [sq[king]!, sq[rook]!, sq[kingTo]!, sq[rookTo]!];
    sq[king] = 0;
    sq[rook] = 0;
    sq[kingTo] = saved[0]!;
    sq[rookTo] = saved[1]!;
    const safe = !this.attacked(kingTo, !this.white);
    sq[rookTo] = saved[3]!;
    sq[kingTo] = saved[2]!;
    sq[rook] = saved[1]!;
    sq[king] = saved[0]!;
    return safe;
  }

  private make(m: number): void {
    const sq = this.squares;
    const from = fromOf(m);
    const to = toOf(m);
    const flags = flagsOf(m);
    const moved = sq[from]!;
    const us = moved & BLACK;
    const castle = flags & FLAG_CASTLE;
    let captured = castle ? 0 : sq[to]!;
    const shared = this.shared;
    if (shared !== undefined && (shared.appender !== this || this.plies < shared.high)) {
      // Boards sharing this history read their plies in it: this one writes in a copy of its own.
      this.history = this.history.slice();
      this.shared = undefined;
    }
    if ((this.plies + 1) * UNDO_SIZE > this.history.length) {
      const grown = new Int32Array(this.history.length * 2);
      grown.set(this.history);
      this.history = grown;
      this.shared = undefined;
    }
    const h = this.history;
    const at = this.plies * UNDO_SIZE;
    h[at + UNDO_MOVE] = m;
    h[at + UNDO_MOVED] = moved;
    h[at + UNDO_CAPTURED] = captured;
    h[at + UNDO_CASTLING] = this.castling;
    h[at + UNDO_EP] = this.ep;
    h[at + UNDO_HALFMOVES] = this.halfmoves;
    h[at + UNDO_HASH_HI] = this.hashHi;
    h[at + UNDO_HASH_LO] = this.hashLo;
    this.plies++;
    if (flags & FLAG_EP) {
      const behind = to + (us ? 16 : -16);
      captured = sq[behind]!;
      sq[behind] = 0;
    }
    if (castle) {
      // The king may land on its rook's square or the rook on the king's: both leave before either lands.
      const kingTo = castleKingTo(m);
      const rook = sq[to]!;
      sq[from] = 0;
      sq[to] = 0;
      sq[kingTo] = moved;
      sq[castleRookTo(m)] = rook;
      this.kings[us ? 1 : 0] = kingTo;
    } else {
      sq[to] = promotionOf(m) ? promotionOf(m) | us : moved;
      sq[from] = 0;
      if ((moved & 7) === KING) this.kings[us ? 1 : 0] = to;
    }
    this.castling &= this.kept[from]! & this.kept[to]!;
    this.ep = flags & FLAG_DOUBLE ? (from + to) >> 1 : -1;
    this.halfmoves = (moved & 7) === PAWN || captured !== 0 ? 0 : this.halfmoves + 1;
    if (us) this.fullmoves += 1;
    this.white = !this.white;
    this.hash();
  }

  /** Takes back the last ply of `history`. */
  private unmake(): void {
    this.plies--;
    const h = this.history;
    const at = this.plies * UNDO_SIZE;
    const moved = h[at + UNDO_MOVED]!;
    this.white = !this.white;
    const sq = this.squares;
    const m = h[at + UNDO_MOVE]!;
    const from = fromOf(m);
    const to = toOf(m);
    const flags = flagsOf(m);
    if (flags & FLAG_CASTLE) {
      sq[castleKingTo(m)] = 0;
      sq[castleRookTo(m)] = 0;
      sq[from] = moved;
      sq[to] = ROOK | (moved & BLACK);
    } else {
      sq[from] = moved;
      sq[to] = h[at + UNDO_CAPTURED]!;
      if (flags & FLAG_EP) sq[to + (this.white ? -16 : 16)] = PAWN | (this.white ? BLACK : 0);
    }
    if ((moved & 7) === KING) this.kings[this.white ? 0 : 1] = from;
    if (!this.white) this.fullmoves -= 1;
    this.castling = h[at + UNDO_CASTLING]!;
    this.ep = h[at + UNDO_EP]!;
    this.halfmoves = h[at + UNDO_HALFMOVES]!;
    this.hashHi = h[at + UNDO_HASH_HI]!;
    this.hashLo = h[at + UNDO_HASH_LO]!;
    this.key = undefined;
  }

  /**
   * Sets the Zobrist hash of the position (see ZOBRIST) from scratch, and forgets its FEN. Same fields as
   * the FEN repetition used to compare: placement, side, castling rights, en passant only when a capture is legal.
   */
  private hash(): void {
    const z = ZOBRIST;
    let hi = 0;
    let lo = 0;
    for (let sq = 0; sq < 120; sq++) {
      const p = this.squares[sq]!;
      if (p === 0 || sq & 0x88) continue;
      const at = ZOBRIST_PIECES + 2 * (p * 128 + sq);
      hi ^= z[at]!;
      lo ^= z[at + 1]!;
    }
    if (!this.white) {
      hi ^= z[ZOBRIST_SIDE]!;
      lo ^= z[ZOBRIST_SIDE + 1]!;
    }
    for (let index = 0; index < 4; index++) {
      if (!(this.castling & (1 << index))) continue;
      hi ^= z[ZOBRIST_CASTLING + 2 * index]!;
      lo ^= z[ZOBRIST_CASTLING + 2 * index + 1]!;
    }
    if (this.epCapturable()) {
      hi ^= z[ZOBRIST_EP + 2 * (this.ep & 7)]!;
      lo ^= z[ZOBRIST_EP + 2 * (this.ep & 7) + 1]!;
    }
    this.hashHi = hi;
    this.hashLo = lo;
    this.key = undefined;
  }

  /** SAN of the legal move `m` before it is played, without the check sign. */
  private sanOf(m: number): string {
    const from = fromOf(m);
    const to = toOf(m);
    const flags = flagsOf(m);
    if (flags & FLAG_CASTLE) return to > from ? "O-O" : "O-O-O";
    const type = this.squares[from]! & 7;
    const promotion = promotionOf(m);
    const capture = flags & FLAG_CAPTURE ? "x" : "";
    if (type === PAWN) {
      const file = capture ? squareName(from)[0] : "";
      return `${file}${capture}${squareName(to)}${promotion ? `=${SAN_LETTERS[promotion]}` : ""}`;
    }
    return `${SAN_LETTERS[type]}${this.disambiguation(m, type)}${capture}${squareName(to)}`;
  }

  /** The file, rank or square that tells `m` from another legal move of the same kind of piece to its square. */
  private disambiguation(m: number, type: number): string {
    const from = fromOf(m);
    const to = toOf(m);
    const list = this.list(DISAMBIGUATION_LIST);
    const n = this.generate(list);
    let others = false;
    let sameFile = false;
    let sameRank = false;
    for (let i = 0; i < n; i++) {
      const other = list[i]!;
      const otherFrom = fromOf(other);
      if (toOf(other) !== to || otherFrom === from || (this.squares[otherFrom]! & 7) !== type) continue;
      if (!this.legal(other)) continue;
      others = true;
      if ((otherFrom & 7) === (from & 7)) sameFile = true;
      if (otherFrom >> 4 === from >> 4) sameRank = true;
    }
    if (!others) return "";
    const name = squareName(from);
    if (!sameFile) return name[0]!;
    if (!sameRank) return name[1]!;
    return name;
  }

  /**
   * FEN without the move counters. En passant only when a capture is legal (as chess.js prints it).
   * Written as character codes into one scratch buffer and decoded at once: one flat string (a string
   * grown by += is a rope of ~60 nodes; parts joined cost ~1 KB of garbage).
   */
  private positionKey(): string {
    const out = KEY_CODES;
    let n = 0;
    for (let rank = 7; rank >= 0; rank--) {
      let empty = 0;
      for (let file = 0; file < 8; file++) {
        const p = this.squares[rank * 16 + file]!;
        if (p === 0) {
          empty++;
          continue;
        }
        if (empty) out[n++] = CHAR_0 + empty;
        empty = 0;
        out[n++] = LETTERS.charCodeAt(p & 7) - (p & BLACK ? 0 : UPPER_CASE);
      }
      if (empty) out[n++] = CHAR_0 + empty;
      if (rank > 0) out[n++] = CHAR_SLASH;
    }
    out[n++] = CHAR_SPACE;
    out[n++] = this.white ? CHAR_W : CHAR_B;
    out[n++] = CHAR_SPACE;
    if (!this.castling) out[n++] = CHAR_DASH;
    else if (this.chess960) {
      // Shredder-FEN: the rook's file, so the FEN reads back as this Chess960 position.
      for (let index = 0; index < 4; index++)
        if (this.castling & (1 << index)) out[n++] = (index < 2 ? CHAR_UPPER_A : CHAR_A) + (this.rooks[index]! & 7);
    } else {
      for (let index = 0; index < 4; index++)
        if (this.castling & (1 << index)) out[n++] = CASTLING_LETTERS.charCodeAt(index);
    }
    out[n++] = CHAR_SPACE;
    if (this.epCapturable()) {
      out[n++] = CHAR_A + (this.ep & 7);
      out[n++] = CHAR_1 + (this.ep >> 4);
    } else out[n++] = CHAR_DASH;
    return KEY_TEXT.decode(out.subarray(0, n));
  }

  private epCapturable(): boolean {
    if (this.ep < 0) return false;
    const us = this.white ? 0 : BLACK;
    const behind = this.ep + (this.white ? -16 : 16);
    for (let side = -1; side <= 1; side += 2) {
      const from = behind + side;
      if (
        !(from & 0x88) &&
        this.squares[from] === (PAWN | us) &&
        this.legal(pack(from, this.ep, 0, FLAG_CAPTURE | FLAG_EP))
      )
        return true;
    }
    return false;
  }
}
