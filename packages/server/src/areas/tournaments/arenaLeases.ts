import type { Leases } from "../../storage/leases.ts";

/** A node directs an arena for this long after its last renewal; renewed every third of it. */
export const ARENA_LEASE_MS = 6_000;
export const ARENA_RENEW_MS = 2_000;

/**
 * Which node directs each arena: the core's named lease "arena:<id>:director". The lease only says who should
 * direct: the director's epoch in the database (tournamentsRepo.takeDirection) fences a node that lost it.
 */
export interface ArenaLeases {
  /** Takes the arena's lease, or keeps this node's; true while this node holds it. */
  hold(tournamentId: string): Promise<boolean>;
  /** Hands leases back at a graceful stop, so another node directs at once. */
  release(tournamentIds: string[]): Promise<void>;
}

const name = (id: string) => `arena:${id}:director`;

export const arenaLeases = (leases: Leases): ArenaLeases => ({
  hold: (id) => leases.hold(name(id), ARENA_LEASE_MS),
  release: (ids) => leases.release(ids.map(name)),
});
