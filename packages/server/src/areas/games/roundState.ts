import type { PersistedRoundState } from "../../storage/schema.ts";
import type { GameRound } from "./gameRound.ts";
import { firstMoveDeadlineAt, firstMoveLimit, idleDeadlineAt } from "./gameRound.ts";

/** What is stored of a round besides its moves: everything a player can see that the moves do not say. */
export function roundStateOf(round: GameRound): PersistedRoundState {
  return {
    eventNo: round.eventNo,
    atPly: round.ply,
    drawOfferBy: round.drawOfferBy,
    lastDrawOfferPly: { ...round.lastDrawOfferPly },
    takebackProposedBy: round.takebackProposedBy,
    lastTakebackProposalPly: { ...round.lastTakebackProposalPly },
    takesTakebacks: { ...round.takesTakebacks },
    firstMoveDeadline: round.firstMoveDeadline,
    idleDeadline: round.idleDeadline,
    goneSince: { ...round.goneSince },
    goneLeft: { ...round.goneLeft },
    clock: { ...round.clock, remaining: { ...round.clock.remaining }, lagQuota: { ...round.clock.lagQuota } },
    ...(round.tournament ? { tournament: round.tournament } : {}),
    ...(round.berserk ? { berserk: { ...round.berserk } } : {}),
  };
}

/**
 * Puts a stored state back on a round rebuilt from its moves. Moves played since the state was written are
 * one event each, and each move withdrew a draw offer; the first-move deadline after one move is that
 * move's time plus the limit (`firstMovedAt`), the idle deadline of an untimed game runs from its last move
 * (`lastMovedAt`) or its start.
 */
export function restoreRoundState(
  round: GameRound,
  state: PersistedRoundState | null,
  firstMovedAt: number | undefined,
  lastMovedAt?: number,
): void {
  const since = state ? round.ply - state.atPly : round.ply;
  if (state?.takesTakebacks) round.takesTakebacks = { ...state.takesTakebacks };
  // Fixed at the start (the tournament) or before a first move (berserk): true whatever moves came since.
  if (state?.tournament) round.tournament = state.tournament;
  if (state?.berserk) round.berserk = { ...state.berserk };
  if (state && since >= 0) {
    round.eventNo = state.eventNo + since;
    round.lastDrawOfferPly = { ...state.lastDrawOfferPly };
    round.drawOfferBy = since === 0 ? state.drawOfferBy : null;
    // Absent in states written before takeback proposals.
    round.takebackProposedBy = since === 0 ? (state.takebackProposedBy ?? null) : null;
    if (state.lastTakebackProposalPly) round.lastTakebackProposalPly = { ...state.lastTakebackProposalPly };
    round.goneSince = { ...state.goneSince };
    round.goneLeft = { ...(state.goneLeft ?? { w: false, b: false }) };
  }
  if (state && since === 0 && state.clock) {
    round.clock = { ...state.clock, remaining: { ...state.clock.remaining }, lagQuota: { ...state.clock.lagQuota } };
  }
  if (round.status !== "active" || firstMoveDeadlineAt(round, 0) === null) round.firstMoveDeadline = null;
  else if (state && since === 0) round.firstMoveDeadline = state.firstMoveDeadline;
  else if (round.ply === 1 && firstMovedAt !== undefined)
    round.firstMoveDeadline = firstMovedAt + firstMoveLimit(round);
  else round.firstMoveDeadline = round.ply === 0 ? round.createdAt + firstMoveLimit(round) : null;
  if (round.status !== "active" || idleDeadlineAt(round, 0) === null) round.idleDeadline = null;
  else if (state && since === 0 && typeof state.idleDeadline === "number") round.idleDeadline = state.idleDeadline;
  else round.idleDeadline = idleDeadlineAt(round, lastMovedAt ?? round.createdAt);
}
