import type { Redis } from "ioredis";

/**
 * Who sweeps the daily games: one node at a time. Alone, always this one; across nodes a Redis lease, taken
 * by whichever node asks first once the holder stopped renewing it. A holder that dies leaves it to lapse.
 */
export interface SweepLease {
  /** Takes or keeps the lease; true while this node holds it. */
  hold(): Promise<boolean>;
  /** Hands it back at a graceful stop, so the next node sweeps at once. */
  release(): Promise<void>;
}

export const localSweepLease = (): SweepLease => ({ hold: async () => true, release: async () => {} });

// KEYS: the lease; ARGV: node, ms. Takes a free lease or renews this node's own.
const HOLD = `
local v = redis.call('GET', KEYS[1])
if not v then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
elseif v == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
return 0`;

const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 0`;

export function redisSweepLease(redis: Redis, prefix: string, nodeId: string, leaseMs: number): SweepLease {
  const key = `${prefix}:daily:sweeper`;
  return {
    hold: async () => (await redis.eval(HOLD, 1, key, nodeId, leaseMs)) === 1,
    release: async () => {
      await redis.eval(RELEASE, 1, key, nodeId);
    },
  };
}
