import { Chess, type Color, type PieceSymbol, type Square } from "chess.js";
import { Board } from "../chess/board.ts";
import { type AnalysisEntry, type Score, scoreOf } from "./evaluation.ts";

/**
 * "Why a move is bad", as a hint from the engine's lines and simple motif checks: mates allowed or missed,
 * pieces left hanging, the exchange lost, forks missed or allowed, material missed. Pure; the engine lines
 * come from the analysis entries (UCI, best first).
 */

/** SPEC §9 piece values; the king's is only there to rank fork targets. */
const VALUE: Record<PieceSymbol, number> = { p: 1, n: 3, b: 3, r: 5, q: 9, k: 100 };
const NAME: Record<PieceSymbol, string> = { p: "pawn", n: "knight", b: "bishop", r: "rook", q: "queen", k: "king" };

/** Plies of an engine line followed to see how an exchange ends: at least MIN_PLIES, at most LINE_PLIES. */
const LINE_PLIES = 8;
const MIN_PLIES = 4;

export interface MoveToExplain {
  /** The position before the move (FEN). */
  fen: string;
  /** The move played (UCI). */
  played: string;
  /** The analysis of the position before the move: `moves` is the engine's best line there. */
  before: AnalysisEntry;
  /** The analysis after the move: `moves` is the opponent's best answer and its line. */
  after: AnalysisEntry;
}

interface LineOutcome {
  /** Material won (+) or lost (−) by `side` once the exchanges settle, in pawns. */
  balance: number;
  /** Pieces each side lost on the way. */
  lost: Record<Color, PieceSymbol[]>;
}

const other = (c: Color): Color => (c === "w" ? "b" : "w");
const UCI = /^([a-h][1-8])([a-h][1-8])([qrbn])?$/;

/** A move played: its SAN, the piece it took and the one it promoted to (if any), where it went, and whether it castled. */
interface Played {
  san: string;
  captured: PieceSymbol | undefined;
  promotion: PieceSymbol | undefined;
  to: Square;
  castle: boolean;
}

/**
 * Plays `uci` on `board` (the project's rules, which read Chess960 castling rights: a line goes on through a
 * castle, king takes rook); undefined when it is not legal there.
 */
function play(board: Board, uci: string): Played | undefined {
  const m = UCI.exec(uci);
  if (!m) return undefined;
  const [from, to, promotion] = [m[1] as Square, m[2] as Square, m[3] as PieceSymbol | undefined];
  const mover = board.pieceAt(from);
  const target = board.pieceAt(to);
  const castle =
    mover?.type === "k" && (target?.color === mover.color || Math.abs(from.charCodeAt(0) - to.charCodeAt(0)) >= 2);
  // En passant: a pawn moving diagonally to an empty square.
  const captured =
    target && target.color !== mover?.color ? target.type : mover?.type === "p" && from[0] !== to[0] ? "p" : undefined;
  const san = board.play({ from, to, promotion });
  if (!san) return undefined;
  return { san, captured, promotion: mover?.type === "p" && /[18]$/.test(to) ? promotion : undefined, to, castle };
}

const boardOf = (fen: string): Board | undefined => {
  try {
    return Board.fromFen(fen);
  } catch {
    return undefined;
  }
};

/**
 * Material `side` wins or loses along `line` from `fen`: at least `minPlies` plies (a fork takes the move,
 * the answer and the capture), then on while checks and captures go on; at most LINE_PLIES.
 */
function lineOutcome(fen: string, line: readonly string[], side: Color, minPlies: number): LineOutcome {
  const board = boardOf(fen);
  const lost: Record<Color, PieceSymbol[]> = { w: [], b: [] };
  let balance = 0;
  for (let i = 0; board && i < Math.min(line.length, LINE_PLIES); i++) {
    const mover = board.turn();
    const m = play(board, line[i] as string);
    if (!m) break;
    const sign = mover === side ? 1 : -1;
    if (m.captured) {
      lost[other(mover)].push(m.captured);
      balance += sign * VALUE[m.captured];
    }
    if (m.promotion) balance += sign * (VALUE[m.promotion] - 1);
    const next = line[i + 1];
    if (i + 1 >= minPlies && !board.inCheck() && (!next || !isCapture(board, next))) break;
  }
  return { balance, lost };
}

function isCapture(board: Board, uci: string): boolean {
  const m = UCI.exec(uci);
  if (!m) return false;
  const piece = board.pieceAt(m[1] as string);
  const target = board.pieceAt(m[2] as string);
  if (target) return target.color !== piece?.color;
  return piece?.type === "p" && m[1]?.[0] !== m[2]?.[0];
}

