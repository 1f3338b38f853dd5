import type { FriendRequest } from "@chess/shared";
import { createContext, useCallback, useContext } from "react";
import { useRealtime } from "../../lib/realtime.ts";
import { useWaitingBadge, useWaitingSync, type WaitingFollow } from "../../lib/useWaitingBadge.ts";
import {
  createRequestsBadgeStore,
  type RequestsBadgeStore,
  requestDenied,
  requestsLabel,
  requestWithdrawn,
} from "./requestsBadgeStore.ts";
import { useFriendsApi } from "./useFriends.ts";

/** The page's waiting friend requests; tests give each render a store of their own. */
export const RequestsBadgeContext = createContext<RequestsBadgeStore>(createRequestsBadgeStore());

/** The navigation's badge for the entry that leads to the friends panel: `{badge, badgeLabel}` or nothing. */
export function useRequestsBadge(): { badge?: number; badgeLabel?: string } {
  return useWaitingBadge(useContext(RequestsBadgeContext), requestsLabel);
}

/** Keeps the waiting requests true for a logged-in user, app-wide; answers in any tab come as events. */
export function useRequestsBadgeSync() {
  const client = useFriendsApi();
  const realtime = useRealtime();
  const store = useContext(RequestsBadgeContext);
  const load = useCallback(() => client.requests(), [client]);
  const follow = useCallback(
    ({ change, reload }: WaitingFollow<FriendRequest>) => [
      realtime.on("friendRequestReceived", (request) => change({ type: "received", item: request })),
      realtime.on("friendRequestWithdrawn", ({ inviterId }) => change(requestWithdrawn(inviterId))),
      realtime.on("friendRequestDenied", ({ friendName }) => change(requestDenied(friendName))),
      realtime.on("friendBlocked", ({ friendName }) => change(requestDenied(friendName))),
      realtime.on("friendAccountClosed", ({ friendName }) => change(requestDenied(friendName))),
      // Accepted here or in another tab (or a request of mine met theirs): read again.
      realtime.on("friendAdded", reload),
    ],
    [realtime],
  );
  useWaitingSync(store, load, follow);
}
