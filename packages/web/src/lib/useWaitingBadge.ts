import { useEffect, useSyncExternalStore } from "react";
import { latestLoads } from "./latestLoads.ts";
import { useRealtime } from "./realtime.ts";
import type { WaitingEvent, WaitingStore } from "./waitingBadge.ts";

/** A navigation entry's badge for what waits in `store`: `{badge, badgeLabel}`, or nothing when none waits. */
export function useWaitingBadge<T>(
  store: WaitingStore<T>,
  label: (count: number) => string,
): { badge?: number; badgeLabel?: string } {
  const { waiting } = useSyncExternalStore(store.subscribe, store.getState);
  return waiting.length > 0 ? { badge: waiting.length, badgeLabel: label(waiting.length) } : {};
}

/** What `follow`'s events do to the store: `change` shows an event at once and reads the list again (a read
 * already on its way may have been answered before it, and only the latest read counts); `reload` only reads. */
export interface WaitingFollow<T> {
  change: (event: WaitingEvent<T>) => void;
  reload: () => void;
}

/**
 * Keeps `store` true for a logged-in user, app-wide: `load` read on every (re)connection, and followed live by
 * `follow`'s events (`follow` returns what stops each); emptied when the user goes. `load` and `follow` must be
 * stable (useCallback).
 */
export function useWaitingSync<T>(
  store: WaitingStore<T>,
  load: () => Promise<readonly T[]>,
  follow: (on: WaitingFollow<T>) => Array<() => void>,
) {
  const realtime = useRealtime();
  useEffect(() => {
    let live = true;
    const latest = latestLoads();
    const reload = () =>
      void latest(load(), (items) => {
        if (live) store.dispatch({ type: "loaded", items });
      });
    const change = (event: WaitingEvent<T>) => {
      store.dispatch(event);
      reload();
    };
    const offs = [realtime.onConnect(reload), ...follow({ change, reload })];
    return () => {
      live = false;
      for (const off of offs) off();
      store.dispatch({ type: "reset" });
    };
  }, [realtime, store, load, follow]);
}
