import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { MemoryRateLimiter } from "./rateLimits.ts";
import { RedisRateLimiter } from "./redis.ts";

describe("MemoryRateLimiter", () => {
  let t = 0;
  const limiter = new MemoryRateLimiter(() => t);
  afterEach(() => limiter.close());

  it("allows `limit` hits per window, then tells how long to wait, then allows again", async () => {
    t = 1_000;
    for (let i = 0; i < 3; i++) expect((await limiter.hit("k", 3, 10_000)).ok).toBe(true);
    t = 4_000;
    expect(await limiter.hit("k", 3, 10_000)).toEqual({ ok: false, retryAfterMs: 7_000 });
    expect((await limiter.peek("k", 3)).ok).toBe(false);
    t = 11_000;
    expect((await limiter.hit("k", 3, 10_000)).ok).toBe(true);
  });

  it("keeps keys apart and forgets a key on reset", async () => {
    t = 0;
    await limiter.hit("a", 1, 1_000);
    expect((await limiter.hit("a", 1, 1_000)).ok).toBe(false);
    expect((await limiter.hit("b", 1, 1_000)).ok).toBe(true);
    await limiter.reset("a");
    expect((await limiter.hit("a", 1, 1_000)).ok).toBe(true);
  });
});

describe("RedisRateLimiter with Redis unreachable", () => {
  it("falls back to this node's counters instead of letting everything through", async () => {
    // Nothing listens on port 1: every command fails at once (no offline queue), as when Redis is down.
    const redis = new Redis("redis://127.0.0.1:1", { enableOfflineQueue: false, retryStrategy: () => 200 });
    redis.on("error", () => {});
    const fallback = new MemoryRateLimiter();
    try {
      const limiter = new RedisRateLimiter(redis, "t", fallback);
      const decisions = [];
      for (let i = 0; i < 12; i++) decisions.push((await limiter.hit("login:user:heidi", 10, 60_000)).ok);
      expect(decisions).toEqual([...Array(10).fill(true), false, false]);
      expect((await limiter.peek("login:user:heidi", 10)).ok).toBe(false);
      await limiter.reset("login:user:heidi");
      expect((await limiter.hit("login:user:heidi", 10, 60_000)).ok).toBe(true);
    } finally {
      fallback.close();
      redis.disconnect();
    }
  });
});
