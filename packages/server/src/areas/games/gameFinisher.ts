import { type ByColor, type Color, deltaFor, type EndReason, type Outcome, type WinningColor } from "@chess/shared";
import { clocksNow, type GameRound, sanList } from "./gameRound.ts";
import type { FinishWrite } from "./gamesRepo.ts";

/** How a game ends: who won (or "draw", or "none" for an aborted game) and why. */
export type Result = { winningColor: WinningColor | "none"; reason: EndReason };

/** What the end of a game writes (result, ratings, club standings) and each side's rating change. */
export interface Finishing {
  write: FinishWrite;
  change: ByColor<number>;
}

/**
 * The end of `round` with `result` at `now`, decided once: pure, so the same round and result always give
 * the same ratings. Unrated and aborted games change no rating; a guest's side has none to change.
 */
export function finishing(round: GameRound, result: Result, now: number): Finishing {
  const aborted = result.reason === "abort";
  const rated = round.rated && !aborted;
  const outcomeOf = (c: Color): Outcome =>
    result.winningColor === "draw" ? "draw" : result.winningColor === (c === "w" ? "white" : "black") ? "win" : "loss";
  const change = { w: 0, b: 0 };
  const ratingChanges: FinishWrite["ratingChanges"] = [];
  if (rated) {
    for (const c of ["w", "b"] as const) {
      const p = round.players[c];
      const startElo = round.elo[c];
      if (p.userId === null || startElo === null) continue;
      const outcome = outcomeOf(c);
      change[c] = deltaFor(round.deltas[c], outcome);
      ratingChanges.push({
        userId: p.userId,
        variant: round.variant,
        timeClass: round.timeClass,
        startElo,
        delta: change[c],
        outcome,
      });
    }
  }
  const { w, b } = round.players;
  const write: FinishWrite = {
    gameId: round.id,
    epoch: round.epoch,
    status: aborted ? "aborted" : "finished",
    fen: round.board.fen(),
    ply: round.ply,
    moves: sanList(round.sanMoves).join(" "),
    winningColor: result.winningColor,
    endReason: result.reason,
    clock: { ...round.clock, remaining: clocksNow(round, now), runningSince: null },
    endedAt: new Date(now),
    ratingChanges,
    whiteEloChange: rated ? change.w : null,
    blackEloChange: rated ? change.b : null,
    club:
      rated && round.clubId !== null && w.userId !== null && b.userId !== null
        ? {
            clubId: round.clubId,
            variant: round.variant,
            timeClass: round.timeClass,
            white: w.userId,
            black: b.userId,
            whiteScore: result.winningColor === "white" ? 1 : result.winningColor === "draw" ? 0.5 : 0,
          }
        : undefined,
  };
  return { write, change };
}
