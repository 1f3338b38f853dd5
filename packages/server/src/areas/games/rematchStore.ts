import type { Redis } from "ioredis";
import type { PlayerRef } from "./gameRound.ts";

export interface StoredRematch {
  offerId: string;
  previousGameId: string;
  from: PlayerRef;
  to: PlayerRef;
  createdAt: number;
}

export const REMATCH_EXPIRES_MS = 5 * 60_000;

/** Open rematch offers. `take` removes an offer and says whether this caller was the one that did. */
export interface RematchStore {
  add(o: StoredRematch): Promise<void>;
  get(offerId: string): Promise<StoredRematch | undefined>;
  forGame(previousGameId: string): Promise<StoredRematch | undefined>;
  take(offerId: string): Promise<boolean>;
  close(): void;
}

export class MemoryRematchStore implements RematchStore {
  private readonly offers = new Map<string, StoredRematch>();
  private readonly sweeper: NodeJS.Timeout;

  constructor() {
    this.sweeper = setInterval(() => {
      const t = Date.now();
      for (const [id, o] of this.offers) if (t - o.createdAt > REMATCH_EXPIRES_MS) this.offers.delete(id);
    }, 60_000);
    this.sweeper.unref();
  }

  async add(o: StoredRematch) {
    this.offers.set(o.offerId, o);
  }
  async get(offerId: string) {
    return this.offers.get(offerId);
  }
  async forGame(previousGameId: string) {
    return [...this.offers.values()].find((o) => o.previousGameId === previousGameId);
  }
  async take(offerId: string) {
    return this.offers.delete(offerId);
  }
  close() {
    clearInterval(this.sweeper);
  }
}

/** Rematch offers seen by every node: one key per offer and one per game, both expiring with the offer. */
export class RedisRematchStore implements RematchStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private offerKey = (id: string) => `${this.prefix}:rematch:${id}`;
  private gameKey = (id: string) => `${this.prefix}:rematchFor:${id}`;

  async add(o: StoredRematch) {
    await this.redis
      .multi()
      .set(this.offerKey(o.offerId), JSON.stringify(o), "PX", REMATCH_EXPIRES_MS)
      .set(this.gameKey(o.previousGameId), o.offerId, "PX", REMATCH_EXPIRES_MS)
      .exec();
  }
  async get(offerId: string) {
    const raw = await this.redis.get(this.offerKey(offerId));
    return raw === null ? undefined : (JSON.parse(raw) as StoredRematch);
  }
  async forGame(previousGameId: string) {
    const id = await this.redis.get(this.gameKey(previousGameId));
    return id === null ? undefined : this.get(id);
  }
  async take(offerId: string) {
    const o = await this.get(offerId);
    const removed = await this.redis.del(this.offerKey(offerId));
    if (o) await this.redis.del(this.gameKey(o.previousGameId));
    return removed === 1;
  }
  close() {}
}
