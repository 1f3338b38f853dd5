import type { Color, MoveInput, PieceLetter } from "@chess/shared";
import {
  fenError,
  inCheck,
  type LegalMove,
  legalMoves,
  PROMOTION_PIECES,
  type PromotionPiece,
  pieceAt,
  withPiece,
} from "../board/index.ts";

/**
 * Typed moves (keyboard play): SAN like "Nf3", "exd5", "O-O", "e8=Q", or UCI like "g1f3", "e7e8q".
 * Pure: parsing returns a result with an error code and a message to show, never throws.
 */

/** Why a typed move was refused. */
export type MoveEntryError = "empty" | "syntax" | "illegal" | "ambiguous" | "promotion";

/** A typed move resolved to a move of the position, or why it cannot be. */
export type MoveEntryResult =
  | { ok: true; move: MoveInput /** e.g. "Nf3" */; san: string }
  | { ok: false; error: MoveEntryError; message: string };

/** What the text says, before it is matched against a position. */
type MovePattern =
  | { kind: "castle"; side: "k" | "q" }
  | { kind: "coords"; from: string; to: string; piece?: PieceLetter; promotion?: PromotionPiece }
  | { kind: "san"; piece: PieceLetter; fromFile?: string; fromRank?: string; to: string; promotion?: PromotionPiece };

const CASTLE = /^[0o]-?[0o](-?[0o])?$/i;
// "g1f3", "e7e8q", "Ng1-f3", "e2xe4", "e7e8=Q"
const COORDS = /^([KQRBNP])?([a-h][1-8])[-x:]?([a-h][1-8])=?([qrbnQRBN])?$/;
// "Nf3", "exd5", "Nbd2", "R1e2", "Qh4xe1", "e8=Q", "e8Q"
const SAN = /^([KQRBNP])?([a-h])?([1-8])?[x:]?([a-h][1-8])(?:=?([qrbnQRBN]))?$/;

const UNREADABLE: MoveEntryResult = { ok: false, error: "illegal", message: "The position cannot be read." };
const HELP = "Type a move in SAN (Nf3, exd5, O-O, e8=Q) or UCI (g1f3, e7e8q).";

function lowerPiece(letter: string | undefined): PieceLetter | undefined {
  return letter ? (letter.toLowerCase() as PieceLetter) : undefined;
}

