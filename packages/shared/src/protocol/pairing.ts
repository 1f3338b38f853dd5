import { z } from "zod";
import { formatTimeControl, LIVE_TIME_CLASSES, type LiveTimeClass, PRESETS } from "../domain/timeControl.ts";

/** A quick-pairing pool: one of the spec's preset time controls (SPEC §9), standard chess, random colours. */
export interface Pool {
  /** "3+2": minutes + increment seconds. */
  id: string;
  baseTime: number;
  increment: number;
  timeClass: LiveTimeClass;
}

/** The twelve pools, in the spec's order (bullet first), as the lobby's tiles show them. */
export const POOLS: readonly Pool[] = LIVE_TIME_CLASSES.flatMap((timeClass) =>
  PRESETS[timeClass].map((tc) => ({ id: formatTimeControl(tc), ...tc, timeClass })),
);

const POOL_IDS = POOLS.map((p) => p.id) as [string, ...string[]];

/** The pool of an id, if it is one. */
export const poolById = (id: string): Pool | undefined => POOLS.find((p) => p.id === id);

const poolId = z.enum(POOL_IDS, { error: `poolId must be one of ${POOL_IDS.join(", ")}` });

/**
 * joinPool: seek a game in a pool. Guests and accounts meet (`mixed`, the default; such a game is casual),
 * unless either opted out with `mixed: false`. Joining moves the caller out of any other pool.
 */
export const joinPoolPayload = z.object({ poolId, mixed: z.boolean().default(true) });
export type JoinPoolPayload = z.infer<typeof joinPoolPayload>;

/** leavePool: no payload leaves whatever pool the caller is in; a poolId leaves only that one. */
export const leavePoolPayload = z.object({ poolId: poolId.optional() }).nullish();

/** watchLobbyCounts / unwatchLobbyCounts take no payload (an object is ignored). */
export const lobbyCountsPayload = z.undefined().or(z.null()).or(z.object({}).passthrough());

/** How a player's pool membership stands: the pool they wait in, or null. */
export interface PoolMembership {
  poolId: string | null;
  /** Whether they also accept the other kind of player (guests / accounts). */
  mixed: boolean;
  /** Why they are no longer waiting: left, paired, playing (another game started), gone (disconnected). */
  reason?: "left" | "paired" | "playing" | "gone";
}

/** One pool's tile: players waiting in it, and players in games of its time control now. */
export interface PoolCount {
  poolId: string;
  waiting: number;
  playing: number;
  /**
   * Open lobby offers of its time control (standard, public): a player who joins the pool takes one that
   * suits them at once (their own kind, or `mixed`; no block either way) instead of waiting.
   */
  offers: number;
}

/** lobbyCounts: the site's numbers as the lobby shows them. */
export interface LobbyCounts {
  /** People with at least one connection (each account or guest once). */
  playersOnline: number;
  /** Games being played now, all variants and time controls. */
  gamesInPlay: number;
  pools: PoolCount[];
}

/** The answer to watchLobbyCounts: the counts now, and the caller's own pool. */
export interface LobbyCountsView extends LobbyCounts {
  myPool: PoolMembership;
}

/** Watchers get lobbyCounts at most this often, and only when something changed. */
export const LOBBY_COUNTS_EVERY_MS = 1_000;
