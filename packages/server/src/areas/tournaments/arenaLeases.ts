import type { Redis } from "ioredis";

/** A node directs an arena for this long after its last renewal; renewed every third of it. */
export const ARENA_LEASE_MS = 6_000;
export const ARENA_RENEW_MS = 2_000;

/**
 * Which node directs each arena. Alone, this one; across nodes a Redis lease per arena, taken by whichever
 * node asks first once its holder stopped renewing it. The lease only says who should direct: the director's
 * epoch in the database (tournamentsRepo.takeDirection) fences a node that lost it.
 */
export interface ArenaLeases {
  /** Takes the arena's lease, or keeps this node's; true while this node holds it. */
  hold(tournamentId: string): Promise<boolean>;
  /** Hands leases back at a graceful stop, so another node directs at once. */
  release(tournamentIds: string[]): Promise<void>;
}

export const localArenaLeases = (): ArenaLeases => ({ hold: async () => true, release: async () => {} });

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
for _, k in ipairs(KEYS) do
  if redis.call('GET', k) == ARGV[1] then redis.call('DEL', k) end
end
return 0`;

export function redisArenaLeases(redis: Redis, prefix: string, nodeId: string): ArenaLeases {
  const key = (id: string) => `${prefix}:arena:${id}:director`;
  return {
    hold: async (id) => (await redis.eval(HOLD, 1, key(id), nodeId, ARENA_LEASE_MS)) === 1,
    async release(ids) {
      if (ids.length > 0) await redis.eval(RELEASE, ids.length, ...ids.map(key), nodeId);
    },
  };
}
