/** A player waiting in a pool. */
export interface PoolEntry {
  /** The player's actorKey; one entry per player, so never paired with themselves. */
  key: string;
  poolId: string;
  sessionId: string;
  userId: number | null;
  name: string;
  /** Their rating in the pool's category; guests count as the default rating. */
  rating: number;
  /** Also accepts the other kind of player (a guest accepts accounts, an account guests). */
  mixed: boolean;
  /** When they joined (epoch ms): the range widens from here. */
  joinedAt: number;
  /** The socket that joined (its disconnection leaves the pool). */
  socketId: string;
}

/** An entry as a wave sees it: with the accounts it must never meet (blocked either way). */
export interface WaveEntry extends PoolEntry {
  avoid: readonly number[];
}

/**
 * The rating difference two players accept: lichess pairs within a few hundred points and widens as a
 * player misses waves. Here it grows with the time waited, from START to MAX (reached after 45 s).
 */
export const RATING_RANGE = { start: 150, perSecond: 10, max: 600 } as const;

/** How far from their own rating a player who has waited `waitedMs` accepts an opponent. */
export function ratingRange(waitedMs: number): number {
  const grown = RATING_RANGE.start + (RATING_RANGE.perSecond * Math.max(0, waitedMs)) / 1000;
  return Math.min(RATING_RANGE.max, grown);
}

/** Whether `a` and `b` may play each other now: same pool, two people, no block, kinds and ranges agree. */
export function compatible(a: WaveEntry, b: WaveEntry, now: number): boolean {
  if (a.poolId !== b.poolId || a.key === b.key) return false;
  if (a.userId !== null && a.userId === b.userId) return false;
  if (b.userId !== null && a.avoid.includes(b.userId)) return false;
  if (a.userId !== null && b.avoid.includes(a.userId)) return false;
  const aGuest = a.userId === null;
  const bGuest = b.userId === null;
  if (aGuest !== bGuest && !(a.mixed && b.mixed)) return false;
  // Each must be within the other's range: the narrower one decides.
  const range = Math.min(ratingRange(now - a.joinedAt), ratingRange(now - b.joinedAt));
  return Math.abs(a.rating - b.rating) <= range;
}

/**
 * One wave: who plays whom, and who waits for the next. The longest-waiting player is served first and
 * gets the closest rating among those compatible (ties: the one waiting longer). Pure and deterministic.
 */
export function pairWave(
  entries: readonly WaveEntry[],
  now: number,
): { pairs: Array<[WaveEntry, WaveEntry]>; remaining: WaveEntry[] } {
  const queue = [...entries].sort((x, y) => x.joinedAt - y.joinedAt || (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
  const paired = new Set<string>();
  const pairs: Array<[WaveEntry, WaveEntry]> = [];
  for (const [i, a] of queue.entries()) {
    if (paired.has(a.key)) continue;
    let best: WaveEntry | undefined;
    for (const b of queue.slice(i + 1)) {
      if (paired.has(b.key) || !compatible(a, b, now)) continue;
      if (!best || Math.abs(a.rating - b.rating) < Math.abs(a.rating - best.rating)) best = b;
    }
    if (!best) continue;
    paired.add(a.key);
    paired.add(best.key);
    pairs.push([a, best]);
  }
  return { pairs, remaining: queue.filter((e) => !paired.has(e.key)) };
}
