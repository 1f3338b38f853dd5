import { Board, isChess960Fen } from "@chess/shared";
import { Chess } from "chess.js";
import { moveNumberOf, turnOf } from "./analysisGame.ts";
import { chess960UciPlies } from "./chess960Line.ts";

/** The engine's best line as people read it (SPEC §4 best-line text). Pure. */

/** How many plies of the best line are shown. */
export const BEST_LINE_PLIES = 8;

/** UCI moves (e.g. "g1f3", "e7e8q") played from `fen` → SAN, stopping at the first that does not apply. */
export function pvToSan(fen: string, uci: readonly string[], max = BEST_LINE_PLIES): string[] {
  if (isChess960Fen(fen)) return chess960UciPlies(fen, uci, max).map((p) => p.san);
  let chess: Chess;
  try {
    chess = new Chess(fen);
  } catch {
    return [];
  }
  const sans: string[] = [];
  for (const move of uci.slice(0, max)) {
    const m = /^([a-h][1-8])([a-h][1-8])([qrbn])?$/.exec(move);
    if (!m) break;
    try {
      sans.push(chess.move({ from: m[1] as string, to: m[2] as string, promotion: m[3] }).san);
    } catch {
      break;
    }
  }
  return sans;
}

/** SAN moves from `fen` with move numbers: "12. Nf3 Nc6 13. O-O", or "12... Nc6 13. O-O" when Black starts. */
export function numberedLine(fen: string, sans: readonly string[]): string {
  let number = moveNumberOf(fen);
  let turn = turnOf(fen);
  const parts: string[] = [];
  sans.forEach((san, i) => {
    if (turn === "w") parts.push(`${number}. ${san}`);
    else parts.push(i === 0 ? `${number}... ${san}` : san);
    if (turn === "b") number += 1;
    turn = turn === "w" ? "b" : "w";
  });
  return parts.join(" ");
}

/** "Best: 12. Nf3 Nc6 13. O-O" for the position `fen`, or what ends the game there. */
export function bestLineText(fen: string, pv: readonly string[]): string {
  const sans = pvToSan(fen, pv);
  if (sans.length > 0) return `Best: ${numberedLine(fen, sans)}`;
  if (isChess960Fen(fen)) {
    try {
      const end = Board.fromFen(fen).end();
      if (end === "checkmate") return "Checkmate";
      if (end === "stalemate") return "Stalemate";
      if (end === "insufficient") return "Draw: insufficient material";
    } catch {
      // an unreadable position has no line
    }
    return "No best line";
  }
  try {
    const chess = new Chess(fen);
    if (chess.isCheckmate()) return "Checkmate";
    if (chess.isStalemate()) return "Stalemate";
    if (chess.isInsufficientMaterial()) return "Draw: insufficient material";
  } catch {
    // an unreadable position has no line
  }
  return "No best line";
}

/** Names of a game's moves for tooltips: index i names move i ("1. e4", "1... e5"); index 0 is "Start". */
export function plyLabels(initialFen: string, sans: readonly string[]): string[] {
  let number = moveNumberOf(initialFen);
  let turn = turnOf(initialFen);
  const labels = ["Start"];
  for (const san of sans) {
    labels.push(turn === "w" ? `${number}. ${san}` : `${number}... ${san}`);
    if (turn === "b") number += 1;
    turn = turn === "w" ? "b" : "w";
  }
  return labels;
}
