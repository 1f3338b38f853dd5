import { Board, NO_ELO_CHANGE, newClock, START_FEN } from "@chess/shared";
import type { GameRound } from "./gameRound.ts";

/** A live round for unit tests: a 3+0 blitz game between two guests at the start, unless `change` says else. */
export function testRound(change: Partial<GameRound> & { fen?: string } = {}): GameRound {
  const { fen, ...rest } = change;
  const board = Board.fromFen(fen ?? START_FEN);
  const baseMs = rest.baseMs ?? 180_000;
  return {
    id: "g1",
    variant: "standard",
    timeClass: "blitz",
    baseMs,
    incrementMs: 0,
    untimed: false,
    againstComputer: false,
    initialFen: board.fen(),
    startEval: null,
    rated: false,
    clubId: null,
    players: { w: { sessionId: "sw", userId: null, name: "W" }, b: { sessionId: "sb", userId: null, name: "B" } },
    elo: { w: null, b: null },
    deltas: { w: NO_ELO_CHANGE, b: NO_ELO_CHANGE },
    board,
    sanMoves: null,
    lastMove: null,
    clock: { ...newClock(baseMs, 0), turn: board.turn() },
    ply: 0,
    status: "active",
    result: null,
    drawOfferBy: null,
    lastDrawOfferPly: { w: -100, b: -100 },
    takebackProposedBy: null,
    lastTakebackProposalPly: { w: -1, b: -1 },
    takesTakebacks: { w: true, b: true },
    firstMoveDeadline: null,
    idleDeadline: null,
    goneSince: { w: null, b: null },
    goneLeft: { w: false, b: false },
    eventNo: 0,
    createdAt: 0,
    epoch: 1,
    ...rest,
  };
}
