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
