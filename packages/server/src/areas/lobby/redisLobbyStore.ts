import type { Redis } from "ioredis";
import type { LobbyStore, StoredOffer } from "./lobbyStore.ts";

/**
 * The open offers of every node in one Redis hash (offer id → offer). `take` reads and deletes in one
 * MULTI: of two nodes taking the same offer, only the one whose HDEL removed it gets it.
 */
export class RedisLobbyStore implements LobbyStore {
  private readonly key: string;

  constructor(
    private readonly redis: Redis,
    prefix: string,
  ) {
    this.key = `${prefix}:lobby`;
  }

  async add(o: StoredOffer): Promise<void> {
    await this.redis.hset(this.key, o.offer.offerId, JSON.stringify(o));
  }

  async take(offerId: string): Promise<StoredOffer | undefined> {
    const result = await this.redis.multi().hget(this.key, offerId).hdel(this.key, offerId).exec();
    const raw = result?.[0]?.[1];
    const removed = Number(result?.[1]?.[1] ?? 0);
    return removed === 1 && typeof raw === "string" ? parse(raw) : undefined;
  }

  async get(offerId: string): Promise<StoredOffer | undefined> {
    const raw = await this.redis.hget(this.key, offerId);
    return raw === null ? undefined : parse(raw);
  }

  async removeByOwner(ownerKey: string): Promise<StoredOffer[]> {
    const mine = (await this.list()).filter((o) => o.ownerKey === ownerKey);
    const gone: StoredOffer[] = [];
    for (const o of mine) {
      if ((await this.redis.hdel(this.key, o.offer.offerId)) === 1) gone.push(o);
    }
    return gone;
  }

  async list(): Promise<StoredOffer[]> {
    const all = await this.redis.hvals(this.key);
    return all.map(parse).filter((o): o is StoredOffer => o !== undefined);
  }
}

function parse(raw: string): StoredOffer | undefined {
  try {
    return JSON.parse(raw) as StoredOffer;
  } catch {
    return undefined;
  }
}
