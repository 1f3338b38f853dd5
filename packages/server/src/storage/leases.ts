import type { Redis } from "ioredis";

/**
 * Named leases: which node does a job that one node at a time must do (sweep the daily games, direct an
 * arena). Alone, always this one; across nodes a Redis key per name, taken by whichever node asks first once
 * its holder stopped renewing it. A holder that dies leaves its leases to lapse. A lease only says who should
 * act: what it guards is fenced where it is stored (a compare-and-set, an epoch).
 */
export interface Leases {
  /** Takes the lease `name` for `ms`, or renews this node's; true while this node holds it. */
  hold(name: string, ms: number): Promise<boolean>;
  /** Hands leases back at a graceful stop, so another node takes them at once. */
  release(names: readonly string[]): Promise<void>;
}

export const soloLeases = (): Leases => ({ hold: async () => true, release: async () => {} });

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

// KEYS: leases; ARGV: node. Drops the ones this node holds.
const RELEASE = `
for _, k in ipairs(KEYS) do
  if redis.call('GET', k) == ARGV[1] then redis.call('DEL', k) end
end
return 0`;

export function redisLeases(redis: Redis, prefix: string, nodeId: string): Leases {
  const key = (name: string) => `${prefix}:${name}`;
  return {
    hold: async (name, ms) => (await redis.eval(HOLD, 1, key(name), nodeId, ms)) === 1,
    async release(names) {
      if (names.length > 0) await redis.eval(RELEASE, names.length, ...names.map(key), nodeId);
    },
  };
}
