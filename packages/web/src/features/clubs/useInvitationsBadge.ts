import { useContext, useEffect, useSyncExternalStore } from "react";
import { useRealtime } from "../../lib/realtime.ts";
import { invitationsLabel } from "./invitationsBadgeStore.ts";
import { InvitationsBadgeContext, useClubsApi } from "./useClubs.ts";

/** The navigation's badge for Social's club invitations: `{badge, badgeLabel}` or nothing. */
export function useInvitationsBadge(): { badge?: number; badgeLabel?: string } {
  const store = useContext(InvitationsBadgeContext);
  const { waiting } = useSyncExternalStore(store.subscribe, store.getState);
  return waiting.length > 0 ? { badge: waiting.length, badgeLabel: invitationsLabel(waiting.length) } : {};
}

/** Keeps the waiting invitations true for a logged-in user, app-wide: read on every (re)connection, followed live. */
export function useInvitationsBadgeSync() {
  const client = useClubsApi();
  const realtime = useRealtime();
  const store = useContext(InvitationsBadgeContext);
  useEffect(() => {
    let live = true;
    const load = async () => {
      try {
        const invitations = await client.invitations();
        if (live) store.dispatch({ type: "loaded", clubIds: invitations.map((i) => i.clubId) });
      } catch {
        // The badge keeps what it shows; the next connection reads again.
      }
    };
    const offs = [
      realtime.onConnect(() => void load()),
      realtime.on("clubInvitationReceived", (invitation) =>
        store.dispatch({ type: "received", clubId: invitation.clubId }),
      ),
      // Answered here or in another tab.
      realtime.on("clubInvitationAnswered", ({ clubId }) => store.dispatch({ type: "answered", clubId })),
    ];
    return () => {
      live = false;
      for (const off of offs) off();
      store.dispatch({ type: "reset" });
    };
  }, [client, realtime, store]);
}
