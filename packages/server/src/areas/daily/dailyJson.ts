import {
  type ByColor,
  byTimeLeft,
  type Color,
  type ColorChoice,
  type DailyClock,
  type DailyGame,
  type DailyGameEntry,
  type DailyGames,
  type DailyMoved,
  type DailyOffer,
  type DailyVacation,
  type DaysPerMove,
  dailyTimeLeft,
  isDailyClockPaused,
  type VacationLedger,
  type Variant,
  vacationStatus,
} from "@chess/shared";
import type { DailyOfferRow, PlayerDailyRow } from "./dailyRepo.ts";
import type { DailyPly, DailyRound } from "./dailyRound.ts";

/** The only place a daily row becomes JSON. */

export function dailyGameJson(
  round: DailyRound,
  viewer: Color | null,
  onVacation: ByColor<boolean>,
  now: number,
): DailyGame {
  const active = round.status === "active";
  return {
    gameId: round.id,
    white: round.players.w.name,
    black: round.players.b.name,
    color: viewer,
    variant: round.variant,
    rated: round.rated,
    days: round.days,
    initialFen: round.initialFen,
    ...(round.startEval !== null ? { startEval: round.startEval } : {}),
    fen: round.board.fen(),
    moves: round.sanMoves,
    lastMove: round.uciMoves.at(-1) ?? null,
    ply: round.ply,
    currentTurn: round.board.turn(),
    status: round.status,
    deadline: active ? round.clock.deadline : null,
    pausedLeftMs: active ? round.clock.pausedLeftMs : null,
    timeLeftMs: active ? dailyTimeLeft(round.clock, now) : 0,
    onVacation: active ? onVacation : { w: false, b: false },
    drawOfferBy: active ? round.drawOfferBy : null,
    eloDeltas: round.deltas,
    ...(round.noShowLoses ? { clubMatch: true } : {}),
    ...(viewer !== null && active ? { conditionals: round.conditionals[viewer] } : {}),
    ...(round.result ? { winningColor: round.result.winningColor, reason: round.result.reason } : {}),
    serverTime: now,
  };
}

export function dailyMovedJson(gameId: string, p: DailyPly, clock: DailyClock | null, now: number): DailyMoved {
  return {
    gameId,
    move: { from: p.from, to: p.to, san: p.san, ...(p.promotion ? { promotion: p.promotion } : {}) },
    uci: p.uci,
    fen: p.fen,
    ply: p.ply,
    currentTurn: p.by === "w" ? "b" : "w",
    deadline: clock?.deadline ?? null,
    pausedLeftMs: clock?.pausedLeftMs ?? null,
    conditional: p.conditional,
    serverTime: now,
  };
}

export function dailyOfferJson(row: DailyOfferRow): DailyOffer {
  return {
    offerId: row.offerId,
    by: row.ownerName,
    rating: row.rating,
    days: row.days as DaysPerMove,
    variant: row.variant as Variant,
    color: row.color as ColorChoice,
    rated: row.rated,
    ...(row.toName !== null ? { to: row.toName } : {}),
    ...(row.rematchOf !== null ? { rematchOf: row.rematchOf } : {}),
    createdAt: row.createdAt.getTime(),
  };
}

/** A player's daily games: where it is their turn first, least time left first; then the others alike. */
export function dailyGamesJson(
  rows: PlayerDailyRow[],
  userId: number,
  opponentsOnVacation: ReadonlySet<number>,
  now: number,
): DailyGames {
  const entries: DailyGameEntry[] = rows.map((r) => {
    const color: Color = r.whiteUserId === userId ? "w" : "b";
    const turn: Color = r.fen.split(" ")[1] === "b" ? "b" : "w";
    const clock: DailyClock = { days: r.days as DaysPerMove, deadline: r.deadline, pausedLeftMs: r.pausedLeftMs };
    const opponentId = color === "w" ? r.blackUserId : r.whiteUserId;
    return {
      gameId: r.gameId,
      opponent: color === "w" ? r.blackName : r.whiteName,
      color,
      variant: r.variant as Variant,
      days: r.days as DaysPerMove,
      fen: r.fen,
      ply: r.ply,
      lastMove: r.lastMove,
      myTurn: turn === color,
      timeLeftMs: dailyTimeLeft(clock, now),
      deadline: r.deadline,
      paused: isDailyClockPaused(clock),
      opponentOnVacation: opponentId !== null && opponentsOnVacation.has(opponentId),
    };
  });
  const mine = entries.filter((e) => e.myTurn).sort(byTimeLeft);
  const theirs = entries.filter((e) => !e.myTurn).sort(byTimeLeft);
  return { games: [...mine, ...theirs], yourTurn: mine.length };
}

export function dailyVacationJson(ledger: VacationLedger, now: number): DailyVacation {
  const s = vacationStatus(ledger, now);
  return { balanceMs: s.balanceMs, onVacation: s.onVacation, since: s.since, runsOutAt: s.runsOutAt };
}
