import type { GameOffer } from "@chess/shared";
import type { PlayerRef } from "../games/index.ts";

export interface StoredOffer {
  offer: GameOffer;
  owner: PlayerRef;
  ownerKey: string;
  /**
   * The creator's network (`addressKey` of their address), for the per-address limit of open offers: computed
   * once here, since every new offer compares it with every open one.
   */
  ownerNetwork?: string;
  /** A friend challenge: only this user sees and may accept it. */
  privateTo?: number;
  /** A custom jumpstart range's start position, found when the offer was made (never shown before the game). */
  initialFen?: string;
  /** And its evaluation (pawns, White's view). */
  startEval?: number;
}

/** Who looks at the lobby: offers are shown as far as their clubs and blocks allow. */
export interface LobbyViewer {
  key: string;
  userId: number | null;
  clubIds: number[];
  /** Accounts the viewer blocked or is blocked by (lichess hides their seeks from each other). */
  blockedEitherWay?: number[];
}

/**
 * Who may see an offer: public ones, their club's to members, a challenge to its addressee (and owner);
 * none of an account blocked either way with the viewer.
 */
export function visibleTo(o: StoredOffer, viewer: LobbyViewer): boolean {
  if (o.ownerKey === viewer.key) return true;
  if (o.owner.userId !== null && viewer.blockedEitherWay?.includes(o.owner.userId)) return false;
  if (o.privateTo !== undefined) return o.privateTo === viewer.userId;
  if (o.offer.clubId !== null) return viewer.clubIds.includes(o.offer.clubId);
  return true;
}

/** The lobby list as `viewer` sees it: public offers it may see, newest first (challenges are never listed). */
export function offersShownTo(all: StoredOffer[], viewer: LobbyViewer): GameOffer[] {
  return all
    .filter((o) => o.privateTo === undefined && visibleTo(o, viewer))
    .map((o) => o.offer)
    .sort((a, b) => b.createdAt - a.createdAt);
}

/**
 * Open offers. `take` removes and returns an offer in one step, so of two players accepting at once
 * exactly one gets it. In process; a Redis store keeps the same contract across nodes.
 */
export interface LobbyStore {
  add(o: StoredOffer): Promise<void>;
  take(offerId: string): Promise<StoredOffer | undefined>;
  get(offerId: string): Promise<StoredOffer | undefined>;
  /** Removes and returns every offer of the owner. */
  removeByOwner(ownerKey: string): Promise<StoredOffer[]>;
  list(): Promise<StoredOffer[]>;
}

export class MemoryLobbyStore implements LobbyStore {
  private readonly offers = new Map<string, StoredOffer>();

  async add(o: StoredOffer): Promise<void> {
    this.offers.set(o.offer.offerId, o);
  }

  async take(offerId: string): Promise<StoredOffer | undefined> {
    const o = this.offers.get(offerId);
    if (o) this.offers.delete(offerId);
    return o;
  }

  async get(offerId: string): Promise<StoredOffer | undefined> {
    return this.offers.get(offerId);
  }

  async removeByOwner(ownerKey: string): Promise<StoredOffer[]> {
    const gone: StoredOffer[] = [];
    for (const [id, o] of this.offers) {
      if (o.ownerKey === ownerKey) {
        this.offers.delete(id);
        gone.push(o);
      }
    }
    return gone;
  }

  async list(): Promise<StoredOffer[]> {
    return [...this.offers.values()];
  }
}
