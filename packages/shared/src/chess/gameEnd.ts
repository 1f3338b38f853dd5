import type { Chess } from "chess.js";

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
export function positionEnd(chess: Chess): { reason: EndReason; winningColor: WinningColor } | undefined {
  if (chess.isCheckmate()) return { reason: "checkmate", winningColor: chess.turn() === "w" ? "black" : "white" };
  if (chess.isStalemate()) return { reason: "stalemate", winningColor: "draw" };
  if (chess.isInsufficientMaterial()) return { reason: "insufficient", winningColor: "draw" };
  if (chess.isThreefoldRepetition()) return { reason: "threefold", winningColor: "draw" };
  if (chess.isDrawByFiftyMoves()) return { reason: "fiftyMoves", winningColor: "draw" };
  return undefined;
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
  abandon: "Opponent left the game",
  abort: "Game aborted",
};
