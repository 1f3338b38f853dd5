import {
  type ByColor,
  type ClocksHeld,
  type ClocksResumed,
  type Color,
  deltaFor,
  type EndReason,
  type GameOver,
  type GameRecord,
  type GameStarted,
  type GameStatus,
  type GameUpdate,
  NO_ELO_CHANGE,
  type Outcome,
  other,
  type PlayedMove,
  type TimeClass,
  type Variant,
  type WinningColor,
} from "@chess/shared";
import { claimableAt, clocksAt, clocksNow, colorWord, type GameRound, RESUMED_TOLD_MS, sanList } from "./gameRound.ts";
import type { GameRow } from "./gamesRepo.ts";

/**
 * gameStarted / resync / watch: the whole game as `viewer` sees it, as stored; with its clocks standing still
 * since `heldSince` while its node cannot store moves.
 */
export function gameStartedJson(
  round: GameRound,
  viewer: Color | "spectator",
  now: number,
  heldSince?: number,
): GameStarted {
  const held = round.status === "active" ? heldSince : undefined;
  const side: Color = viewer === "spectator" ? "w" : viewer;
  const opponent = round.players[side === "w" ? "b" : "w"].name;
  const opponentClaimableAt =
    viewer === "spectator" || round.status !== "active" ? null : claimableAt(round, other(side));
  return {
    gameId: round.id,
    gameLength: {
      w: round.berserk?.w ? Math.floor(round.baseMs / 2) : round.baseMs,
      b: round.berserk?.b ? Math.floor(round.baseMs / 2) : round.baseMs,
    },
    isWhite: side === "w",
    fen: round.board.fen(),
    initialFen: round.initialFen,
    ...(round.startEval !== null ? { startEval: round.startEval } : {}),
    currentTurn: round.board.turn(),
    eloDeltas: viewer === "spectator" ? NO_ELO_CHANGE : round.deltas[side],
    moves: sanList(round.sanMoves),
    opponent,
    white: round.players.w.name,
    black: round.players.b.name,
    spectator: viewer === "spectator",
    ratings: round.elo,
    ...finalEloChange(round),
    rated: round.rated,
    variant: round.variant,
    timeClass: round.timeClass,
    baseTime: round.baseMs / 60_000,
    increment: round.incrementMs / 1000,
    ...(round.untimed ? { untimed: true } : {}),
    timeLeft: clocksAt(round, now, held),
    // A clock waiting for its player to reconnect after a restart is stopped until then.
    clockRunning:
      round.status === "active" &&
      held === undefined &&
      round.clock.runningSince !== null &&
      round.clock.runningSince <= now,
    ...(round.status === "active" &&
    held === undefined &&
    round.clock.runningSince !== null &&
    round.clock.runningSince > now
      ? { clockStartsAt: round.clock.runningSince }
      : {}),
    ply: round.ply,
    status: round.status,
    ...(round.tournament ? { tournament: round.tournament, berserk: { w: false, b: false, ...round.berserk } } : {}),
    ...(round.result
      ? {
          winningColor: round.result.winningColor === "none" ? undefined : round.result.winningColor,
          reason: round.result.reason,
        }
      : {}),
    eventNo: round.eventNo,
    ...(round.firstMoveDeadline !== null && round.status === "active"
      ? { firstMoveDeadline: round.firstMoveDeadline }
      : {}),
    serverTime: now,
    ...(round.status === "active" && round.drawOfferBy !== null ? { drawOfferBy: round.drawOfferBy } : {}),
    takesTakebacks: { ...round.takesTakebacks },
    ...(round.status === "active" && round.takebackProposedBy !== null
      ? { takebackProposedBy: round.takebackProposedBy }
      : {}),
    ...(opponentClaimableAt !== null
      ? { opponentClaimableAt, opponentGoneSince: round.goneSince[other(side)] ?? undefined }
      : {}),
    ...(round.resumed && round.status === "active" && now - round.resumed.at < RESUMED_TOLD_MS
      ? { resumed: { ...round.resumed } }
      : {}),
    ...(held !== undefined ? { clocksHeld: { since: held } } : {}),
  };
}

