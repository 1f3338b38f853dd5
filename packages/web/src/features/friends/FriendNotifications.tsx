import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { useToasts } from "../../components/Toast.tsx";
import { useRealtime } from "../../lib/realtime.ts";
import { describeChallenge } from "./challengeStore.ts";
import { sameName } from "./friendsStore.ts";
import { conversationFriend } from "./unreadStore.ts";
import { useRequestsBadgeSync } from "./useRequestsBadge.ts";
import { useUnreadSync } from "./useUnread.ts";

/** The longest message preview in a toast. */
const PREVIEW_CHARS = 90;

/** Whether `pathname` is my conversation with `friendName`. */
export function isConversationPath(pathname: string, friendName: string): boolean {
  const viewing = conversationFriend(pathname);
  return viewing !== null && sameName(viewing, friendName);
}

/**
 * App-wide friend events for a logged-in user: toasts for requests and for messages outside their
 * conversation, the "Accept challenge?" prompt wherever the user is (SPEC §4 Friend challenge), and the
 * unread messages and waiting requests behind the navigation's badges.
 */
export function FriendNotifications({ me }: { me: string }) {
  const realtime = useRealtime();
  const toasts = useToasts();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const path = useRef(pathname);
  path.current = pathname;
  useUnreadSync(me);
  useRequestsBadgeSync();

  useEffect(() => {
    const challengeToast = (offerId: string) => `friend-challenge-${offerId}`;
    const offs = [
      realtime.on("friendRequestReceived", (request) => {
        toasts.show({
          id: `friend-request-${request.inviterId}`,
          title: "Friend request",
          body: `${request.inviterName} wants to be your friend.`,
          actions: [{ label: "View", variant: "primary", onAction: () => void navigate("/my-profile") }],
          durationMs: 10_000,
        });
      }),
      realtime.on("friendAdded", ({ friendName, acceptedBy }) => {
        if (sameName(acceptedBy, me)) return;
        toasts.show({
          id: `friend-added-${friendName.toLowerCase()}`,
          title: "New friend",
          body: `${friendName} accepted your friend request.`,
          actions: [
            {
              label: "Message",
              variant: "primary",
              onAction: () => void navigate(`/messages/${encodeURIComponent(friendName)}`),
            },
          ],
        });
      }),
      realtime.on("friendMessage", (message) => {
        if (sameName(message.senderName, me)) return;
        if (isConversationPath(path.current, message.senderName)) return;
        const preview =
          message.message.length > PREVIEW_CHARS ? `${message.message.slice(0, PREVIEW_CHARS)}…` : message.message;
        toasts.show({
          id: `friend-message-${message.senderName.toLowerCase()}`,
          title: `Message from ${message.senderName}`,
          body: preview,
          actions: [
            {
              label: "Open",
              variant: "primary",
              onAction: () => void navigate(`/messages/${encodeURIComponent(message.senderName)}`),
            },
          ],
        });
      }),
      realtime.on("friendChallengeReceived", ({ offer, from }) => {
        toasts.show({
          id: challengeToast(offer.offerId),
          title: "Accept challenge?",
          body: describeChallenge(offer, from),
          prompt: true,
          actions: [
            {
              label: "Accept",
              variant: "primary",
              onAction: async () => {
                // Both players then get gameStarted, which opens /play.
                const answer = await realtime.request("acceptGameOffer", { offerId: offer.offerId });
                if (!answer.ok)
                  toasts.show({ title: "Could not accept the challenge", body: answer.message, tone: "error" });
              },
            },
            {
              label: "Deny",
              onAction: () => void realtime.request("denyFriendChallenge", { offerId: offer.offerId }),
            },
          ],
        });
      }),
      realtime.on("friendChallengeRemoved", (offerId) => toasts.dismiss(challengeToast(offerId))),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [realtime, toasts, navigate, me]);

  return null;
}
