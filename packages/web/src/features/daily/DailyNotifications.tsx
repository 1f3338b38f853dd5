import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { useToasts } from "../../components/Toast.tsx";
import { useRealtime } from "../../lib/realtime.ts";
import { browserAlertsWanted, notificationPermission, reminderText } from "./dailyAlerts.ts";
import { dailyApi, dailyGamePath, refusalOf } from "./dailyApi.ts";
import { useDailyGamesSync } from "./useDailyGames.ts";

/**
 * App-wide daily events for a logged-in user: my games for the "Your turn" count, and a notice for each
 * reminder (the server sends none for a move a conditional line of mine answered) and each challenge. A
 * reminder of the game on screen is not shown; one that comes while the tab is hidden is also a browser
 * notification when the player allowed them.
 */
export function DailyNotifications() {
  const realtime = useRealtime();
  const toasts = useToasts();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const path = useRef(pathname);
  path.current = pathname;
  useDailyGamesSync();

  useEffect(() => {
    const offs = [
      realtime.on("dailyReminder", (reminder) => {
        const target = dailyGamePath(reminder.gameId);
        const hidden = typeof document !== "undefined" && document.visibilityState === "hidden";
        if (path.current === target && !hidden) return;
        const { title, body } = reminderText(reminder);
        if (hidden && browserAlertsWanted() && notificationPermission() === "granted") {
          const note = new Notification(title, { body, tag: `daily-${reminder.gameId}` });
          note.onclick = () => {
            window.focus();
            void navigate(target);
          };
        }
        toasts.show({
          id: `daily-reminder-${reminder.gameId}`,
          title,
          body,
          tone: reminder.kind === "alarm" ? "error" : "info",
          actions: [{ label: "Open game", variant: "primary", onAction: () => void navigate(target) }],
          durationMs: 10_000,
        });
      }),
      realtime.on("dailyChallenge", (offer) => {
        toasts.show({
          id: `daily-challenge-${offer.offerId}`,
          title: "Daily challenge",
          body: `${offer.by} challenges you to a daily game (${offer.days} day${offer.days === 1 ? "" : "s"} per move).`,
          prompt: true,
          durationMs: null,
          actions: [
            {
              label: "Accept",
              variant: "primary",
              onAction: () =>
                void dailyApi.accept(offer.offerId).then(
                  ({ gameId }) => navigate(dailyGamePath(gameId)),
                  (error: unknown) =>
                    toasts.show({
                      title: "Challenge not accepted",
                      body: refusalOf(error),
                      tone: "error",
                    }),
                ),
            },
            { label: "Decline", onAction: () => void dailyApi.decline(offer.offerId).catch(() => undefined) },
          ],
        });
      }),
      realtime.on("dailyOfferRemoved", ({ offerId }) => toasts.dismiss(`daily-challenge-${offerId}`)),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [realtime, toasts, navigate]);
  return null;
}
