import type { DailyOffer } from "@chess/shared";

/** The lobby's daily offers, newest first, as `followDailyOffers` and its events tell them. Pure. */
export type DailyOffersEvent =
  | { type: "loaded"; offers: readonly DailyOffer[] }
  | { type: "added"; offer: DailyOffer }
  | { type: "removed"; offerId: string };

const newestFirst = (a: DailyOffer, b: DailyOffer) => b.createdAt - a.createdAt || a.offerId.localeCompare(b.offerId);

export function dailyOffersReducer(offers: readonly DailyOffer[], event: DailyOffersEvent): readonly DailyOffer[] {
  switch (event.type) {
    case "loaded":
      return [...event.offers].sort(newestFirst);
    case "added":
      // The list is also sent as one event per offer: each is listed once.
      if (event.offer.to !== undefined || offers.some((o) => o.offerId === event.offer.offerId)) return offers;
      return [event.offer, ...offers].sort(newestFirst);
    case "removed":
      return offers.some((o) => o.offerId === event.offerId)
        ? offers.filter((o) => o.offerId !== event.offerId)
        : offers;
  }
}
