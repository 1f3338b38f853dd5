import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { useToasts } from "../../components/Toast.tsx";
import { ApiRequestError } from "../../lib/api.ts";
import { useRealtime } from "../../lib/realtime.ts";
import { gameApi as defaultGameApi, type GameApi } from "./gameApi.ts";

const toastId = (offerId: string) => `rematch-${offerId}`;

/**
 * A rematch offer reaching a player who has left the finished game's page: the /play page shows its
 * own prompt, anywhere else a toast asks. Accepting starts the game (GameStartListener opens it).
 */
export function RematchNotifier({ api = defaultGameApi }: { api?: GameApi }) {
  const realtime = useRealtime();
  const toasts = useToasts();
  const { pathname, search } = useLocation();
  const watching = useRef<string | null>(null);
  watching.current = pathname === "/play" ? new URLSearchParams(search).get("gameId") : null;

  useEffect(() => {
    const answer = (offerId: string, accept: boolean) =>
      api.handleRematchOffer(offerId, accept).catch((error: unknown) => {
        toasts.show({
          title: "Rematch",
          body: error instanceof ApiRequestError ? error.message : "The rematch offer could not be answered",
          tone: "error",
        });
      });
    const offs = [
      realtime.on("rematchOffered", (offer) => {
        if (watching.current === offer.previousGameId) return;
        toasts.show({
          id: toastId(offer.offerId),
          title: "Rematch?",
          body: `${offer.by} offers you a rematch.`,
          prompt: true,
          durationMs: null,
          actions: [
            { label: "Accept", variant: "primary", onAction: () => void answer(offer.offerId, true) },
            { label: "Decline", onAction: () => void answer(offer.offerId, false) },
          ],
        });
      }),
      realtime.on("rematchOfferCancelled", (offer) => toasts.dismiss(toastId(offer.offerId))),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [realtime, toasts, api]);
  return null;
}
