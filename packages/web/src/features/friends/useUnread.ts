import { createContext, useCallback, useContext, useEffect, useRef, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { useRealtime } from "../../lib/realtime.ts";
import {
  conversationFriend,
  createUnreadStore,
  type UnreadStore,
  unreadFrom,
  unreadLabel,
  unreadTotal,
} from "./unreadStore.ts";
import { useFriendsApi } from "./useFriends.ts";

/** The page's unread counts; tests give each render a store of its own. */
export const UnreadStoreContext = createContext<UnreadStore>(createUnreadStore());

/** The unread counts, re-rendering on change. */
export function useUnread() {
  const store = useContext(UnreadStoreContext);
  const state = useSyncExternalStore(store.subscribe, store.getState);
  return { state, total: unreadTotal(state), from: (friendName: string) => unreadFrom(state, friendName), store };
}

/** The navigation's badge for the entry that leads to messages: `{badge, badgeLabel}` or nothing. */
export function useUnreadBadge(): { badge?: number; badgeLabel?: string } {
  const { total } = useUnread();
  return total > 0 ? { badge: total, badgeLabel: unreadLabel(total) } : {};
}

/**
 * Keeps the counts true for a logged-in user, app-wide: read from the server on every (re)connection,
 * +1 on each message from a friend whose conversation is not on screen, cleared when read in any tab.
 */
export function useUnreadSync(me: string) {
  const client = useFriendsApi();
  const realtime = useRealtime();
  const store = useContext(UnreadStoreContext);
  const { pathname } = useLocation();
  const path = useRef(pathname);
  path.current = pathname;

  useEffect(() => {
    let live = true;
    const viewing = () => conversationFriend(path.current);
    const load = async () => {
      try {
        const counts = await client.unread();
        if (live) store.dispatch({ type: "loaded", counts, viewing: viewing() });
      } catch {
        // The badge keeps what it shows; the next connection reads again.
      }
    };
    const offs = [
      realtime.onConnect(() => void load()),
      realtime.on("friendMessage", (message) => store.dispatch({ type: "received", message, me, viewing: viewing() })),
      realtime.on("friendMessagesRead", ({ friendName }) => store.dispatch({ type: "read", friendName })),
      // A friend who closed their account is no friend: their messages count no more.
      realtime.on("friendAccountClosed", () => void load()),
    ];
    return () => {
      live = false;
      for (const off of offs) off();
      store.dispatch({ type: "reset" });
    };
  }, [client, realtime, store, me]);
}

/** Marks my conversation with `friendName` read, on the server and in the badge. Failures change nothing. */
export function useMarkRead(friendName: string) {
  const client = useFriendsApi();
  const store = useContext(UnreadStoreContext);
  return useCallback(async () => {
    store.dispatch({ type: "read", friendName });
    try {
      await client.markRead(friendName);
    } catch {
      // Not a friend (the page says so), or offline: the count comes back with the next read of it.
    }
  }, [client, store, friendName]);
}
