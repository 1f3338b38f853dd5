import type { Redis } from "ioredis";
import type { PoolStore, RemoveIf } from "./pairingStore.ts";
import type { PoolEntry } from "./pairingWave.ts";

// Removes a player's entry only if one of its fields has the given value (no field: always).
const REMOVE_IF = `
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if not raw then return false end
if ARGV[2] ~= '' and tostring(cjson.decode(raw)[ARGV[2]]) ~= ARGV[3] then return false end
redis.call('HDEL', KEYS[1], ARGV[1])
return raw`;

// Takes two entries out together if both are still in the pool, socket and choice a wave saw.
const TAKE_PAIR = `
for i = 0, 1 do
  local raw = redis.call('HGET', KEYS[1], ARGV[1 + i * 4])
  if not raw then return 0 end
  local e = cjson.decode(raw)
  if e.poolId ~= ARGV[2 + i * 4] or e.socketId ~= ARGV[3 + i * 4] or tostring(e.mixed) ~= ARGV[4 + i * 4] then
    return 0
  end
end
redis.call('HDEL', KEYS[1], ARGV[1], ARGV[5])
return 1`;

/**
 * Every pool of the site in one Redis hash (player key → entry), so a player is in one pool at most and
 * every node sees the same pools. A wave is claimed with SET NX PX: one node pairs at a time.
 */
export class RedisPoolStore implements PoolStore {
  private readonly key: string;
  private readonly waveKey: string;

  constructor(
    private readonly redis: Redis,
    prefix: string,
    private readonly nodeId: string,
  ) {
    this.key = `${prefix}:pools`;
    this.waveKey = `${prefix}:pools:wave`;
  }

  async put(e: PoolEntry): Promise<PoolEntry | undefined> {
    const result = await this.redis.multi().hget(this.key, e.key).hset(this.key, e.key, JSON.stringify(e)).exec();
    const old = result?.[0]?.[1];
    return typeof old === "string" ? parse(old) : undefined;
  }

  async remove(key: string, only?: RemoveIf): Promise<PoolEntry | undefined> {
    const [field, value] =
      only === undefined ? ["", ""] : "poolId" in only ? ["poolId", only.poolId] : ["socketId", only.socketId];
    const raw = await this.redis.eval(REMOVE_IF, 1, this.key, key, field, value);
    return typeof raw === "string" ? parse(raw) : undefined;
  }

  async get(key: string): Promise<PoolEntry | undefined> {
    const raw = await this.redis.hget(this.key, key);
    return raw === null ? undefined : parse(raw);
  }

  async list(): Promise<PoolEntry[]> {
    return (await this.redis.hvals(this.key)).map(parse).filter((e): e is PoolEntry => e !== undefined);
  }

  async takePair(a: PoolEntry, b: PoolEntry): Promise<boolean> {
    const args = [a, b].flatMap((e) => [e.key, e.poolId, e.socketId, String(e.mixed)]);
    return (await this.redis.eval(TAKE_PAIR, 1, this.key, ...args)) === 1;
  }

  async claimWave(ms: number): Promise<boolean> {
    return (await this.redis.set(this.waveKey, this.nodeId, "PX", ms, "NX")) === "OK";
  }
}

function parse(raw: string): PoolEntry | undefined {
  try {
    return JSON.parse(raw) as PoolEntry;
  } catch {
    return undefined;
  }
}
