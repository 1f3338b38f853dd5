import { createContext, useContext, useEffect, useSyncExternalStore } from "react";
import { useRealtime } from "../../lib/realtime.ts";
import { createRequestsBadgeStore, type RequestsBadgeStore, requestsLabel } from "./requestsBadgeStore.ts";
import { useFriendsApi } from "./useFriends.ts";

/** The page's waiting friend requests; tests give each render a store of their own. */
export const RequestsBadgeContext = createContext<RequestsBadgeStore>(createRequestsBadgeStore());

/** The navigation's badge for the entry that leads to the friends panel: `{badge, badgeLabel}` or nothing. */
export function useRequestsBadge(): { badge?: number; badgeLabel?: string } {
  const store = useContext(RequestsBadgeContext);
  const { waiting } = useSyncExternalStore(store.subscribe, store.getState);
  return waiting.length > 0 ? { badge: waiting.length, badgeLabel: requestsLabel(waiting.length) } : {};
}

/**
 * Keeps the waiting requests true for a logged-in user, app-wide: read from the server on every
 * (re)connection and when a friendship is made, and followed live (answers in any tab come as events).
 */
export function useRequestsBadgeSync() {
  const client = useFriendsApi();
  const realtime = useRealtime();
  const store = useContext(RequestsBadgeContext);

  useEffect(() => {
    let live = true;
    const load = async () => {
      try {
        const requests = await client.requests();
        if (live) store.dispatch({ type: "loaded", requests });
      } catch {
        // The badge keeps what it shows; the next connection reads again.
      }
    };
    const offs = [
      realtime.onConnect(() => void load()),
      realtime.on("friendRequestReceived", (request) => store.dispatch({ type: "received", request })),
      realtime.on("friendRequestWithdrawn", ({ inviterId }) => store.dispatch({ type: "withdrawn", inviterId })),
      realtime.on("friendRequestDenied", ({ friendName }) => store.dispatch({ type: "denied", friendName })),
      realtime.on("friendBlocked", ({ friendName }) => store.dispatch({ type: "denied", friendName })),
      // Accepted here or in another tab (or a request of mine met theirs): read again.
      realtime.on("friendAdded", () => void load()),
    ];
    return () => {
      live = false;
      for (const off of offs) off();
      store.dispatch({ type: "reset" });
    };
  }, [client, realtime, store]);
}
