import { useEffect, useSyncExternalStore } from "react";
import { latestLoads } from "./latestLoads.ts";
import { useRealtime } from "./realtime.ts";
import type { WaitingStore } from "./waitingBadge.ts";

/** A navigation entry's badge for what waits in `store`: `{badge, badgeLabel}`, or nothing when none waits. */
export function useWaitingBadge<T>(
  store: WaitingStore<T>,
  label: (count: number) => string,
): { badge?: number; badgeLabel?: string } {
  const { waiting } = useSyncExternalStore(store.subscribe, store.getState);
  return waiting.length > 0 ? { badge: waiting.length, badgeLabel: label(waiting.length) } : {};
}

/**
 * Keeps `store` true for a logged-in user, app-wide: `load` read on every (re)connection and whenever
 * `follow`'s events ask (`reload`), and followed live by them (`follow` returns what stops each); emptied
 * when the user goes. Only the latest read counts, so an event that changes the store should also ask for a
 * read: one already on its way may have been answered before it. `load` and `follow` must be stable.
 */
export function useWaitingSync<T>(
  store: WaitingStore<T>,
  load: () => Promise<readonly T[]>,
  follow: (reload: () => void) => Array<() => void>,
) {
  const realtime = useRealtime();
  useEffect(() => {
    let live = true;
    const latest = latestLoads();
    const read = () =>
      latest(load(), (items) => {
        if (live) store.dispatch({ type: "loaded", items });
      });
    const offs = [realtime.onConnect(() => void read()), ...follow(() => void read())];
    return () => {
      live = false;
      for (const off of offs) off();
      store.dispatch({ type: "reset" });
    };
  }, [realtime, store, load, follow]);
}
