import {
  Board,
  type ByColor,
  type ClockState,
  type Color,
  type DailyClock,
  type DailyRefusal,
  type DaysPerMove,
  dailyClockAfterMove,
  dailyRefusal,
  type EloDeltas,
  type EndReason,
  type GameStatus,
  type MoveInput,
  moveAllowanceMs,
  other,
  positionEnd,
  type VacationLedger,
  type Variant,
  type WinningColor,
} from "@chess/shared";
import type { EndingGame, PlayerRef, Result } from "../games/index.ts";
import { answerConditionals } from "./dailyConditionals.ts";
import { alarmAt } from "./dailyReminders.ts";
import { type DeadlineRow, dueTimeouts } from "./dailySweeper.ts";

/**
 * A daily game as one command sees it: read from the database when a move or a look arrives, and dropped
 * after. Pure functions below decide what a command does to it; the service stores the answer.
 */
export interface DailyRound {
  id: string;
  variant: Variant;
  rated: boolean;
  clubId: number | null;
  initialFen: string;
  /** A jumpstart game: its dealt position's evaluation (pawns, White's view); null when none was dealt. */
  startEval: number | null;
  players: ByColor<PlayerRef & { userId: number }>;
  elo: ByColor<number | null>;
  deltas: ByColor<EloDeltas>;
  /** games.owner_epoch: never bumped for a daily game, carried by its move rows. */
  epoch: number;
  status: GameStatus;
  result: Result | null;
  days: DaysPerMove;
  clock: DailyClock;
  alarmAt: number | null;
  drawOfferBy: Color | null;
  conditionals: ByColor<string[][]>;
  /** A club match game: never aborted, a side that never moves loses. */
  noShowLoses: boolean;
  /** Each player's vacation ledger as read with the game (undefined: never on vacation). */
  ledgers: ByColor<VacationLedger | undefined>;
  /** The position with its history (repetitions), replayed from the stored moves. */
  board: Board;
  ply: number;
  sanMoves: string[];
  uciMoves: string[];
}

/** One ply stored by a command: the player's move, or an answer a conditional line played. */
export interface DailyPly {
  ply: number;
  uci: string;
  san: string;
  from: string;
  to: string;
  promotion?: string;
  fen: string;
  by: Color;
  conditional: boolean;
}

/** What a move leaves: the plies to store, the clock and lines after them, and the end if it ended the game. */
export interface DailyMoveOutcome {
  ok: true;
  /** The ply the game stood at, against which the plies are stored (compare-and-set). */
  fromPly: number;
  plies: DailyPly[];
  clock: DailyClock;
  alarmAt: number | null;
  conditionals: ByColor<string[][]>;
  end: Result | null;
}

export const colorOfUser = (round: Pick<DailyRound, "players">, userId: number): Color | undefined =>
  round.players.w.userId === userId ? "w" : round.players.b.userId === userId ? "b" : undefined;

export const turnOf = (round: Pick<DailyRound, "board">): Color => round.board.turn();

const endOf = (board: Board): Result | null => {
  const end = positionEnd(board);
  return end ? { winningColor: end.winningColor, reason: end.reason } : null;
};

/** Plays `uci` (as the board names moves) on the board; the stored ply, or undefined when it is not legal. */
function playOn(board: Board, ply: number, input: MoveInput, by: Color, conditional: boolean): DailyPly | undefined {
  const san = board.play(input);
  if (san === undefined) return undefined;
  const uci = board.lastMove() ?? `${input.from}${input.to}${input.promotion ?? ""}`;
  return {
    ply,
    uci,
    san,
    from: uci.slice(0, 2),
    to: uci.slice(2, 4),
    ...(uci.length === 5 ? { promotion: uci[4] } : {}),
    fen: board.fen(),
    by,
    conditional,
  };
}

const inputOf = (uci: string): MoveInput => ({
  from: uci.slice(0, 2),
  to: uci.slice(2, 4),
  ...(uci.length === 5 ? { promotion: uci[4] as MoveInput["promotion"] } : {}),
});

/**
 * `color` plays `move` at `now`: refused (not their turn, not that ply, out of time, illegal), or the plies to
 * store. When the move matches a conditional line of the opponent's, their answer is played too. The next
 * side gets a full allowance, paused if their player is on vacation (`onVacation`). The round's board is
 * played on: the caller reads it again for anything else.
 */