/** The pieces the piece on `square` attacks that are worth winning: the king, anything worth more, or undefended. */
function forkTargets(chess: Chess, square: Square): Square[] {
  const piece = chess.get(square);
  if (!piece) return [];
  const enemy = other(piece.color);
  const targets: Square[] = [];
  for (const row of chess.board()) {
    for (const p of row) {
      if (!p || p.color !== enemy || p.type === "p") continue;
      if (!chess.attackers(p.square, piece.color).includes(square)) continue;
      const defended = chess.attackers(p.square, enemy).length > 0;
      if (p.type === "k" || VALUE[p.type] > VALUE[piece.type] || !defended) targets.push(p.square);
    }
  }
  return targets;
}

/** chess.js for attacks only: it reads no Chess960 castling rights ("HAha"), which attacks do not need. */
function attacksOf(fen: string): Chess {
  const fields = fen.split(" ");
  if (/[A-Ha-h]/.test(fields[2] ?? "")) fields[2] = "-";
  return new Chess(fields.join(" "));
}

/** Whether `uci` played from `fen` puts its piece where it attacks two or more targets worth winning. */
function isFork(fen: string, uci: string): { san: string } | undefined {
  const board = boardOf(fen);
  const m = board && play(board, uci);
  if (!board || !m || m.castle) return undefined;
  return forkTargets(attacksOf(board.fen()), m.to).length >= 2 ? { san: m.san } : undefined;
}

const mateFor = (s: Score, side: Color): number | undefined =>
  "mate" in s ? (side === "w" ? s.mate : -s.mate) : undefined;

const capturedBy = (fen: string, uci: string) => {
  const board = boardOf(fen);
  const m = board && play(board, uci);
  return m?.captured ? { piece: m.captured, square: m.to, san: m.san } : undefined;
};

const afterMove = (fen: string, uci: string): string | undefined => {
  const board = boardOf(fen);
  return board && play(board, uci) ? board.fen() : undefined;
};

/**
 * Why the move was bad, in a few words ("hangs the knight on f6", "allows mate in 2", "misses a fork with
 * Nc7+", "loses the exchange"), or undefined when no simple reason is found. A hint, not a proof.
 */
export function explainMove({ fen, played, before, after }: MoveToExplain): string | undefined {
  const mover = boardOf(fen)?.turn();
  const fenAfter = afterMove(fen, played);
  if (!mover || !fenAfter) return undefined;
  const scoreBefore = scoreOf(before.eval);
  const scoreAfter = scoreOf(after.eval);

  // Mates first: nothing else matters next to them.
  const mateAgainst = mateFor(scoreAfter, mover);
  if (mateAgainst !== undefined && mateAgainst < 0 && (mateFor(scoreBefore, mover) ?? 1) > 0) {
    return `allows mate in ${-mateAgainst}`;
  }
  const ownMate = mateFor(scoreBefore, mover);
  if (ownMate !== undefined && ownMate > 0 && (mateAgainst === undefined || mateAgainst < 0)) {
    return `misses mate in ${ownMate}`;
  }

  const playedLine = lineOutcome(fen, [played, ...after.moves], mover, MIN_PLIES);
  const bestLine = lineOutcome(fen, before.moves, mover, MIN_PLIES);
  const loss = -playedLine.balance;

  // A better move was a fork that wins material.
  const best = before.moves[0];
  if (best && best !== played && bestLine.balance - playedLine.balance >= 2) {
    const fork = isFork(fen, best);
    if (fork) return `misses a fork with ${fork.san}`;
  }

  if (loss >= 1.5) {
    const rookForMinor =
      playedLine.lost[mover].includes("r") &&
      playedLine.lost[other(mover)].some((p) => p === "n" || p === "b") &&
      loss <= 2.5;
    if (rookForMinor) return "loses the exchange";
    const reply = after.moves[0];
    if (reply) {
      const fork = isFork(fenAfter, reply);
      if (fork) return `allows a fork with ${fork.san}`;
      const taken = capturedBy(fenAfter, reply);
      if (taken && taken.piece !== "p" && loss >= VALUE[taken.piece] - 1) {
        return `hangs the ${NAME[taken.piece]} on ${taken.square}`;
      }
    }
  }

  // Material the better move would have won.
  if (best && best !== played && bestLine.balance - Math.max(playedLine.balance, 0) >= 2) {
    const taken = capturedBy(fen, best);
    if (taken && taken.piece !== "p") return `misses winning the ${NAME[taken.piece]} on ${taken.square}`;
    return "misses a chance to win material";
  }

  if (loss >= 3) return "loses material";
  if (loss >= 1) {
    const reply = after.moves[0];
    const taken = reply ? capturedBy(fenAfter, reply) : undefined;
    return taken?.piece === "p" ? `hangs the pawn on ${taken.square}` : "loses a pawn";
  }
  return undefined;
}
