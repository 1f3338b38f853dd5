import { Board, type EndReason, type LiveTimeClass, type Variant, type WinningColor } from "@chess/shared";
import { type GameRound, sanMovesOf } from "./gameRound.ts";
import type { GameRow } from "./gamesRepo.ts";
import { clockOfMove, type MoveClock } from "./moveClock.ts";
import { restoreRoundState } from "./roundState.ts";

/**
 * Rebuilds a live round from its row and moves (after a restart, or for a finished game's snapshot), with the
 * server's first-move limits if it sets its own.
 */
export function roundFromRow(
  row: GameRow,
  moves: Array<{ uci: string; san: string; clock: MoveClock; movedAt?: Date }>,
  firstMoveMs?: Record<LiveTimeClass, number>,
): GameRound {
  const board = Board.fromFen(row.initialFen);
  let lastMove: GameRound["lastMove"] = null;
  for (const m of moves) {
    const from = m.uci.slice(0, 2);
    const to = m.uci.slice(2, 4);
    const promotion = m.uci.length === 5 ? m.uci[4] : undefined;
    const san = board.play({ from, to, promotion });
    if (san === undefined) throw new Error(`Game ${row.id}: stored move ${m.uci} is illegal at ply ${board.played}`);
    lastMove = { from, to, san, ...(promotion ? { promotion } : {}) };
  }
  const last = moves.at(-1);
  const round: GameRound = {
    id: row.id,
    variant: row.variant as Variant,
    timeClass: row.timeClass as LiveTimeClass,
    baseMs: row.baseMs,
    incrementMs: row.incrementMs,
    untimed: row.untimed,
    againstComputer: row.againstComputer,
    initialFen: row.initialFen,
    startEval: row.startEval,
    rated: row.rated,
    clubId: row.clubId,
    players: {
      w: { sessionId: row.whiteSessionId, userId: row.whiteUserId, name: row.whiteName },
      b: { sessionId: row.blackSessionId, userId: row.blackUserId, name: row.blackName },
    },
    elo: { w: row.whiteElo, b: row.blackElo },
    deltas: { w: row.whiteDeltas, b: row.blackDeltas },
    board,
    sanMoves: sanMovesOf(moves.map((m) => m.san)),
    lastMove,
    // A live game's clock is in its last move row; a finished game's in the game row.
    clock: row.status === "active" && last ? clockOfMove(last.clock, row.clock, board.turn()) : row.clock,
    ply: moves.length,
    status: row.status,
    result:
      row.status === "active"
        ? null
        : { winningColor: (row.winningColor as WinningColor | "none") ?? "none", reason: row.endReason as EndReason },
    drawOfferBy: null,
    lastDrawOfferPly: { w: -100, b: -100 },
    takebackProposedBy: null,
    lastTakebackProposalPly: { w: -1, b: -1 },
    takesTakebacks: { w: true, b: true },
    firstMoveDeadline: null,
    idleDeadline: null,
    goneSince: { w: null, b: null },
    goneLeft: { w: false, b: false },
    eventNo: moves.length + (row.status === "active" ? 0 : 1),
    createdAt: row.createdAt.getTime(),
    epoch: row.ownerEpoch,
    ...(firstMoveMs ? { firstMoveMs: firstMoveMs[row.timeClass as LiveTimeClass] } : {}),
  };
  if (row.status === "active") {
    restoreRoundState(round, row.roundState, moves[0]?.movedAt?.getTime(), moves.at(-1)?.movedAt?.getTime());
  } else if (row.roundState) {
    if (row.roundState.tournament) round.tournament = row.roundState.tournament;
    if (row.roundState.berserk) round.berserk = row.roundState.berserk;
    round.eventNo = row.roundState.eventNo + (moves.length - row.roundState.atPly) + 1;
  }
  return round;
}
