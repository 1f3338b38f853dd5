/** How many Socket.IO connections one client address may open, and hold, on this node. */
export interface ConnectLimits {
  /** New connections an address may open at once (the token bucket's size). */
  burst: number;
  /** New connections per second the allowance refills at. */
  perSecond: number;
  /** Connections an address may hold open at once. */
  open: number;
  /** Addresses whose allowance is remembered at most; the least recently seen are forgotten first. */
  maxAddresses: number;
}

/** Whether a new connection may go on to its handshake, and if not, why. */
export type Admission = { ok: true } | { ok: false; reason: "rate" | "open" };

interface Bucket {
  tokens: number;
  at: number;
}

/** What the client is told, per reason. */
export const CONNECT_REFUSALS: Record<Extract<Admission, { ok: false }>["reason"], string> = {
  rate: "Too many new connections from your address - wait a few seconds and try again",
  open: "Too many open connections from your address - close some tabs or try again later",
};

/**
 * Per-address admission of new connections, before any handshake work: a token bucket for new connections
 * and a cap on those held open. O(1) per call. Memory is bounded: a bucket that has had time to fill up again
 * is the same as none and is forgotten (the map is kept in order of last use, so the stale ones are first),
 * and at most `maxAddresses` buckets are kept. Open counts exist only while an address holds connections.
 */
export class ConnectLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly openCounts = new Map<string, number>();
  /** After this long untouched, any bucket is full again. */
  private readonly refillMs: number;

  constructor(
    private readonly limits: ConnectLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.refillMs = (limits.burst / limits.perSecond) * 1000;
  }

  /** Counts a new connection from `address` against its allowance; refused ones take nothing. */
  admit(address: string): Admission {
    const now = this.now();
    this.forgetStale(now);
    if ((this.openCounts.get(address) ?? 0) >= this.limits.open) return { ok: false, reason: "open" };
    const bucket = this.buckets.get(address);
    const elapsed = bucket ? Math.max(0, now - bucket.at) : 0;
    const tokens = bucket
      ? Math.min(this.limits.burst, bucket.tokens + (elapsed / 1000) * this.limits.perSecond)
      : this.limits.burst;
    // Re-inserted on every use, so the map's first entries are the least recently used.
    this.buckets.delete(address);
    const ok = tokens >= 1;
    this.buckets.set(address, { tokens: ok ? tokens - 1 : tokens, at: now });
    if (this.buckets.size > this.limits.maxAddresses) this.forgetOldest();
    return ok ? { ok: true } : { ok: false, reason: "rate" };
  }

  /** A connection from `address` is now open. */
  opened(address: string): void {
    this.openCounts.set(address, (this.openCounts.get(address) ?? 0) + 1);
  }

  /** A connection from `address` closed. */
  closed(address: string): void {
    const n = (this.openCounts.get(address) ?? 0) - 1;
    if (n > 0) this.openCounts.set(address, n);
    else this.openCounts.delete(address);
  }

  /** Addresses remembered now (for tests and metrics). */
  get size(): { buckets: number; open: number } {
    return { buckets: this.buckets.size, open: this.openCounts.size };
  }

  /** Forgets at most two full buckets per call: constant work, and the map shrinks faster than it grows. */
  private forgetStale(now: number): void {
    for (let i = 0; i < 2; i++) {
      const first = this.buckets.entries().next();
      if (first.done || now - first.value[1].at < this.refillMs) return;
      this.buckets.delete(first.value[0]);
    }
  }

  private forgetOldest(): void {
    const first = this.buckets.keys().next();
    if (!first.done) this.buckets.delete(first.value);
  }
}
