import { useCallback, useContext } from "react";
import { useRealtime } from "../../lib/realtime.ts";
import { useWaitingBadge, useWaitingSync, type WaitingFollow } from "../../lib/useWaitingBadge.ts";
import { invitationAnswered, invitationsLabel } from "./invitationsBadgeStore.ts";
import { InvitationsBadgeContext, useClubsApi } from "./useClubs.ts";

/** The navigation's badge for Social's club invitations: `{badge, badgeLabel}` or nothing. */
export function useInvitationsBadge(): { badge?: number; badgeLabel?: string } {
  return useWaitingBadge(useContext(InvitationsBadgeContext), invitationsLabel);
}

/** Keeps the waiting invitations true for a logged-in user, app-wide: read on every (re)connection, followed live. */
export function useInvitationsBadgeSync() {
  const client = useClubsApi();
  const realtime = useRealtime();
  const store = useContext(InvitationsBadgeContext);
  const load = useCallback(async () => (await client.invitations()).map((i) => i.clubId), [client]);
  const follow = useCallback(
    ({ change }: WaitingFollow<number>) => [
      realtime.on("clubInvitationReceived", ({ clubId }) => change({ type: "received", item: clubId })),
      // Answered here or in another tab.
      realtime.on("clubInvitationAnswered", ({ clubId }) => change(invitationAnswered(clubId))),
    ],
    [realtime],
  );
  useWaitingSync(store, load, follow);
}
