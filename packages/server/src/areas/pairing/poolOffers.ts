import type { Pool, Variant } from "@chess/shared";

/** An open lobby offer, as quick pairing sees it. */
export interface OpenOffer {
  offerId: string;
  ownerKey: string;
  /** null for a guest's offer. */
  ownerUserId: number | null;
  variant: Variant;
  baseTime: number;
  increment: number;
  /** Club games and friend challenges are not for whoever clicks a tile. */
  clubId: number | null;
  privateTo?: number;
  createdAt: number;
}

/** Who looks for a game in a pool: the pool's own rule on guests and accounts applies to offers too. */
export interface OfferSeeker {
  key: string;
  userId: number | null;
  mixed: boolean;
}

/** The offers a pool's tile counts: public, standard, of its exact time control (lichess's hooks of a pool). */
export function offersOfPool(offers: OpenOffer[], pool: Pool): OpenOffer[] {
  return offers.filter(
    (o) =>
      o.privateTo === undefined &&
      o.clubId === null &&
      o.variant === "standard" &&
      o.baseTime === pool.baseTime &&
      o.increment === pool.increment,
  );
}

/**
 * The offers a player entering `pool` may take, oldest first (the longest waiting, as a pairing wave
 * goes): not their own, of their kind unless they play both (an offer is open to anyone who sees it),
 * and none by a player either of them blocked. Rating is no bar: nothing is in the lobby's either.
 */
export function offersFor(
  seeker: OfferSeeker,
  pool: Pool,
  offers: OpenOffer[],
  blocked: ReadonlySet<number> = new Set(),
): OpenOffer[] {
  return offersOfPool(offers, pool)
    .filter(
      (o) =>
        o.ownerKey !== seeker.key &&
        (seeker.mixed || (o.ownerUserId === null) === (seeker.userId === null)) &&
        (o.ownerUserId === null || !blocked.has(o.ownerUserId)),
    )
    .sort((a, b) => a.createdAt - b.createdAt);
}