/** clocksHeld: the game's clocks stand still from `since`. */
export function clocksHeldJson(round: GameRound, since: number, now: number): ClocksHeld {
  return { gameId: round.id, since, timeLeft: clocksAt(round, now, since), serverTime: now };
}

/** clocksResumed: the game's clocks run on (`round` credited with the `heldMs` they stood still). */
export function clocksResumedJson(round: GameRound, heldMs: number, now: number): ClocksResumed {
  return {
    gameId: round.id,
    heldMs,
    timeLeft: clocksNow(round, now),
    clockRunning: round.clock.runningSince !== null && round.clock.runningSince <= now,
    ...(round.firstMoveDeadline !== null ? { firstMoveDeadline: round.firstMoveDeadline } : {}),
    serverTime: now,
  };
}

export function updateJson(round: GameRound, move: PlayedMove, now: number): GameUpdate {
  return {
    gameId: round.id,
    fen: round.board.fen(),
    currentTurn: round.board.turn(),
    move,
    timeLeft: clocksNow(round, now),
    ply: round.ply,
    eventNo: round.eventNo,
    clockRunning: round.clock.runningSince !== null,
    ...(round.firstMoveDeadline !== null ? { firstMoveDeadline: round.firstMoveDeadline } : {}),
    ...(round.untimed ? { untimed: true } : {}),
    serverTime: now,
  };
}

/** The rating change of each side of a finished rated game, from the stakes it started with. */
function finalEloChange(round: GameRound): { eloChange?: ByColor<number> } {
  const result = round.result;
  if (!result || !round.rated || result.reason === "abort") return {};
  const white: Outcome | null =
    result.winningColor === "white"
      ? "win"
      : result.winningColor === "black"
        ? "loss"
        : result.winningColor === "draw"
          ? "draw"
          : null;
  if (white === null) return {};
  const black: Outcome = white === "win" ? "loss" : white === "loss" ? "win" : "draw";
  return { eloChange: { w: deltaFor(round.deltas.w, white), b: deltaFor(round.deltas.b, black) } };
}

export function gameOverJson(
  round: GameRound,
  result: { winningColor: WinningColor | "none"; reason: EndReason },
  eloChange: { w: number; b: number },
): GameOver {
  const winner =
    result.winningColor === "white"
      ? round.players.w.name
      : result.winningColor === "black"
        ? round.players.b.name
        : result.winningColor;
  return {
    gameId: round.id,
    fen: round.board.fen(),
    winningColor: result.winningColor,
    move: round.lastMove,
    reason: result.reason,
    winner,
    timeLeft: round.clock.remaining,
    eloChange,
    eventNo: round.eventNo,
  };
}

/** GET /history/{gameId}: the record of SPEC §3 with username1 = white. */
export function gameRecordJson(row: GameRow): GameRecord {
  return {
    gameId: row.id,
    initialFen: row.initialFen,
    moves: row.moves,
    username1: row.whiteName,
    username2: row.blackName,
    player1Color: "white",
    player2Color: "black",
    winningColor: (row.winningColor as WinningColor | "none" | null) ?? "none",
    reason: (row.endReason as EndReason | null) ?? null,
    status: row.status as GameStatus,
    variant: row.variant as Variant,
    timeClass: row.timeClass as TimeClass,
    baseTime: row.baseMs / 60_000,
    increment: row.incrementMs / 1000,
    ...(row.untimed ? { untimed: true } : {}),
    rated: row.rated,
    startedAt: row.createdAt.getTime(),
    endedAt: row.endedAt ? row.endedAt.getTime() : null,
    ...(row.tournamentId && row.roundState?.tournament
      ? { tournament: { id: row.tournamentId, name: row.roundState.tournament.name } }
      : {}),
  };
}

export { colorWord };
