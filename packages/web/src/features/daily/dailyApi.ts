import type { DailyChallenges, DailyGame, DailyGames, DailyOffer, DailyOfferBody, DailyVacation } from "@chess/shared";
import { ApiRequestError, apiRequest } from "../../lib/api.ts";

/** The daily area's HTTP routes (docs/PROTOCOL.md, "Daily games"); each rejects with an ApiRequestError. */
export const dailyApi = {
  offers: () => apiRequest<DailyOffer[]>("GET", "/daily/offers"),
  createOffer: (body: DailyOfferBody) => apiRequest<DailyOffer>("POST", "/daily/offers", body),
  withdraw: (offerId: string) => apiRequest<unknown>("DELETE", `/daily/offers/${encodeURIComponent(offerId)}`),
  accept: (offerId: string) =>
    apiRequest<{ gameId: string }>("POST", `/daily/offers/${encodeURIComponent(offerId)}/accept`),
  decline: (offerId: string) => apiRequest<unknown>("POST", `/daily/offers/${encodeURIComponent(offerId)}/decline`),
  challenges: () => apiRequest<DailyChallenges>("GET", "/daily/challenges"),
  challenge: (body: DailyOfferBody & { friendName: string }) =>
    apiRequest<DailyOffer>("POST", "/daily/challenges", body),
  rematch: (gameId: string) => apiRequest<DailyOffer | { gameId: string }>("POST", "/daily/rematch", { gameId }),
  games: () => apiRequest<DailyGames>("GET", "/daily/games"),
  game: (gameId: string) => apiRequest<DailyGame>("GET", `/daily/game/${encodeURIComponent(gameId)}`),
  setConditionals: (gameId: string, lines: string[][]) =>
    apiRequest<{ lines: string[][] }>("PUT", `/daily/game/${encodeURIComponent(gameId)}/conditionals`, { lines }),
  vacation: () => apiRequest<DailyVacation>("GET", "/daily/vacation"),
  startVacation: () => apiRequest<DailyVacation>("POST", "/daily/vacation"),
  endVacation: () => apiRequest<DailyVacation>("DELETE", "/daily/vacation"),
};

export type DailyApi = typeof dailyApi;

/** `/daily/{gameId}`: a daily game's page. */
export const dailyGamePath = (gameId: string) => `/daily/${encodeURIComponent(gameId)}`;

/** What the server said when it refused a call ("You have 10 open daily offers: withdraw one first"). */
export const refusalOf = (error: unknown) => (error instanceof ApiRequestError ? error.message : "Failed");
