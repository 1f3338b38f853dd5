import { Board, type EndReason, timeoutResult, type WinningColor } from "@chess/shared";

/**
 * The sweeper's rule, pure: which daily games are out of time at `now` and how each ends. Live games end on
 * time by the same rule (`timeoutResult`): the side to move loses, or draws when the other cannot mate.
 */

/** A daily game in progress as the sweeper reads it: its deadline row and position. */
export interface DeadlineRow {
  gameId: string;
  /** When the side to move runs out (epoch ms); null while paused by a vacation. */
  deadline: number | null;
  /** The current position; its side to move is the one out of time. */
  fen: string;
  /** Plies played. */
  ply: number;
  /** A club match game: a side that never moves loses it rather than the game being aborted. */
  noShowLoses?: boolean;
}

export interface Timeout {
  gameId: string;
  deadline: number;
  /** As games' `Result`: the winner's colour or "draw", and "flag"; "none" and "abort" before both moved. */
  result: { winningColor: WinningColor | "none"; reason: EndReason };
}

/**
 * The games out of time at `now` (deadline ≤ now), the longest overdue first, at most `limit` of them. A game
 * in which a side has not yet made its first move is aborted, as a live game is, except a club match game.
 */
export function dueTimeouts(rows: readonly DeadlineRow[], now: number, limit = Number.POSITIVE_INFINITY): Timeout[] {
  const due = rows
    .filter((r): r is DeadlineRow & { deadline: number } => r.deadline !== null && r.deadline <= now)
    .sort((x, y) => x.deadline - y.deadline || (x.gameId < y.gameId ? -1 : x.gameId > y.gameId ? 1 : 0))
    .slice(0, Math.max(0, limit));
  return due.map((r) => ({ gameId: r.gameId, deadline: r.deadline, result: timeoutOf(r) }));
}

function timeoutOf(row: DeadlineRow): Timeout["result"] {
  if (row.ply < 2 && !row.noShowLoses) return { winningColor: "none", reason: "abort" };
  const board = Board.fromFen(row.fen);
  return timeoutResult(board, board.turn());
}
