import { judgeStep, type Puzzle } from "@chess/shared";
import { playUciLine } from "../board/index.ts";

/**
 * Where a solver stands in a puzzle: the position on the board, how many of their moves are right so far,
 * and what they tried. Pure: the trainer plays the opponent's replies and reports the try.
 */
export interface PuzzleSession {
  fen: string;
  /** The solver's moves played (UCI), the wrong one last when `status` is "wrong". */
  tried: string[];
  /** "shown": the solver gave up and the board shows the solution played out. */
  status: "play" | "reply" | "wrong" | "solved" | "shown";
  lastMove?: { from: string; to: string };
  /** The rest of the solution from where the solver stood (SAN), once shown. */
  solution?: string[];
}

/** The puzzle is over: its themes and the game it came from no longer give an answer away. */
export const isOver = (session: PuzzleSession) => session.status === "solved" || session.status === "shown";

export const startSession = (puzzle: Puzzle): PuzzleSession => ({ fen: puzzle.fen, tried: [], status: "play" });

/** The solver played `uci` (legal, giving `fenAfter`): right and more to come, wrong, or solved. */
export function solverMoved(session: PuzzleSession, puzzle: Puzzle, uci: string, fenAfter: string): PuzzleSession {
  const verdict = judgeStep(session.fen, puzzle.solution, session.tried.length, uci);
  const tried = [...session.tried, uci];
  const lastMove = { from: uci.slice(0, 2), to: uci.slice(2, 4) };
  if (verdict === "incomplete") return { fen: fenAfter, tried, status: "reply", lastMove };
  if (verdict === "solved") return { fen: fenAfter, tried, status: "solved", lastMove };
  // Wrong: the board keeps the position before it, so a retry starts from where the solver stands.
  return { ...session, tried, status: "wrong" };
}

/** The opponent's reply the solution holds after the solver's last right move. */
export const replyOf = (session: PuzzleSession, puzzle: Puzzle): string | undefined =>
  session.status === "reply" ? puzzle.solution[session.tried.length * 2 - 1] : undefined;

/** After the reply is played: the solver's turn again. */
export const replied = (session: PuzzleSession, uci: string, fenAfter: string): PuzzleSession => ({
  fen: fenAfter,
  tried: session.tried,
  status: "play",
  lastMove: { from: uci.slice(0, 2), to: uci.slice(2, 4) },
});

/** The solver gave up ("View the solution"): the rest of the solution played out from where they stood. */
export function shown(session: PuzzleSession, puzzle: Puzzle): PuzzleSession {
  const right = session.status === "wrong" ? session.tried.length - 1 : session.tried.length;
  const played = playUciLine(session.fen, puzzle.solution.slice(right * 2));
  const last = played.at(-1);
  return {
    fen: last?.fen ?? session.fen,
    tried: session.tried,
    status: "shown",
    ...(last ? { lastMove: { from: last.from, to: last.to } } : {}),
    solution: played.map((m) => m.san),
  };
}

export const sideName = (player: "w" | "b") => (player === "w" ? "White" : "Black");