/** The readings of `text` to try in order (a leading "b" may be a pawn on the b-file or a bishop). */
export function readMoveText(text: string): MovePattern[] {
  let t = text.replace(/\s+/g, "").replace(/(e\.?p\.?)$/i, "");
  t = t.replace(/[+#!?]+$/, "");
  if (CASTLE.test(t)) return [{ kind: "castle", side: t.replace(/-/g, "").length === 3 ? "q" : "k" }];
  // Squares may be typed in capitals ("G1F3"); piece letters other than b may be typed small ("nf3").
  const squaresLower = t.replace(/([A-H])([1-8])/g, (_, f: string, r: string) => `${f.toLowerCase()}${r}`);
  const candidates = [squaresLower];
  if (!COORDS.test(squaresLower) && /^[kqrnb]/.test(squaresLower)) {
    candidates.push(`${squaresLower[0]?.toUpperCase()}${squaresLower.slice(1)}`);
  }
  const patterns: MovePattern[] = [];
  for (const c of candidates) {
    const coords = COORDS.exec(c);
    if (coords) {
      const [, piece, from, to, promotion] = coords;
      patterns.push({
        kind: "coords",
        from: from as string,
        to: to as string,
        ...(piece ? { piece: lowerPiece(piece) } : {}),
        ...(promotion ? { promotion: lowerPiece(promotion) as PromotionPiece } : {}),
      });
      continue;
    }
    const san = SAN.exec(c);
    if (san) {
      const [, piece, fromFile, fromRank, to, promotion] = san;
      patterns.push({
        kind: "san",
        piece: lowerPiece(piece) ?? "p",
        to: to as string,
        ...(fromFile ? { fromFile } : {}),
        ...(fromRank ? { fromRank } : {}),
        ...(promotion ? { promotion: lowerPiece(promotion) as PromotionPiece } : {}),
      });
    }
  }
  return patterns;
}

/**
 * Whether the king's move `m` is a castle named by its landing square `to`: the king's destination when that
 * is two or more files away (a drag there castles too), not a square it steps to anyway.
 */
const castlesTo = (m: LegalMove, to: string) =>
  m.castle !== undefined && m.castle.kingTo === to && Math.abs(to.charCodeAt(0) - m.from.charCodeAt(0)) >= 2;

function matches(pattern: MovePattern, m: LegalMove): boolean {
  switch (pattern.kind) {
    case "castle":
      return m.castle?.side === pattern.side;
    case "coords":
      // A Chess960 castle is also the king onto its own rook, as the engine writes it ("b1a1").
      return (
        m.from === pattern.from &&
        (m.to === pattern.to || castlesTo(m, pattern.to)) &&
        (!pattern.piece || m.piece === pattern.piece)
      );
    case "san":
      return (
        m.piece === pattern.piece &&
        (m.castle ? castlesTo(m, pattern.to) : m.to === pattern.to) &&
        (!pattern.fromFile || m.from[0] === pattern.fromFile) &&
        (!pattern.fromRank || m.from[1] === pattern.fromRank)
      );
  }
}

const promotionOf = (pattern: MovePattern) => (pattern.kind === "castle" ? undefined : pattern.promotion);

/** Resolves `text` against `legal`, the legal moves of the position (`fen`, to say whether it is check). */
function resolve(fen: string, legal: readonly LegalMove[], text: string): MoveEntryResult {
  const shown = text.trim();
  if (!shown) return { ok: false, error: "empty", message: `Type a move first. ${HELP}` };
  const patterns = readMoveText(shown);
  if (patterns.length === 0) return { ok: false, error: "syntax", message: `"${shown}" is not a move. ${HELP}` };
  for (const pattern of patterns) {
    const found = legal.filter((m) => matches(pattern, m));
    if (found.length === 0) continue;
    const promotion = promotionOf(pattern);
    const promoting = found.filter((m) => m.promotion);
    if (promoting.length > 0 && !promotion) {
      const choices = promoting.filter((m, i) => promoting.findIndex((o) => o.from === m.from) === i);
      if (choices.length === 1) {
        const sans = PROMOTION_PIECES.flatMap((p) => promoting.filter((m) => m.promotion === p)).map((m) =>
          m.san.replace(/[+#]$/, ""),
        );
        return {
          ok: false,
          error: "promotion",
          message: `Say which piece to promote to: ${sans.slice(0, -1).join(", ")} or ${sans.at(-1)}.`,
        };
      }
    }
    const chosen = promotion ? found.filter((m) => m.promotion === promotion) : found;
    const distinct = chosen.filter((m, i) => chosen.findIndex((o) => o.from === m.from) === i);
    if (distinct.length > 1) {
      const sans = distinct.map((m) => m.san).sort();
      return {
        ok: false,
        error: "ambiguous",
        message: `${shown} is ambiguous: ${sans.slice(0, -1).join(", ")} or ${sans.at(-1)}?`,
      };
    }
    const move = distinct[0];
    if (!move) continue;
    return {
      ok: true,
      move: { from: move.from, to: move.to, ...(move.promotion ? { promotion: move.promotion } : {}) },
      san: move.san,
    };
  }
  const why = inCheck(fen) ? " (your king is in check)" : "";
  return { ok: false, error: "illegal", message: `${shown} is not a legal move here${why}.` };
}

/**
 * Whether a key can be the first character of a typed move: a piece letter, a file (either case, as squares
 * may be typed in capitals), or castling's O or 0. Typed anywhere on the game page, it starts a move.
 */
export function isMoveStartKey(key: string): boolean {
  return /^[a-hA-HkKqQrRnNpPoO0]$/.test(key);
}

/** `text` as a move of the side to move in `fen`: legal, unambiguous, with its promotion piece. */
export function parseMove(fen: string, text: string): MoveEntryResult {
  if (fenError(fen)) return UNREADABLE;
  return resolve(fen, legalMoves(fen), text);
}

/**
 * `text` as a premove of `color` while the opponent is to move in `fen`. Like a dragged premove it needs
 * only a piece of mine that could go there: the move is checked for real when my turn comes. UCI is taken
 * as typed; SAN is read in the position as if it were my turn, where the target square may hold anything
 * by then (so "exd5" works before d5 is taken).
 */
export function parsePremove(fen: string, color: Color, text: string): MoveEntryResult {
  if (fenError(fen)) return UNREADABLE;
  const shown = text.trim();
  const patterns = readMoveText(shown);
  const coords = patterns.find((p) => p.kind === "coords");
  if (coords?.kind === "coords") {
    const piece = pieceAt(fen, coords.from);
    if (piece?.color === color && (!coords.piece || coords.piece === piece.type)) {
      const move: MoveInput = {
        from: coords.from,
        to: coords.to,
        ...(coords.promotion ? { promotion: coords.promotion } : {}),
      };
      return { ok: true, move, san: `${coords.from}${coords.to}${coords.promotion ?? ""}` };
    }
  }
  const first = resolve(fen, legalMoves(fen, color), shown);
  if (first.ok || first.error !== "illegal") return first;
  // The square may hold my piece or nothing now and an opponent's piece by my turn: try with one there.
  for (const pattern of patterns) {
    if (pattern.kind === "castle" || pieceAt(fen, pattern.to)?.type === "k") continue;
    const probe = withPiece(fen, pattern.to, color === "w" ? "bN" : "wN");
    const second = probe ? resolve(probe, legalMoves(probe, color), shown) : first;
    if (second.ok) return second;
  }
  return { ok: false, error: "illegal", message: `${shown} cannot be premoved here.` };
}

/** What a typed move does in the game now: a move, a premove, or why neither. */
export type TypedMove =
  | { kind: "move"; move: MoveInput; san: string }
  | { kind: "premove"; move: MoveInput; san: string }
  | { kind: "refused"; message: string };

/** What a move typed now would be in the game as it stands: played, premoved (live games), or refused. */
export type MoveEntryTurn = "move" | "premove" | "theirs" | "sending" | "over";

/** What the move field needs of a game, live or daily. */
export interface MoveEntryGame {
  /** The game's position as it stands (after my move being sent), whatever position is shown. */
  fen: string;
  /** My side; null for a spectator. */
  myColor: Color | null;
  turn: MoveEntryTurn;
  /** Moves in the game as it stands, mine being sent included: what the field says is said of this length. */
  plies: number;
  /** The position shown, or null while following the game. */
  viewPly: number | null;
  /** My premove waiting for my turn (live games only). */
  premove: MoveInput | null;
}

const WAITING: Record<"theirs" | "sending" | "over", string> = {
  theirs: "It is not your turn: wait for your opponent's move.",
  sending: "Your last move is still being sent.",
  over: "The game is over.",
};

/**
 * Judges `text` typed by the player in `game` by the same rules as a dragged piece. A move is typed for the game
 * as it stands, even while an earlier position is shown (as on lichess): the caller goes back to the game with it.
 */
export function typedMove(game: MoveEntryGame, text: string): TypedMove {
  const { myColor, turn } = game;
  if (myColor === null) return { kind: "refused", message: WAITING.over };
  if (turn === "move" || turn === "premove") {
    const result = turn === "move" ? parseMove(game.fen, text) : parsePremove(game.fen, myColor, text);
    return result.ok
      ? { kind: turn, move: result.move, san: result.san }
      : { kind: "refused", message: result.message };
  }
  return { kind: "refused", message: WAITING[turn] };
}
