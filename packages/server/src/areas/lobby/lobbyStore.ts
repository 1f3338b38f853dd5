import type { GameOffer } from "@chess/shared";
import type { PlayerRef } from "../games/index.ts";

export interface StoredOffer {
  offer: GameOffer;
  owner: PlayerRef;
  ownerKey: string;
}

/**
 * Open offers. `take` removes and returns an offer in one step, so of two players accepting at once
 * exactly one gets it. In process; a Redis store keeps the same contract across nodes.
 */
export interface LobbyStore {
  add(o: StoredOffer): Promise<void>;
  take(offerId: string): Promise<StoredOffer | undefined>;
  get(offerId: string): Promise<StoredOffer | undefined>;
  removeByOwner(ownerKey: string): Promise<number>;
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

  async removeByOwner(ownerKey: string): Promise<number> {
    let n = 0;
    for (const [id, o] of this.offers) {
      if (o.ownerKey === ownerKey) {
        this.offers.delete(id);
        n++;
      }
    }
    return n;
  }

  async list(): Promise<StoredOffer[]> {
    return [...this.offers.values()];
  }
}
