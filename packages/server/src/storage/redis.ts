import { Redis } from "ioredis";
import type { RateDecision, RateLimiter } from "./rateLimits.ts";

/**
 * A Redis client that fails fast instead of queueing commands while Redis is away. A `blocking` client
 * (the Socket.IO adapter's stream reader, XREAD BLOCK 5 s) has no command timeout: a read given up early
 * would leave its reply to be swallowed, and the messages in it lost.
 */
export function connectRedis(url: string, opts: { blocking?: boolean } = {}): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: 1,
    ...(opts.blocking ? {} : { commandTimeout: 1_000 }),
    enableAutoPipelining: true,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
}

/**
 * Rate-limit counters shared by every node (fixed windows: INCR, expiry set on the first hit). When Redis
 * cannot answer, this node's own counters decide instead: limits hold per node (an attacker spread over N
 * nodes gets N times the allowance) rather than lapse, and nothing is refused for Redis being away.
 */
export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly fallback: RateLimiter,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  async hit(key: string, limit: number, windowMs: number): Promise<RateDecision> {
    const k = `${this.prefix}:rl:${key}`;
    try {
      const result = await this.redis.multi().incr(k).pttl(k).exec();
      const count = Number(result?.[0]?.[1] ?? 0);
      let ttl = Number(result?.[1]?.[1] ?? -1);
      if (ttl < 0) {
        await this.redis.pexpire(k, windowMs);
        ttl = windowMs;
      }
      return count > limit ? { ok: false, retryAfterMs: ttl } : { ok: true, retryAfterMs: 0 };
    } catch (error) {
      this.onError(error);
      return this.fallback.hit(key, limit, windowMs);
    }
  }

  async peek(key: string, limit: number): Promise<RateDecision> {
    const k = `${this.prefix}:rl:${key}`;
    try {
      const [count, ttl] = await Promise.all([this.redis.get(k), this.redis.pttl(k)]);
      return Number(count ?? 0) >= limit
        ? { ok: false, retryAfterMs: Math.max(0, ttl) }
        : { ok: true, retryAfterMs: 0 };
    } catch (error) {
      this.onError(error);
      return this.fallback.peek(key, limit);
    }
  }

  async reset(key: string): Promise<void> {
    await Promise.all([this.redis.del(`${this.prefix}:rl:${key}`).catch(this.onError), this.fallback.reset(key)]);
  }
}
