import { Board } from "../chess/board.ts";

/**
 * Checking a solver's moves against a puzzle's solution (its moves only: the opponent's replies at odd
 * indexes are the solution's own). A move that mates is right even when the engine's line has another, as on
 * lichess. Pure; the web board and the server judge the same way.
 */
export type AttemptVerdict = "solved" | "failed" | "incomplete" | "illegal";

/**
 * Whether `uci` is legal in `fen` and, if so, whether it mates, and the move as the Board names it: a Chess960
 * castle given as the king's destination (b1g1) comes back as king takes rook (b1h1), as the engine's solution has it.
 */
function tryMove(fen: string, uci: string): { fen: string; mate: boolean; uci: string } | undefined {
  let board: Board;
  try {
    board = Board.fromFen(fen);
  } catch {
    return undefined;
  }
  if (!board.play({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] })) return undefined;
  return { fen: board.fen(), mate: board.end() === "checkmate", uci: board.lastMove() ?? uci };
}

/** The verdict on one more solver's move at solver-move index `step` (0, 1, 2 …) from `fen`. */
export function judgeStep(fen: string, solution: readonly string[], step: number, uci: string): AttemptVerdict {
  const moved = tryMove(fen, uci);
  if (!moved) return "illegal";
  if (moved.mate || moved.uci === solution[step * 2])
    return step * 2 + 1 >= solution.length || moved.mate ? "solved" : "incomplete";
  return "failed";
}

/** The verdict on a whole list of the solver's moves from the puzzle's start. */
export function judgeAttempt(fen: string, solution: readonly string[], moves: readonly string[]): AttemptVerdict {
  let at = fen;
  for (let step = 0; step < moves.length; step++) {
    const uci = moves[step] as string;
    const verdict = judgeStep(at, solution, step, uci);
    if (verdict !== "incomplete") return step === moves.length - 1 ? verdict : "illegal";
    const reply = solution[step * 2 + 1];
    const afterMove = tryMove(at, uci);
    const afterReply = afterMove && reply ? tryMove(afterMove.fen, reply) : undefined;
    if (!afterReply) return "illegal";
    at = afterReply.fen;
  }
  return "incomplete";
}
