import {
  type ActorId,
  applyMoveToClock,
  type Board,
  type ByColor,
  type ClockState,
  type Color,
  type EloDeltas,
  type EndReason,
  type GameStatus,
  type LiveTimeClass,
  type MoveInput,
  other,
  type PlayedMove,
  positionEnd,
  sameActor,
  timeLeft,
  timeoutResult,
  type Variant,
  type WinningColor,
} from "@chess/shared";

/**
 * One side of a game: who may act for it, and the name the game shows. Stored as it is (game rows, rematch
 * offers, lobby offers in Redis), so its name stays `name`.
 */
export type PlayerRef = ActorId & { name: string };

/** Everything a game is, in memory, for its one writer. Rebuilt from the database after a restart. */
export interface GameRound {
  id: string;
  variant: Variant;
  timeClass: LiveTimeClass;
  baseMs: number;
  incrementMs: number;
  /** No clock (games against the computer only): the clock never runs and no first-move deadline applies. */
  untimed: boolean;
  /** The computer plays one side (lichess expires no game against its AI): see firstMoveDeadlineAt. */
  againstComputer: boolean;
  initialFen: string;
  /** A jumpstart game: its dealt position's evaluation (pawns, White's view); null when none was dealt. */
  startEval: number | null;
  rated: boolean;
  /** Club games also count toward each player's rating in that club. */
  clubId: number | null;
  players: ByColor<PlayerRef>;
  elo: ByColor<number | null>;
  deltas: ByColor<EloDeltas>;
  /**
   * The position, with its history for repetition; never re-parsed per move. A round's board is never played
   * on: a move plays on a clone, which the next round holds.
   */
  board: Board;
  /** The moves in SAN, last first, shared with the rounds before (see SanMoves). */
  sanMoves: SanMoves;
  lastMove: PlayedMove | null;
  clock: ClockState;
  ply: number;
  status: GameStatus;
  result: { winningColor: WinningColor | "none"; reason: EndReason } | null;
  drawOfferBy: Color | null;
  /** Ply of each side's last draw offer: one offer per side every 20 plies (lichess). */
  lastDrawOfferPly: ByColor<number>;
  /** A takeback proposal waiting for the opponent's answer (games against a person); any move lets it lapse. */
  takebackProposedBy: Color | null;
  /** Ply at which each side last proposed a takeback: one proposal per side and position. */
  lastTakebackProposalPly: ByColor<number>;
  /** Whether each side may be asked for a takeback: its player's choice (preferences) when the game started. */
  takesTakebacks: ByColor<boolean>;
  /** Until the clocks run, the side to move must move before this time or the game is aborted. */
  firstMoveDeadline: number | null;
  /** In a game without a clock, the side to move must move before this time or it is abandoned (IDLE_UNTIMED_MS). */
  idleDeadline: number | null;
  /** When each player's last socket left (null while connected). */
  goneSince: ByColor<number | null>;
  /** Whether that socket said goodbye (a closed tab) rather than dropped: the opponent waits less (GONE_LEFT_MS). */
  goneLeft: ByColor<boolean>;
  eventNo: number;
  createdAt: number;
  /** This writer's fence (games.owner_epoch when it took the game): its writes hold only while it is the game's. */
  epoch: number;
  /** This game's first-move limit when the server sets its own (config FIRST_MOVE_LIMITS_MS); else FIRST_MOVE_MS. */
  firstMoveMs?: number;
  /** This writer took the game up after a restart or from a dead node: when, and how long nobody served it. */
  resumed?: { at: number; awayMs: number };
  /** An arena game: its tournament, and whether its players may berserk. */
  tournament?: { id: string; name: string; berserkable: boolean };
  /** An arena game: who berserked (half the base time, no increment). */
  berserk?: ByColor<boolean>;
}

/**
 * A game's moves in SAN, the last first: a round shares the line with the round before it, a move adds one
 * link and copies nothing (a move list copied at every move would cost a game of 100 moves 20,000 copies).
 */
export type SanMoves = { readonly san: string; readonly before: SanMoves } | null;

/** The line of `moves`, in the order played. */
export function sanMovesOf(moves: readonly string[]): SanMoves {
  let line: SanMoves = null;
  for (const san of moves) line = { san, before: line };
  return line;
}

