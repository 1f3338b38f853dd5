import { useEffect } from "react";
import { useNavigate } from "react-router";
import { useToasts } from "../../components/Toast.tsx";
import { useRealtime } from "../../lib/realtime.ts";
import { useInvitationsBadgeSync } from "./useInvitationsBadge.ts";
import { useJoinRequestsBadgeSync } from "./useJoinRequestsBadge.ts";

/** What the Social page is sent with to open its invitations dialog at once (SocialPage reads it). */
export const OPEN_INVITATIONS = { clubInvitations: true } as const;

export const opensInvitations = (state: unknown): boolean =>
  typeof state === "object" && state !== null && (state as { clubInvitations?: unknown }).clubInvitations === true;

const invitationToast = (clubId: number) => `club-invitation-${clubId}`;
const requestToast = (clubId: number, username: string) => `club-join-request-${clubId}-${username.toLowerCase()}`;

/** What the Social page is sent with to show a club's waiting requests (SocialPage reads it). */
export const showsJoinRequests = (state: unknown): number | undefined => {
  const clubId =
    typeof state === "object" && state !== null ? (state as { joinRequests?: unknown }).joinRequests : undefined;
  return typeof clubId === "number" ? clubId : undefined;
};

/**
 * Shows a toast for every club invitation that arrives, and for every request to join a club the user
 * administers, wherever the user is, and keeps the navigation's count of those waiting (mounted for
 * logged-in users).
 */
export function ClubInvitationNotifier() {
  useInvitationsBadgeSync();
  useJoinRequestsBadgeSync();
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
      realtime.on("clubJoinRequested", ({ clubId, clubName, username }) => {
        if (!username) return;
        toasts.show({
          id: requestToast(clubId, username),
          title: "Request to join",
          body: `${username} asks to join ${clubName ?? "your club"}.`,
          actions: [
            {
              label: "View",
              variant: "primary",
              onAction: () => void navigate("/social", { state: { joinRequests: clubId } }),
            },
          ],
          durationMs: 10_000,
        });
      }),
      realtime.on("clubJoinRequestAnswered", ({ clubId, username }) => toasts.dismiss(requestToast(clubId, username))),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [realtime, toasts, navigate]);
  return null;
}
