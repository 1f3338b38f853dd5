import type { Redis } from "ioredis";

/** A node holds a game for this long after its last renewal; renewed every third of it. */
export const LEASE_MS = 6_000;
export const RENEW_MS = 2_000;
/** How long after a lease lapsed the adopting node keeps a released game's hand-over time. */
const HANDOFF_KEEP_MS = 60_000;

/**
 * Which node writes each live game (ARCHITECTURE §5: one writer per game). With one process that is
 * always this one; across nodes a lease in Redis says it, renewed while the node lives.
 */
export interface GameLeases {
  readonly nodeId: string;
  readonly shared: boolean;
  /** Takes the game for this node unless another node holds it; true when this node holds it now. */
  claim(gameId: string): Promise<boolean>;
  /** The node holding each game, null where nobody does (its node died or let go). */
  holders(gameIds: string[]): Promise<Array<string | null>>;
  /** Takes a game from a node that is gone (its lease not yet lapsed); false if `from` no longer holds it. */
  steal(gameId: string, from: string): Promise<boolean>;
  /** Keeps this node's games (taking back any Redis forgot); returns those another node holds now. */
  renew(gameIds: string[]): Promise<string[]>;
  /** Lets go of games at a graceful stop, noting when, so the next holder charges clocks only until then. */
  release(gameIds: string[], at: number): Promise<void>;
  /** When the game's last holder let go gracefully, if it did lately. */
  releasedAt(gameId: string): Promise<number | undefined>;
}

export function localLeases(nodeId: string): GameLeases {
  return {
    nodeId,
    shared: false,
    claim: async () => true,
    holders: async (ids) => ids.map(() => nodeId),
    steal: async () => true,
    renew: async () => [],
    release: async () => {},
    releasedAt: async () => undefined,
  };
}

// KEYS: lease keys; ARGV: node, lease ms. Returns the 1-based positions held by another node.
const RENEW = `
local lost = {}
for i, k in ipairs(KEYS) do
  local v = redis.call('GET', k)
  if not v then
    redis.call('SET', k, ARGV[1], 'PX', ARGV[2])
  elseif v == ARGV[1] then
    redis.call('PEXPIRE', k, ARGV[2])
  else
    table.insert(lost, i)
  end
end
return lost`;

// KEYS: one lease key; ARGV: dead node, this node, lease ms. Compare-and-set.
const STEAL = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
  return 1
end
return 0`;

// KEYS: lease keys; ARGV: node, time, keep ms. Deletes this node's leases and notes the hand-over time.
const RELEASE = `
for _, k in ipairs(KEYS) do
  if redis.call('GET', k) == ARGV[1] then
    redis.call('DEL', k)
    redis.call('SET', k .. ':released', ARGV[2], 'PX', ARGV[3])
  end
end
return 0`;

export function redisLeases(redis: Redis, prefix: string, nodeId: string): GameLeases {
  const key = (gameId: string) => `${prefix}:game:${gameId}:node`;
  return {
    nodeId,
    shared: true,
    async claim(gameId) {
      const set = await redis.set(key(gameId), nodeId, "PX", LEASE_MS, "NX");
      return set === "OK" || (await redis.get(key(gameId))) === nodeId;
    },
    async holders(gameIds) {
      if (gameIds.length === 0) return [];
      return redis.mget(gameIds.map(key));
    },
    async steal(gameId, from) {
      return (await redis.eval(STEAL, 1, key(gameId), from, nodeId, LEASE_MS)) === 1;
    },
    async renew(gameIds) {
      if (gameIds.length === 0) return [];
      const lost = (await redis.eval(RENEW, gameIds.length, ...gameIds.map(key), nodeId, LEASE_MS)) as number[];
      return lost.map((i) => gameIds[i - 1] as string);
    },
    async release(gameIds, at) {
      if (gameIds.length === 0) return;
      await redis.eval(RELEASE, gameIds.length, ...gameIds.map(key), nodeId, at, HANDOFF_KEEP_MS);
    },
    async releasedAt(gameId) {
      const v = await redis.get(`${key(gameId)}:released`);
      return v === null ? undefined : Number(v);
    },
  };
}