/** The moves of `line` in the order played. */
export function sanList(line: SanMoves): string[] {
  const out: string[] = [];
  for (let at = line; at !== null; at = at.before) out.push(at.san);
  return out.reverse();
}

/**
 * After a restart or a takeover, the side to move has this long to reconnect before their clock runs again
 * (socket.io-client retries every 2.5-7.5 s by then); it runs from their return if that is sooner.
 */
export const RECONNECT_GRACE_MS = 10_000;

/** How long after a restart or a takeover snapshots tell players about it (`GameStarted.resumed`). */
export const RESUMED_TOLD_MS = 120_000;

export const DRAW_OFFER_EVERY_PLIES = 20;

/** First-move time limit by speed (lichess: 15–35 s). */
export const FIRST_MOVE_MS: Record<LiveTimeClass, number> = {
  bullet: 15_000,
  blitz: 20_000,
  rapid: 30_000,
  classical: 35_000,
};

/** How long the side to move has for the first move of `round`. */
export function firstMoveLimit(round: Pick<GameRound, "timeClass" | "firstMoveMs">): number {
  return round.firstMoveMs ?? FIRST_MOVE_MS[round.timeClass];
}

/**
 * The first-move deadline of `round` at `now` (the side to move must move by then or the game is aborted):
 * until both sides have moved, in games between two people. lichess expires no game against its AI
 * (`Game.expirable`: `nonAi`): the limit is there so that nobody waits on an opponent who never came, and
 * the computer always comes. An untimed game must not end under a player who is thinking either.
 */
export function firstMoveDeadlineAt(
  round: Pick<GameRound, "untimed" | "againstComputer" | "ply" | "timeClass" | "firstMoveMs">,
  now: number,
): number | null {
  return round.untimed || round.againstComputer || round.ply >= 2 ? null : now + firstMoveLimit(round);
}

/**
 * A game without a clock whose side to move has not moved for this long is abandoned: lichess gives up a game
 * against its AI after 6 hours without a move (`Game.aiAbandonedHours`). It keeps games a player walked
 * away from from staying live (and in memory) for ever.
 */
export const IDLE_UNTIMED_MS = 6 * 3_600_000;

/**
 * The idle deadline of `round` at `now` (its side to move has just begun thinking): while no clock runs in a
 * game against the computer, which has no first-move limit (untimed games throughout, timed ones until both
 * sides have moved and the clock starts).
 */
export function idleDeadlineAt(
  round: Pick<GameRound, "untimed" | "againstComputer" | "ply">,
  now: number,
): number | null {
  return round.untimed || (round.againstComputer && round.ply < 2) ? now + IDLE_UNTIMED_MS : null;
}

/** How long a player whose connection was lost may be gone before the opponent may claim the win (lichess). */
export const GONE_CLAIM_MS: Record<LiveTimeClass, number> = {
  bullet: 40_000,
  blitz: 40_000,
  rapid: 80_000,
  classical: 120_000,
};

/** The same for a player who closed the game's tab (lichess: 10 s): they said goodbye, nothing was lost. */
export const GONE_LEFT_MS = 10_000;

/** When the opponent of `color` may claim the win or a draw, while `color` is gone. */
export function claimableAt(round: Pick<GameRound, "goneSince" | "goneLeft" | "timeClass">, color: Color) {
  const since = round.goneSince[color];
  if (since === null) return null;
  return since + (round.goneLeft[color] ? GONE_LEFT_MS : GONE_CLAIM_MS[round.timeClass]);
}

/**
 * When `color` went silent, as the server noticed at `noticedAt`: `silenceMs` before (their connection had not
 * answered that long), but never before their last move, when they were there (the opponent's clock started).
 */
export function wentSilentAt(
  round: Pick<GameRound, "clock">,
  color: Color,
  noticedAt: number,
  silenceMs: number,
): number {
  const { turn, runningSince } = round.clock;
  const movedAt = turn !== color && runningSince !== null ? runningSince : Number.NEGATIVE_INFINITY;
  return Math.min(noticedAt, Math.max(noticedAt - silenceMs, movedAt));
}

export function colorOf(round: GameRound, who: ActorId): Color | undefined {
  for (const c of ["w", "b"] as const) if (sameActor(round.players[c], who)) return c;
  return undefined;
}