export function playDailyMove(
  round: DailyRound,
  color: Color,
  move: MoveInput,
  expectedPly: number | undefined,
  now: number,
  onVacation: (c: Color) => boolean,
): DailyMoveOutcome | DailyRefusal {
  if (round.status !== "active") return dailyRefusal("over", "This game is over");
  if (expectedPly !== undefined && expectedPly !== round.ply) {
    return dailyRefusal("resync", "The game has moved on - reload it");
  }
  if (turnOf(round) !== color) return dailyRefusal("not_your_turn", "It is not your turn");
  if (round.clock.deadline !== null && round.clock.deadline <= now) {
    return dailyRefusal("flagged", "Your time for this move ran out");
  }
  const board = round.board;
  const played = playOn(board, round.ply + 1, move, color, false);
  if (!played) return dailyRefusal("illegal", `Invalid move: ${move.from}${move.to}${move.promotion ?? ""}`);
  const plies = [played];
  const opponent = other(color);
  let end = endOf(board);
  const conditionals: ByColor<string[][]> = { w: [], b: [] };
  if (!end) {
    const { answer, lines } = answerConditionals(round.conditionals[opponent], played.uci);
    const reply = answer ? playOn(board, round.ply + 2, inputOf(answer), opponent, true) : undefined;
    if (reply) {
      plies.push(reply);
      conditionals[opponent] = lines;
      end = endOf(board);
    }
  }
  const next = board.turn();
  const clock = end
    ? { days: round.clock.days, deadline: now, pausedLeftMs: null }
    : dailyClockAfterMove(round.clock, now, onVacation(next));
  return {
    ok: true,
    fromPly: round.ply,
    plies,
    clock,
    alarmAt: end ? null : alarmAt(clock),
    conditionals: end ? { w: [], b: [] } : conditionals,
    end,
  };
}

/**
 * How a game the sweeper found overdue ends at `now`: by its position when a stored move already ended it
 * (its end not yet written), else on time as a live game flags; undefined when it is not due after all.
 */
export function dueEnd(round: DailyRound, now: number): Result | undefined {
  if (round.status !== "active") return undefined;
  const byPosition = endOf(round.board);
  if (byPosition) return byPosition;
  const row: DeadlineRow = {
    gameId: round.id,
    deadline: round.clock.deadline,
    fen: round.board.fen(),
    ply: round.ply,
    noShowLoses: round.noShowLoses,
  };
  return dueTimeouts([row], now)[0]?.result;
}

/** A resignation by `color`: lost, or aborted before both sides moved (as a live game) but in a club match. */
export function resignation(round: DailyRound, color: Color): Result {
  if (round.ply < 2 && !round.noShowLoses) return { winningColor: "none", reason: "abort" };
  return { winningColor: color === "w" ? "black" : "white", reason: "resign" };
}

export const DRAW_AGREED: Result = { winningColor: "draw", reason: "draw" };

/** The games row's clock of a daily game: each side's allowance; nothing runs in it (the deadline does). */
export function storedClock(days: DaysPerMove, turn: Color): ClockState {
  const allowance = moveAllowanceMs(days);
  return {
    remaining: { w: allowance, b: allowance },
    turn,
    runningSince: null,
    incrementMs: 0,
    lagQuota: { w: 0, b: 0 },
    lagGain: 0,
  };
}

/** The round as the games area's finisher takes it, decided on the ply it was read at. */
export function endingGame(round: DailyRound): EndingGame {
  return {
    id: round.id,
    epoch: round.epoch,
    variant: round.variant,
    timeClass: "daily",
    rated: round.rated,
    clubId: round.clubId,
    players: round.players,
    elo: round.elo,
    deltas: round.deltas,
    fen: round.board.fen(),
    ply: round.ply,
    sanMoves: round.sanMoves,
    clock: storedClock(round.days, round.board.turn()),
    storedPly: round.ply,
  };
}

/** Replays stored moves from the start position; throws on a move the board refuses (a corrupt game). */
export function replayMoves(gameId: string, initialFen: string, uciMoves: readonly string[]): Board {
  const board = Board.fromFen(initialFen);
  for (const uci of uciMoves) {
    if (board.play(inputOf(uci)) === undefined) {
      throw new Error(`Daily game ${gameId}: stored move ${uci} is illegal at ply ${board.played}`);
    }
  }
  return board;
}

/** The winner's name as a game-over notice says it. */
export function winnerName(round: Pick<DailyRound, "players">, winningColor: WinningColor | "none"): string {
  if (winningColor === "white") return round.players.w.name;
  if (winningColor === "black") return round.players.b.name;
  return winningColor;
}

export type { EndReason };

/** The round after a stored move: its plies, clock and lines as `outcome` left them (its board already played). */
export function advance(round: DailyRound, outcome: DailyMoveOutcome): void {
  for (const p of outcome.plies) {
    round.sanMoves.push(p.san);
    round.uciMoves.push(p.uci);
  }
  round.ply = outcome.plies.at(-1)?.ply ?? round.ply;
  round.clock = outcome.clock;
  round.alarmAt = outcome.alarmAt;
  round.conditionals = outcome.conditionals;
  round.drawOfferBy = null;
}
