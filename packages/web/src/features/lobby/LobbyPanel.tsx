import { formatTimeControl } from "@chess/shared";
import { useEffect, useReducer, useState } from "react";
import { useRealtime } from "../../lib/realtime.ts";
import { displayName, useIdentity } from "../accounts/index.ts";
import { initialLobby, isMyOffer, lobbyReducer, visibleOffers } from "./lobbyStore.ts";
import { OfferCard } from "./OfferCard.tsx";
import "./LobbyPanel.css";

/** SPEC §4: the confirmation before an owner cancels an offer. */
export const CANCEL_OFFER_QUESTION = "Do you want to cancel your offer?";
const MY_OFFERS_KEY = "myOfferIds";
const MESSAGE_MS = 5_000;

function loadMyOfferIds(): string[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(MY_OFFERS_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

/**
 * The open offers; accepting or cancelling one goes through the socket. An offer made here (LobbyStart's
 * Create Game) comes back as `offerCreated`, which marks it mine.
 */
export function LobbyPanel() {
  const realtime = useRealtime();
  const me = displayName(useIdentity().identity);
  const [state, dispatch] = useReducer(lobbyReducer, undefined, () => initialLobby(loadMyOfferIds()));
  const [message, setMessage] = useState<string>();
  const [note, setNote] = useState<string>();

  useEffect(() => {
    const offs = [
      realtime.on("updateLobby", (update) => dispatch({ type: "offersListed", offers: update.offers })),
      realtime.on("lobbyChanged", ({ added, removed }) => dispatch({ type: "offersChanged", added, removed })),
      realtime.on("offerCreated", (offer) => dispatch({ type: "offerCreated", offer })),
      // Joins the lobby room again after every reconnection.
      // The whole list once, then only what changes.
      realtime.onConnect(() => void realtime.request("refreshLobby", { changes: true })),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [realtime]);

  useEffect(() => {
    try {
      sessionStorage.setItem(MY_OFFERS_KEY, JSON.stringify(state.myOfferIds));
    } catch {
      // Without storage a guest's offers are recognised until the next reload only.
    }
  }, [state.myOfferIds]);

  // One open offer at a time (lichess): a second one takes the first one's place, which is said, not silent.
  useEffect(() => {
    if (state.replaced) setNote(`Your new offer replaces your ${formatTimeControl(state.replaced)} offer`);
  }, [state.replaced]);

  useEffect(() => {
    if (!note) return;
    const t = setTimeout(() => setNote(undefined), MESSAGE_MS);
    return () => clearTimeout(t);
  }, [note]);

  useEffect(() => {
    if (!message) return;
    const t = setTimeout(() => setMessage(undefined), MESSAGE_MS);
    return () => clearTimeout(t);
  }, [message]);

  async function accept(offerId: string) {
    dispatch({ type: "acceptStarted", offerId });
    setMessage(undefined);
    const answer = await realtime.request("acceptGameOffer", { offerId });
    if (!answer.ok) {
      dispatch({ type: "acceptFailed", offerId, gone: answer.code === "gone" });
      setMessage(answer.message);
    }
    // On success both players receive gameStarted, which opens /play.
  }

  async function cancel(offerId: string) {
    if (!window.confirm(CANCEL_OFFER_QUESTION)) return;
    const answer = await realtime.request("cancelOffer", { offerId });
    if (answer.ok) dispatch({ type: "offerCancelled", offerId });
    else setMessage(answer.message);
  }

  const offers = visibleOffers(state);
  return (
    <section className="lobby-panel card" aria-labelledby="lobby-title">
      <header className="lobby-panel__header">
        <h2 id="lobby-title">Open games</h2>
      </header>
      {message ? (
        <p className="lobby-panel__message" role="alert">
          {message}
        </p>
      ) : null}
      {note ? (
        <p className="lobby-panel__note" role="status">
          {note}
        </p>
      ) : null}
      {offers === null ? (
        <p className="lobby-panel__empty">Loading offers…</p>
      ) : offers.length === 0 ? (
        <p className="lobby-panel__empty">No offers available</p>
      ) : (
        <ul className="lobby-panel__list" aria-label="Game offers">
          {offers.map((offer) => (
            <OfferCard
              key={offer.offerId}
              offer={offer}
              mine={isMyOffer(state, offer, me)}
              onAccept={() => void accept(offer.offerId)}
              onCancel={() => void cancel(offer.offerId)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