export type MoveOutcome =
  | {
      kind: "applied";
      /** The round after the move; the round it was played on is left as it was. */
      next: GameRound;
      move: PlayedMove;
      uci: string;
      end?: { winningColor: WinningColor; reason: EndReason };
    }
  | { kind: "duplicate" }
  | { kind: "flagged"; loser: Color }
  | { kind: "rejected"; code: "resync" | "not_your_turn" | "illegal" | "over"; message: string };

/** A promotion named for a move that does not promote is ignored (see Board.play), so only a real one counts. */
const sameMove = (a: PlayedMove | null, b: MoveInput) =>
  a !== null && a.from === b.from && a.to === b.to && (a.promotion === undefined || a.promotion === b.promotion);

/**
 * Plays `move` by `color` at `now` if it is legal, in turn and for the expected ply: the round after it, on a
 * clone of the board (the round itself is not changed). The caller stores it and only then adopts it.
 */
export function playMove(
  round: GameRound,
  color: Color,
  move: MoveInput,
  /** The ply the client expects; undefined (the spec's payload) means the current one. */
  ply: number | undefined,
  now: number,
  reportedLagMs?: number,
): MoveOutcome {
  if (round.status !== "active") return { kind: "rejected", code: "over", message: "This game is over" };
  if (ply === round.ply - 1 && round.board.turn() !== color && sameMove(round.lastMove, move)) {
    return { kind: "duplicate" };
  }
  if (round.board.turn() !== color) {
    return { kind: "rejected", code: "not_your_turn", message: "Invalid move - not your turn" };
  }
  if (ply !== undefined && ply !== round.ply) {
    return { kind: "rejected", code: "resync", message: `Out of sync: the game is at ply ${round.ply}` };
  }
  const board = round.board.clone();
  const san = board.play(move);
  if (san === undefined) return { kind: "rejected", code: "illegal", message: "Invalid move" };
  const promotion = san.includes("=") ? move.promotion : undefined;
  const clock = applyMoveToClock(round.clock, now, {
    reportedLagMs,
    startRunning: round.ply + 1 >= 2 && !round.untimed,
  });
  if (!clock.ok) return { kind: "flagged", loser: clock.flagged };
  // A berserk player gets no increment (the clock added it if it ran).
  if (round.berserk?.[color] && round.clock.runningSince !== null && round.incrementMs > 0) {
    const r = clock.clock.remaining;
    clock.clock.remaining =
      color === "w" ? { w: r.w - round.incrementMs, b: r.b } : { w: r.w, b: r.b - round.incrementMs };
  }
  const played: PlayedMove = {
    from: move.from,
    to: move.to,
    san,
    ...(promotion ? { promotion } : {}),
  };
  const next: GameRound = {
    ...round,
    board,
    sanMoves: { san, before: round.sanMoves },
    lastMove: played,
    clock: clock.clock,
    ply: round.ply + 1,
    drawOfferBy: round.drawOfferBy === other(color) ? null : round.drawOfferBy,
    takebackProposedBy: null,
  };
  next.firstMoveDeadline = firstMoveDeadlineAt(next, now);
  next.idleDeadline = idleDeadlineAt(next, now);
  const end = positionEnd(board);
  return {
    kind: "applied",
    next,
    move: played,
    uci: `${move.from}${move.to}${promotion ?? ""}`,
    ...(end ? { end } : {}),
  };
}

/**
 * How many plies to take back so that `color` has its last move undone and is to move again: its move and
 * the reply (2) on its turn, its move alone (1) while the opponent has not answered; 0 when it has none.
 */
export function takebackPlies(round: GameRound, color: Color): 0 | 1 | 2 {
  const plies = round.board.turn() === color ? 2 : 1;
  return round.ply >= plies ? plies : 0;
}

/**
 * The round with `plies` taken back at `now`. Each side keeps the time it has left (lichess does the same);
 * the clock runs for the side to move from `now` if both first moves still stand, else it stops and the
 * first-move deadline applies again. A draw offer or takeback proposal lapses. The caller stores it.
 */
