import type { Statistic, Variant } from "@chess/shared";
import { api, withQuery } from "../../lib/api.ts";
import { readSessionId } from "../../lib/session.ts";

/** POST /game/offer-rematch answer: the offer, or the new game when the opponent had asked too. */
export interface OfferRematchResponse {
  successMsg: string;
  offerId: string;
  gameId?: string;
}

/** POST /game/handle-rematch-offer answer. */
export interface HandleRematchResponse {
  successMsg: string;
  gameId?: string;
}

/** The rematch calls of SPEC §7; the session id goes in the body as the spec says (and in the header). */
export const gameApi = {
  offerRematch: (previousGameId: string) =>
    api.post<OfferRematchResponse>("/game/offer-rematch", { previousGameId, sessionId: readSessionId() }),
  handleRematchOffer: (offerId: string, accept: boolean) =>
    api.post<HandleRematchResponse>("/game/handle-rematch-offer", { offerId, sessionId: readSessionId(), accept }),
};

/** The history call the game page makes. */
export const ratingApi = {
  /** GET /history/stats/{username}: a player's rating per time variant, e.g. after a game to show the new one. */
  stats: (username: string, gameVariant: Variant, signal?: AbortSignal) =>
    api.get<Statistic[]>(withQuery(`/history/stats/${encodeURIComponent(username)}`, { gameVariant }), signal),
};

export type GameApi = typeof gameApi;
