import type { Leases } from "../../storage/leases.ts";

/** Who sweeps the daily games: one node at a time, under the core's named lease "daily:sweeper". */
export interface SweepLease {
  /** Takes or keeps the lease; true while this node holds it. */
  hold(): Promise<boolean>;
  /** Hands it back at a graceful stop, so the next node sweeps at once. */
  release(): Promise<void>;
}

const NAME = "daily:sweeper";

export const sweepLease = (leases: Leases, leaseMs: number): SweepLease => ({
  hold: () => leases.hold(NAME, leaseMs),
  release: () => leases.release([NAME]),
});
