import type { WatchRank } from "@chess/shared";

/** What the Watch order looks at in a game. */
export interface Rankable {
  id: string;
  rated: boolean;
  /** Each side's rating; null for a guest. */
  ratings: [number | null, number | null];
  startedAt: number;
}

/**
 * Rated games first, by the players' average rating; then games with one account, by its rating; then
 * guests' games. Newer games first among equals.
 */
export function watchRankOf(g: Rankable): WatchRank {
  const [white, black] = g.ratings;
  if (g.rated && white !== null && black !== null) {
    return { tier: 0, score: Math.round((white + black) / 2), startedAt: g.startedAt, gameId: g.id };
  }
  const known = g.ratings.filter((r): r is number => r !== null);
  if (known.length > 0) return { tier: 1, score: Math.round(Math.max(...known)), startedAt: g.startedAt, gameId: g.id };
  return { tier: 2, score: 0, startedAt: g.startedAt, gameId: g.id };
}

/** Negative when `a` comes before `b` in the Watch order; the order is total (the id breaks ties). */
export function compareWatchRank(a: WatchRank, b: WatchRank): number {
  if (a.tier !== b.tier) return a.tier - b.tier;
  if (a.score !== b.score) return b.score - a.score;
  if (a.startedAt !== b.startedAt) return b.startedAt - a.startedAt;
  return a.gameId < b.gameId ? -1 : a.gameId > b.gameId ? 1 : 0;
}

/** The `limit` items after `cursor` (from the start without one) of a list sorted by rank, and whether more follow. */
export function pageAfter<T extends { rank: WatchRank }>(
  sorted: readonly T[],
  cursor: WatchRank | undefined,
  limit: number,
): { items: T[]; more: boolean } {
  const start = cursor ? sorted.findIndex((g) => compareWatchRank(g.rank, cursor) > 0) : 0;
  if (start < 0) return { items: [], more: false };
  const items = sorted.slice(start, start + limit);
  return { items, more: start + limit < sorted.length };
}
