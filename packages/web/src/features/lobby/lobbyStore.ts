import { formatTimeControl, type GameOffer, VARIANT_LABELS, type Variant } from "@chess/shared";

/** The lobby as this tab sees it (SPEC §4 Offer). Pure: no I/O, tested without a DOM. */
export interface LobbyState {
  /** Open offers as the server last listed them, newest first; null until the first list arrives. */
  offers: GameOffer[] | null;
  /** Offers this tab created (a guest's offers carry no name, so they are told apart by id). */
  myOfferIds: string[];
  /** Offers accepted from here: hidden at once and never accepted twice. */
  hiddenOfferIds: string[];
  /** My open offer that my newer one replaced (one open lobby offer per player, as on lichess), to say so. */
  replaced: GameOffer | null;
}

export type LobbyEvent =
  /** updateLobby from the server. */
  | { type: "offersListed"; offers: GameOffer[] }
  /** lobbyChanged from the server: offers added (newest first) and ids removed since the list. */
  | { type: "offersChanged"; added: GameOffer[]; removed: string[] }
  /** createGameOffer was acknowledged with this offer (also `offerCreated`). */
  | { type: "offerCreated"; offer: GameOffer }
  /** This tab asked to accept the offer. */
  | { type: "acceptStarted"; offerId: string }
  /** The server refused the accept; `gone` keeps it hidden (it no longer exists). */
  | { type: "acceptFailed"; offerId: string; gone: boolean }
  /** This tab's cancel was acknowledged. */
  | { type: "offerCancelled"; offerId: string };

export function initialLobby(myOfferIds: string[] = []): LobbyState {
  return { offers: null, myOfferIds, hiddenOfferIds: [], replaced: null };
}

export function lobbyReducer(state: LobbyState, event: LobbyEvent): LobbyState {
  switch (event.type) {
    case "offersListed": {
      const listed = new Set(event.offers.map((o) => o.offerId));
      // Ids of offers that left the list will never come back: forget them.
      return {
        ...state,
        offers: event.offers,
        myOfferIds: state.myOfferIds.filter((id) => listed.has(id)),
        hiddenOfferIds: state.hiddenOfferIds.filter((id) => listed.has(id)),
      };
    }
    case "offersChanged": {
      if (!state.offers) return state;
      const gone = new Set(event.removed);
      const known = new Set(state.offers.map((o) => o.offerId));
      const fresh = event.added.filter((o) => !known.has(o.offerId) && !gone.has(o.offerId));
      // The server removes a player's offer in the same change that adds their next one, and only then.
      const mineGone = state.offers.find((o) => gone.has(o.offerId) && state.myOfferIds.includes(o.offerId));
      return {
        ...state,
        replaced: mineGone && event.added.length > 0 ? mineGone : state.replaced,
        offers: [...fresh, ...state.offers.filter((o) => !gone.has(o.offerId))],
        myOfferIds: state.myOfferIds.filter((id) => !gone.has(id)),
        hiddenOfferIds: state.hiddenOfferIds.filter((id) => !gone.has(id)),
      };
    }
    case "offerCreated": {
      const { offer } = event;
      const known = state.offers?.some((o) => o.offerId === offer.offerId) ?? false;
      return {
        ...state,
        // The list update may come after the ack: show the new offer at once.
        offers: known ? state.offers : [offer, ...(state.offers ?? [])],
        myOfferIds: state.myOfferIds.includes(offer.offerId) ? state.myOfferIds : [...state.myOfferIds, offer.offerId],
      };
    }
    case "acceptStarted":
      return state.hiddenOfferIds.includes(event.offerId)
        ? state
        : { ...state, hiddenOfferIds: [...state.hiddenOfferIds, event.offerId] };
    case "acceptFailed":
      if (event.gone) return state;
      return { ...state, hiddenOfferIds: state.hiddenOfferIds.filter((id) => id !== event.offerId) };
    case "offerCancelled":
      return {
        ...state,
        offers: state.offers?.filter((o) => o.offerId !== event.offerId) ?? null,
        myOfferIds: state.myOfferIds.filter((id) => id !== event.offerId),
      };
  }
}

/**
 * Whether `offer` is this tab's own: by the ids it created, else by name when both are accounts (two guests
 * may share a name).
 */
export function isMyOffer(state: LobbyState, offer: GameOffer, myUsername: string | undefined): boolean {
  if (state.myOfferIds.includes(offer.offerId)) return true;
  return myUsername !== undefined && !offer.guest && offer.username !== undefined && offer.username === myUsername;
}

/** The offers to list: everything not hidden, or null while the list is loading. */
export function visibleOffers(state: LobbyState): GameOffer[] | null {
  if (!state.offers) return null;
  return state.offers.filter((o) => !state.hiddenOfferIds.includes(o.offerId));
}

/** Whether the offer may be accepted from this tab (not mine, not already accepted). */
export function canAccept(state: LobbyState, offer: GameOffer, myUsername: string | undefined): boolean {
  return !isMyOffer(state, offer, myUsername) && !state.hiddenOfferIds.includes(offer.offerId);
}

/** The card's title, SPEC §2: "username or Anonymous / baseTime+increment", e.g. "Anonymous / 5+3". */
export function offerTitle(offer: GameOffer): string {
  return `${offer.username ?? "Anonymous"} / ${formatTimeControl(offer)}`;
}

export const VARIANT_LABEL: Record<Variant, string> = {
  standard: "Standard",
  jumpstart: "Jumpstart Chess",
  fun: VARIANT_LABELS.fun,
};

/** The variant as an offer card names it: "Jumpstart" is short enough for the card's meta line. */
export const CARD_VARIANT_LABEL: Record<Variant, string> = { ...VARIANT_LABEL, jumpstart: "Jumpstart" };

/**
 * The card's accessible name after "Accept" or "Cancel offer": the title, then the variant unless standard,
 * e.g. "Anonymous / 10+0 · Chess960", so a screen reader tells the offers apart without reading each card.
 */
export function offerName(offer: GameOffer): string {
  const title = offerTitle(offer);
  return offer.variant === "standard" ? title : `${title} · ${CARD_VARIANT_LABEL[offer.variant]}`;
}

/** A jumpstart offer's ranges, e.g. { eval: "eval 0–1", moves: "moves 10–20" }; undefined for other offers. */
export function jumpstartRanges(offer: GameOffer): { eval: string; moves: string } | undefined {
  const { lower_eval_limit: le, upper_eval_limit: ue, lower_move_limit: lm, upper_move_limit: um } = offer;
  if (offer.variant !== "jumpstart" || le === undefined || ue === undefined || lm === undefined || um === undefined) {
    return undefined;
  }
  return { eval: `eval ${le}\u2013${ue}`, moves: `moves ${lm}\u2013${um}` };
}

/** The jumpstart card's icon (SPEC §2): a crown when the creator plays the favoured side, swords when they take the handicap. */
export function jumpstartSide(offer: GameOffer): { icon: "crown" | "swords"; title: string } | undefined {
  if (offer.variant !== "jumpstart") return undefined;
  return offer.isCreatorsHandicap
    ? { icon: "swords", title: "Creator takes the handicap" }
    : { icon: "crown", title: "Creator plays the favoured side" };
}
