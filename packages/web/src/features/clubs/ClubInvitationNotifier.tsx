import { useEffect } from "react";
import { useNavigate } from "react-router";
import { useToasts } from "../../components/Toast.tsx";
import { useRealtime } from "../../lib/realtime.ts";

/** Shows a toast for every club invitation that arrives, wherever the user is (mounted for logged-in users). */
export function ClubInvitationNotifier() {
  const realtime = useRealtime();
  const toasts = useToasts();
  const navigate = useNavigate();
  useEffect(
    () =>
      realtime.on("clubInvitationReceived", (invitation) => {
        toasts.show({
          id: `club-invitation-${invitation.clubId}`,
          title: "Club invitation",
          body: `${invitation.inviter} invited you to join ${invitation.clubName}.`,
          actions: [{ label: "View", variant: "primary", onAction: () => void navigate("/social") }],
          durationMs: 10_000,
        });
      }),
    [realtime, toasts, navigate],
  );
  return null;
}
