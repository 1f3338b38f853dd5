import type { ArenaOutcome } from "./arenaScoring.ts";

/** What ranks a player in an arena. */
export interface StandingPlayer {
  userId: number;
  rating: number;
  points: number;
  /** Null until the player has finished a counted game. */
  performance: number | null;
}

/** One counted game for the performance: the opponent's rating when it started, and the outcome. */
export interface PerformanceGame {
  opponentRating: number;
  outcome: ArenaOutcome;
}

/** Each win or loss moves the performance this far from the opponents' mean rating. */
export const PERFORMANCE_SPREAD = 500;

/** Tournament performance: the opponents' mean rating, ±500 for each win or loss over the games; null before any. */
export function arenaPerformance(games: readonly PerformanceGame[]): number | null {
  if (games.length === 0) return null;
  let sum = 0;
  for (const g of games) {
    sum +=
      g.opponentRating + (g.outcome === "win" ? PERFORMANCE_SPREAD : g.outcome === "loss" ? -PERFORMANCE_SPREAD : 0);
  }
  return Math.round(sum / games.length);
}

/**
 * The standings: points, then performance (the rating while a player has none), then rating, then who joined
 * first (the lower id); ranks 1..n, none shared.
 */
export function rankStandings<T extends StandingPlayer>(players: readonly T[]): Array<T & { rank: number }> {
  return [...players].sort(standingOrder).map((p, i) => ({ ...p, rank: i + 1 }));
}

/** The standings' order: negative when `a` ranks above `b`. */
export function standingOrder(a: StandingPlayer, b: StandingPlayer): number {
  return (
    b.points - a.points ||
    (b.performance ?? b.rating) - (a.performance ?? a.rating) ||
    b.rating - a.rating ||
    a.userId - b.userId
  );
}

/**
 * Whether a game's result counts: only while the arena runs. At the end the standings freeze; games still
 * running finish (and are rated) but add nothing.
 */
export function resultCounts(arena: { status: string; endsAt: number | null }, finishedAt: number): boolean {
  return arena.status === "started" && arena.endsAt !== null && finishedAt <= arena.endsAt;
}

/** A club's place in a battle. */
export interface ClubScore {
  rank: number;
  clubId: number;
  points: number;
  /** The players whose points count (the club's best `topN`), best first. */
  players: number[];
}

/**
 * A club battle's table: each club scores the sum of its best `topN` players' points; ties go to the club
 * whose best player ranks higher, then to the lower club id. Clubs without players score 0.
 */
export function clubBattleStandings(
  ranked: ReadonlyArray<{ userId: number; rank: number; points: number; clubId: number | null }>,
  clubIds: readonly number[],
  topN: number,
): ClubScore[] {
  const byClub = new Map<number, Array<(typeof ranked)[number]>>(clubIds.map((id) => [id, []]));
  for (const p of ranked) if (p.clubId !== null) byClub.get(p.clubId)?.push(p);
  return [...byClub]
    .map(([clubId, members]) => {
      const best = [...members].sort((a, b) => a.rank - b.rank).slice(0, topN);
      return {
        clubId,
        points: best.reduce((sum, p) => sum + p.points, 0),
        bestRank: best[0]?.rank ?? Number.POSITIVE_INFINITY,
        players: best.map((p) => p.userId),
      };
    })
    .sort((a, b) => b.points - a.points || a.bestRank - b.bestRank || a.clubId - b.clubId)
    .map(({ bestRank: _, ...club }, i) => ({ rank: i + 1, ...club }));
}
