import { type Color, other } from "../domain/clock.ts";
import type { Board } from "./board.ts";

/** How a game ended. */
export type EndReason =
  | "checkmate"
  | "stalemate"
  | "insufficient"
  | "threefold"
  | "fiftyMoves"
  | "resign"
  | "draw"
  | "flag"
  | "abandon"
  | "abort";

/** Result named from the board: the winner's colour word, or "draw". */
export type WinningColor = "white" | "black" | "draw";

/** The end the position itself forces, if any (after a move was applied). */
export function positionEnd(board: Board): { reason: EndReason; winningColor: WinningColor } | undefined {
  const reason = board.end();
  if (reason === undefined) return undefined;
  if (reason === "checkmate") return { reason, winningColor: board.turn() === "w" ? "black" : "white" };
  return { reason, winningColor: "draw" };
}

/** Whether `color` has mating material left (for a time-out: the winner needs some). */
export function canMate(board: Board, color: Color): boolean {
  const pieces = board.pieces(color);
  if (pieces.length === 0) return false;
  if (pieces.length === 1 && (pieces[0] === "b" || pieces[0] === "n")) return false;
  return true;
}

/**
 * The result when `loser` runs out of time on `board`: a loss, or a draw if the other side cannot mate. One
 * rule for live flags and daily time-outs.
 */
export function timeoutResult(board: Board, loser: Color): { winningColor: WinningColor; reason: "flag" } {
  const winner = other(loser);
  if (!canMate(board, winner)) return { winningColor: "draw", reason: "flag" };
  return { winningColor: winner === "w" ? "white" : "black", reason: "flag" };
}

/** Words for the game-over modal. */
export const END_REASON_TEXT: Record<EndReason, string> = {
  checkmate: "Checkmate",
  stalemate: "Stalemate",
  insufficient: "Insufficient material",
  threefold: "Threefold repetition",
  fiftyMoves: "Fifty-move rule",
  resign: "Resignation",
  draw: "Draw by agreement",
  flag: "Time out",
  abandon: "Game abandoned",
  abort: "Ended before both sides had moved",
};
