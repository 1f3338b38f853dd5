import type { PoolEntry } from "./pairingWave.ts";

/** A condition on removing an entry: only if it is in this pool, or was joined by this socket. */
export type RemoveIf = { poolId: string } | { socketId: string };

/**
 * The players waiting in every pool, one entry per player (so one pool per player). In process; the Redis
 * store keeps the same contract across nodes.
 */
export interface PoolStore {
  /** Puts the entry in, replacing the player's entry in any pool; returns the entry it replaced. */
  put(e: PoolEntry): Promise<PoolEntry | undefined>;
  /** Removes the player's entry (only if `only` holds, when given) and returns it. */
  remove(key: string, only?: RemoveIf): Promise<PoolEntry | undefined>;
  get(key: string): Promise<PoolEntry | undefined>;
  list(): Promise<PoolEntry[]>;
  /**
   * Takes both entries out in one step, if both are still as the wave saw them (same pool, socket and
   * choice): of two waves that overlap, only one starts a game for a player.
   */
  takePair(a: PoolEntry, b: PoolEntry): Promise<boolean>;
  /** Whether this node runs the next wave: one wave at a time across the site, at most one per `ms`. */
  claimWave(ms: number): Promise<boolean>;
}

/** Whether a stored entry is still the one a wave saw. */
export const sameEntry = (stored: PoolEntry | undefined, seen: PoolEntry): boolean =>
  stored !== undefined &&
  stored.poolId === seen.poolId &&
  stored.socketId === seen.socketId &&
  stored.mixed === seen.mixed;

const holds = (e: PoolEntry, only: RemoveIf | undefined) =>
  only === undefined || ("poolId" in only ? e.poolId === only.poolId : e.socketId === only.socketId);

export class MemoryPoolStore implements PoolStore {
  private readonly entries = new Map<string, PoolEntry>();

  async put(e: PoolEntry): Promise<PoolEntry | undefined> {
    const old = this.entries.get(e.key);
    this.entries.set(e.key, e);
    return old;
  }

  async remove(key: string, only?: RemoveIf): Promise<PoolEntry | undefined> {
    const e = this.entries.get(key);
    if (!e || !holds(e, only)) return undefined;
    this.entries.delete(key);
    return e;
  }

  async get(key: string): Promise<PoolEntry | undefined> {
    return this.entries.get(key);
  }

  async list(): Promise<PoolEntry[]> {
    return [...this.entries.values()];
  }

  async takePair(a: PoolEntry, b: PoolEntry): Promise<boolean> {
    if (!sameEntry(this.entries.get(a.key), a) || !sameEntry(this.entries.get(b.key), b)) return false;
    this.entries.delete(a.key);
    this.entries.delete(b.key);
    return true;
  }

  async claimWave(): Promise<boolean> {
    return true;
  }
}
