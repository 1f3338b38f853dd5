import {
  type ByColor,
  type ClockState,
  type Color,
  deltaFor,
  type EloDeltas,
  type EndReason,
  type Outcome,
  type TimeClass,
  type Variant,
  type WinningColor,
} from "@chess/shared";
import type { BusEvents } from "../../bus.ts";
import { clocksNow, type GameRound, type PlayerRef, sanList } from "./gameRound.ts";
import type { FinishWrite } from "./gamesRepo.ts";

/** How a game ends: who won (or "draw", or "none" for an aborted game) and why. */
export type Result = { winningColor: WinningColor | "none"; reason: EndReason };

/** What the end of a game writes (result, ratings, club standings) and each side's rating change. */
export interface Finishing {
  write: FinishWrite;
  change: ByColor<number>;
}

/**
 * What the end of a game needs to know of it, live or daily: who played, how it was rated, where it stands.
 * A daily game has no ClockState of its own: it gives the one its games row holds.
 */
export interface EndingGame {
  id: string;
  /** The writer's fence (games.owner_epoch); daily games are never taken over and keep theirs. */
  epoch: number;
  variant: Variant;
  timeClass: TimeClass;
  rated: boolean;
  clubId: number | null;
  players: ByColor<PlayerRef>;
  elo: ByColor<number | null>;
  deltas: ByColor<EloDeltas>;
  /** The final position, moves played and their SAN. */
  fen: string;
  ply: number;
  sanMoves: readonly string[];
  /** The clock as stored with the end. */
  clock: ClockState;
  /** A daily game: the ply its stored row holds, which the end is decided on (FinishWrite.expectPly). */
  storedPly?: number;
}

/**
 * The end of `round` with `result` at `now`, decided once: pure, so the same round and result always give
 * the same ratings. Unrated and aborted games change no rating; a guest's side has none to change.
 */
export function finishing(round: GameRound, result: Result, now: number): Finishing {
  return finishingOf(
    {
      ...round,
      fen: round.board.fen(),
      sanMoves: sanList(round.sanMoves),
      clock: { ...round.clock, remaining: clocksNow(round, now), runningSince: null },
    },
    result,
    now,
  );
}

/** The end of any game (live or daily) with `result` at `now`: what is written and each side's rating change. */
export function finishingOf(game: EndingGame, result: Result, now: number): Finishing {
  const aborted = result.reason === "abort";
  const rated = game.rated && !aborted;
  const outcomeOf = (c: Color): Outcome =>
    result.winningColor === "draw" ? "draw" : result.winningColor === (c === "w" ? "white" : "black") ? "win" : "loss";
  const change = { w: 0, b: 0 };
  const ratingChanges: FinishWrite["ratingChanges"] = [];
  if (rated) {
    for (const c of ["w", "b"] as const) {
      const p = game.players[c];
      const startElo = game.elo[c];
      if (p.userId === null || startElo === null) continue;
      const outcome = outcomeOf(c);
      change[c] = deltaFor(game.deltas[c], outcome);
      ratingChanges.push({
        userId: p.userId,
        variant: game.variant,
        timeClass: game.timeClass,
        startElo,
        delta: change[c],
        outcome,
      });
    }
  }
  const { w, b } = game.players;
  const write: FinishWrite = {
    gameId: game.id,
    epoch: game.epoch,
    status: aborted ? "aborted" : "finished",
    fen: game.fen,
    ply: game.ply,
    moves: game.sanMoves.join(" "),
    winningColor: result.winningColor,
    endReason: result.reason,
    clock: game.clock,
    endedAt: new Date(now),
    ratingChanges,
    whiteEloChange: rated ? change.w : null,
    blackEloChange: rated ? change.b : null,
    ...(game.storedPly !== undefined ? { expectPly: game.storedPly } : {}),
    club:
      rated && game.clubId !== null && w.userId !== null && b.userId !== null
        ? {
            clubId: game.clubId,
            variant: game.variant,
            timeClass: game.timeClass,
            white: w.userId,
            black: b.userId,
            whiteScore: result.winningColor === "white" ? 1 : result.winningColor === "draw" ? 0.5 : 0,
          }
        : undefined,
  };
  return { write, change };
}

/**
 * What the bus is told of a game ended with `result` as `write` stored it, by whichever writer ended it (an
 * arena game's writer adds the arena's part).
 */
export function finishedEvent(
  game: Pick<EndingGame, "id" | "players" | "variant" | "timeClass">,
  result: Result,
  write: Pick<FinishWrite, "ratingChanges">,
): BusEvents["gameFinished"] {
  return {
    gameId: game.id,
    players: [game.players.w, game.players.b],
    variant: game.variant,
    timeClass: game.timeClass,
    ratingsChanged: write.ratingChanges.length > 0,
    winningColor: result.winningColor,
    reason: result.reason,
  };
}