export function takeBack(round: GameRound, plies: number, now: number): GameRound {
  const left = timeLeft(round.clock, now);
  const board = round.board.clone();
  let sanMoves = round.sanMoves;
  for (let i = 0; i < plies; i++) {
    board.undo();
    sanMoves = sanMoves?.before ?? null;
  }
  const ply = round.ply - plies;
  const running = round.clock.runningSince !== null && ply >= 2;
  const next: GameRound = {
    ...round,
    board,
    sanMoves,
    ply,
    clock: {
      ...round.clock,
      remaining: { w: Math.max(0, left.w), b: Math.max(0, left.b) },
      turn: board.turn(),
      runningSince: running ? now : null,
    },
    // The move before is not kept in memory; it only serves to recognise a resent move, which cannot be one now.
    lastMove: null,
    drawOfferBy: null,
    // A position taken back to is a new one: either side may propose a takeback in it.
    takebackProposedBy: null,
    lastTakebackProposalPly: { w: -1, b: -1 },
  };
  next.firstMoveDeadline = firstMoveDeadlineAt(next, now);
  next.idleDeadline = idleDeadlineAt(next, now);
  return next;
}

/**
 * The round taken up again at `t` after its clocks stood still from `since` (its node could store nothing):
 * as after a restart, the side to move is charged only until `since`, and the first-move and idle deadlines
 * move on by the time held. A clock that started after `since` (a move stored as the hold began) runs from `t`.
 */
export function resumedAfterHold(round: GameRound, since: number, t: number): GameRound {
  const heldMs = Math.max(0, t - since);
  const { runningSince } = round.clock;
  let clock = round.clock;
  if (runningSince !== null) {
    clock = { ...clock, runningSince: runningSince <= since ? runningSince + heldMs : Math.max(runningSince, t) };
  }
  const first = round.firstMoveDeadline;
  return {
    ...round,
    clock,
    firstMoveDeadline: first === null ? null : Math.min(first + heldMs, t + firstMoveLimit(round)),
    idleDeadline: round.idleDeadline === null ? null : round.idleDeadline + heldMs,
  };
}

/** What the clocks of `round` say at `now`, or at `heldSince` while they stand still (see resumedAfterHold). */
export function clocksAt(round: GameRound, now: number, heldSince: number | undefined): ByColor<number> {
  return clocksNow(round, heldSince === undefined ? now : Math.min(now, heldSince));
}

/** The result when `loser` runs out of time: a loss, or a draw if the other side cannot mate. */
export function flagResult(round: GameRound, loser: Color): { winningColor: WinningColor; reason: EndReason } {
  return timeoutResult(round.board, loser);
}

/** What the clock says now, never below zero. */
export function clocksNow(round: GameRound, now: number): ByColor<number> {
  const left = round.status === "active" ? timeLeft(round.clock, now) : round.clock.remaining;
  return { w: Math.max(0, Math.round(left.w)), b: Math.max(0, Math.round(left.b)) };
}

/** The side whose time is up at `now`, if any. */
export function flaggedSide(round: GameRound, now: number): Color | undefined {
  if (round.status !== "active" || round.clock.runningSince === null) return undefined;
  const left = timeLeft(round.clock, now);
  return left[round.clock.turn] <= 0 ? round.clock.turn : undefined;
}

export const colorWord = (c: Color): "white" | "black" => (c === "w" ? "white" : "black");

/** Whether `color` has made a move in `round` (white moves at ply 0, black at ply 1, in a game from the start). */
export function hasMoved(round: Pick<GameRound, "ply" | "initialFen">, color: Color): boolean {
  const firstTurn: Color = round.initialFen.split(" ")[1] === "b" ? "b" : "w";
  return round.ply >= (color === firstTurn ? 1 : 2);
}

/**
 * `color` berserks (an arena game): half their base time, and no increment from now on. The caller has checked
 * that they may (see roundCommands). The round itself is not changed.
 */
export function berserked(round: GameRound, color: Color): GameRound {
  const half = Math.floor(round.baseMs / 2);
  const r = round.clock.remaining;
  return {
    ...round,
    clock: { ...round.clock, remaining: color === "w" ? { w: half, b: r.b } : { w: r.w, b: half } },
    berserk: { w: round.berserk?.w ?? false, b: round.berserk?.b ?? false, [color]: true },
  };
}
