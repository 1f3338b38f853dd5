import { type Variant, type WatchList, type WatchRank, watchCursorOf } from "@chess/shared";
import type { Bus } from "../../bus.ts";
import { type WatchEntry, watchEntryOf, watchedGameJson } from "./watchJson.ts";
import { compareWatchRank, pageAfter } from "./watchRanking.ts";
import type { LivePosition, WatchRepo } from "./watchRepo.ts";

/** How long a read of the live games, or of a game's position, serves every watcher of this node. */
export const WATCH_FRESH_MS = 2_000;

export interface WatchPageQuery {
  variant?: Variant;
  limit: number;
  cursor?: WatchRank;
}

/**
 * The live games, best first, read from the database (so every node sees every game) at most once per
 * WATCH_FRESH_MS whatever the number of watchers; positions are read only for the games a page shows.
 * A game starting, ending or taking moves back on this node is seen at once.
 */
export function createWatchFeed(deps: { repo: WatchRepo; bus?: Bus; now?: () => number; freshMs?: number }) {
  const { repo } = deps;
  const now = deps.now ?? Date.now;
  const freshMs = deps.freshMs ?? WATCH_FRESH_MS;
  let ranked: { at: number; entries: WatchEntry[] } | undefined;
  let loading: Promise<WatchEntry[]> | undefined;
  const positions = new Map<string, { at: number; position: LivePosition | undefined }>();
  const listeners = new Set<() => void>();
  /** Takebacks heard so far: a read of positions that one overtook is not kept. */
  let takebacks = 0;

  function entries(): Promise<WatchEntry[]> {
    if (ranked && now() - ranked.at < freshMs) return Promise.resolve(ranked.entries);
    if (loading) return loading;
    const started = now();
    const load = repo.liveGames().then((rows) => {
      const list = rows.map(watchEntryOf).sort((a, b) => compareWatchRank(a.rank, b.rank));
      // A change heard while this read was on its way makes it stale: it serves its callers, not later ones.
      if (loading === load) ranked = { at: started, entries: list };
      const live = new Set(list.map((e) => e.row.id));
      for (const id of positions.keys()) if (!live.has(id)) positions.delete(id);
      return list;
    });
    loading = load;
    void load.then(
      () => {
        if (loading === load) loading = undefined;
      },
      () => {
        if (loading === load) loading = undefined;
      },
    );
    return load;
  }

  async function positionsOf(shown: WatchEntry[]): Promise<void> {
    const t = now();
    const stale = shown.map((e) => e.row.id).filter((id) => t - (positions.get(id)?.at ?? -Infinity) >= freshMs);
    if (stale.length === 0) return;
    const before = takebacks;
    const found = new Map((await repo.positions(stale)).map((p) => [p.gameId, p]));
    // A takeback heard while this read was on its way may be missing from it: it serves, and is read again.
    for (const id of stale) positions.set(id, { at: takebacks === before ? t : -Infinity, position: found.get(id) });
  }

  function changed() {
    ranked = undefined;
    loading = undefined;
    for (const listener of listeners) listener();
  }
  deps.bus?.subscribe("gameStarted", changed);
  deps.bus?.subscribe("gameFinished", changed);
  // Moves are seen at the next refresh; a takeback at once: until then the list would show moves the game
  // no longer has.
  deps.bus?.subscribe("gameTakenBack", ({ gameId }) => {
    takebacks++;
    positions.delete(gameId);
    changed();
  });

  return {
    /** A page of the live games, best first: all, or one variant. */
    async page(q: WatchPageQuery): Promise<WatchList> {
      const all = await entries();
      const filtered = q.variant ? all.filter((e) => e.row.variant === q.variant) : all;
      const { items, more } = pageAfter(filtered, q.cursor, q.limit);
      await positionsOf(items);
      const t = now();
      const last = items.at(-1);
      return {
        variant: q.variant ?? null,
        games: items.map((e) => watchedGameJson(e, positions.get(e.row.id)?.position, t)),
        nextCursor: more && last ? watchCursorOf(last.rank) : null,
        serverTime: t,
      };
    },
    /** Calls `listener` when a game starts, ends or takes moves back on this node; returns the function that stops it. */
    onChange(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type WatchFeed = ReturnType<typeof createWatchFeed>;
