import { afterEach, describe, expect, it } from "vitest";
import { MemoryRateLimiter } from "./rateLimits.ts";

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
