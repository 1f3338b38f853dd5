import { useEffect } from "react";
import { useNavigate } from "react-router";
import { useToasts } from "../../components/Toast.tsx";
import { useRealtime } from "../../lib/realtime.ts";
import { useInvitationsBadgeSync } from "./useInvitationsBadge.ts";

/** What the Social page is sent with to open its invitations dialog at once (SocialPage reads it). */
export const OPEN_INVITATIONS = { clubInvitations: true } as const;

export const opensInvitations = (state: unknown): boolean =>
  typeof state === "object" && state !== null && (state as { clubInvitations?: unknown }).clubInvitations === true;

const invitationToast = (clubId: number) => `club-invitation-${clubId}`;

/**
 * Shows a toast for every club invitation that arrives, wherever the user is, and keeps the navigation's
 * count of those waiting (mounted for logged-in users).
 */
export function ClubInvitationNotifier() {
  useInvitationsBadgeSync();
  const realtime = useRealtime();
  const toasts = useToasts();
  const navigate = useNavigate();
  useEffect(() => {
    const offs = [
      realtime.on("clubInvitationReceived", (invitation) => {
        toasts.show({
          id: invitationToast(invitation.clubId),
          title: "Club invitation",
          body: `${invitation.inviter} invited you to join ${invitation.clubName}.`,
          actions: [
            {
              label: "View",
              variant: "primary",
              onAction: () => void navigate("/social", { state: OPEN_INVITATIONS }),
            },
          ],
          durationMs: 10_000,
        });
      }),
      // Answered (here or in another tab): its toast would offer an invitation that waits no more.
      realtime.on("clubInvitationAnswered", ({ clubId }) => toasts.dismiss(invitationToast(clubId))),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [realtime, toasts, navigate]);
  return null;
}
