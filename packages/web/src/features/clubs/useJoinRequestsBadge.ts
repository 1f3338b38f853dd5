import { useCallback, useContext, useSyncExternalStore } from "react";
import { useRealtime } from "../../lib/realtime.ts";
import { useWaitingBadge, useWaitingSync, type WaitingFollow } from "../../lib/useWaitingBadge.ts";
import {
  type JoinRequestItem,
  joinRequestAnswered,
  joinRequestsLabel,
  requestsByClub,
} from "./joinRequestsBadgeStore.ts";
import { JoinRequestsBadgeContext, useClubsApi } from "./useClubs.ts";

/** The navigation's badge for the requests to join my clubs: `{badge, badgeLabel}` or nothing. */
export function useJoinRequestsBadge(): { badge?: number; badgeLabel?: string } {
  return useWaitingBadge(useContext(JoinRequestsBadgeContext), joinRequestsLabel);
}

/** How many requests wait in each club I administer (the clubs list shows them). */
export function useJoinRequestsByClub(): Map<number, number> {
  const store = useContext(JoinRequestsBadgeContext);
  const { waiting } = useSyncExternalStore(store.subscribe, store.getState);
  return requestsByClub(waiting);
}

/** Keeps the waiting requests true for a logged-in user, app-wide: read on every (re)connection, followed live. */
export function useJoinRequestsBadgeSync() {
  const client = useClubsApi();
  const realtime = useRealtime();
  const store = useContext(JoinRequestsBadgeContext);
  const load = useCallback(
    async (): Promise<JoinRequestItem[]> =>
      (await client.waitingJoinRequests()).map(({ clubId, clubName, username }) => ({ clubId, clubName, username })),
    [client],
  );
  const follow = useCallback(
    ({ change }: WaitingFollow<JoinRequestItem>) => [
      realtime.on("clubJoinRequested", ({ clubId, clubName, username }) =>
        change({ type: "received", item: { clubId, clubName: clubName ?? "", username: username ?? "" } }),
      ),
      realtime.on("clubJoinRequestAnswered", ({ clubId, username }) => change(joinRequestAnswered(clubId, username))),
    ],
    [realtime],
  );
  useWaitingSync(store, load, follow);
}
