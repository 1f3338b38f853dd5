import {
  type ByColor,
  type DailyClock,
  type DaysPerMove,
  type EndReason,
  type VacationLedger,
  type Variant,
  vacationStatus,
  type WinningColor,
} from "@chess/shared";
import type { DailyRepo } from "./dailyRepo.ts";
import { type DailyRound, replayMoves } from "./dailyRound.ts";

/** A daily player's session id in the games row: no browser session can be named so (ids are base64url). */
export const dailySessionId = (userId: number) => `daily:${userId}`;

/** Reads a daily game for one command: its rows, and its position replayed from the stored moves. */
export async function loadRound(repo: DailyRepo, gameId: string): Promise<DailyRound | undefined> {
  const stored = await repo.load(gameId);
  if (!stored) return undefined;
  const { game: g, daily: d, moves, ledgers } = stored;
  if (g.whiteUserId === null || g.blackUserId === null) return undefined;
  const uciMoves = moves.uci;
  const clock: DailyClock = { days: d.days as DaysPerMove, deadline: d.deadline, pausedLeftMs: d.pausedLeftMs };
  return {
    id: g.id,
    variant: g.variant as Variant,
    rated: g.rated,
    clubId: g.clubId,
    initialFen: g.initialFen,
    startEval: g.startEval,
    players: {
      w: { sessionId: g.whiteSessionId, userId: g.whiteUserId, name: g.whiteName },
      b: { sessionId: g.blackSessionId, userId: g.blackUserId, name: g.blackName },
    },
    elo: { w: g.whiteElo, b: g.blackElo },
    deltas: { w: g.whiteDeltas, b: g.blackDeltas },
    epoch: g.ownerEpoch,
    status: g.status,
    result:
      g.status === "active"
        ? null
        : { winningColor: (g.winningColor as WinningColor | "none") ?? "none", reason: g.endReason as EndReason },
    days: d.days as DaysPerMove,
    clock,
    alarmAt: d.alarmAt,
    drawOfferBy: d.drawOfferBy,
    conditionals: { w: d.conditionalsW, b: d.conditionalsB },
    noShowLoses: d.noShowLoses,
    ledgers,
    board: replayMoves(g.id, g.initialFen, uciMoves),
    ply: uciMoves.length,
    sanMoves: moves.san,
    uciMoves,
  };
}

/** Whether an account is on vacation at `now` by its ledger (none kept: never was). */
export function onVacationAt(ledger: VacationLedger | undefined, now: number): boolean {
  return ledger !== undefined && ledger.since !== null && vacationStatus(ledger, now).onVacation;
}

/** Which of a game's players are on vacation at `now`, by the ledgers read with it. */
export function vacationsOf(round: Pick<DailyRound, "ledgers">, now: number): ByColor<boolean> {
  return { w: onVacationAt(round.ledgers.w, now), b: onVacationAt(round.ledgers.b, now) };
}
