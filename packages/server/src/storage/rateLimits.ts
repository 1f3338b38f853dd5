/** Outcome of counting one attempt against a limit. */
export interface RateDecision {
  ok: boolean;
  /** When the window frees up, in ms from now (0 when ok). */
  retryAfterMs: number;
}

/** Fixed-window counters keyed by name. In process now; a Redis store shares them across nodes. */
export interface RateLimiter {
  /** Counts one attempt under `key`; refuses once `limit` attempts fell in the current window. */
  hit(key: string, limit: number, windowMs: number): Promise<RateDecision>;
  /** Reads without counting. */
  peek(key: string, limit: number): Promise<RateDecision>;
  reset(key: string): Promise<void>;
}

interface Window {
  count: number;
  resetAt: number;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateDecision> {
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, w);
    }
    if (w.count >= limit) return { ok: false, retryAfterMs: w.resetAt - now };
    w.count++;
    return { ok: true, retryAfterMs: 0 };
  }

  async peek(key: string, limit: number): Promise<RateDecision> {
    const now = this.now();
    const w = this.windows.get(key);
    if (!w || w.resetAt <= now || w.count < limit) return { ok: true, retryAfterMs: 0 };
    return { ok: false, retryAfterMs: w.resetAt - now };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  close(): void {
    clearInterval(this.sweeper);
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }
}
