import {
  DEFAULT_ELO,
  type TimeClass,
  timeLeft,
  type Variant,
  type WatchedGame,
  type WatchPlayer,
  type WatchRank,
} from "@chess/shared";
import { clockOfMove, turnOfFen } from "../games/index.ts";
import { watchRankOf } from "./watchRanking.ts";
import type { LiveGameRow, LivePosition } from "./watchRepo.ts";

/** A live game with its players as shown and its place in the order. */
export interface WatchEntry {
  row: LiveGameRow;
  white: WatchPlayer;
  black: WatchPlayer;
  rank: WatchRank;
}

/** An account without a rating in this variant and speed yet plays at the default rating. */
const playerOf = (name: string, userId: number | null, elo: number | null): WatchPlayer =>
  userId === null ? { name, rating: null, guest: true } : { name, rating: elo ?? DEFAULT_ELO, guest: false };

export function watchEntryOf(row: LiveGameRow): WatchEntry {
  const white = playerOf(row.whiteName, row.whiteUserId, row.whiteElo);
  const black = playerOf(row.blackName, row.blackUserId, row.blackElo);
  const rank = watchRankOf({
    id: row.id,
    rated: row.rated,
    ratings: [white.rating, black.rating],
    startedAt: row.createdAt.getTime(),
  });
  return { row, white, black, rank };
}

/** One game of the Watch list at `now`: the position after its last move (the start before any). */
export function watchedGameJson(entry: WatchEntry, position: LivePosition | undefined, now: number): WatchedGame {
  const { row } = entry;
  const fen = position?.fen ?? row.initialFen;
  const turn = turnOfFen(fen);
  const ply = position?.ply ?? 0;
  // The round's own clock where it has one for this ply: a restart's credit is in it, not in the move row.
  const clock =
    row.stateClock?.atPly === ply
      ? row.stateClock.clock
      : position
        ? clockOfMove(position.clock, row.clock, turn)
        : row.clock;
  const left = timeLeft(clock, now);
  return {
    gameId: row.id,
    variant: row.variant as Variant,
    timeClass: row.timeClass as TimeClass,
    baseTime: row.baseMs / 60_000,
    increment: row.incrementMs / 1000,
    ...(row.untimed ? { untimed: true } : {}),
    rated: row.rated,
    white: entry.white,
    black: entry.black,
    fen,
    lastMove: position?.uci ?? null,
    ply,
    turn,
    timeLeft: { w: Math.max(0, Math.round(left.w)), b: Math.max(0, Math.round(left.b)) },
    clockRunning: clock.runningSince !== null,
    startedAt: row.createdAt.getTime(),
  };
}
