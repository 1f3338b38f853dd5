import type { LobbyCounts, LobbyCountsView, Pool, PoolMembership } from "@chess/shared";

/** The quick-pairing tiles and the lobby's counts, as this tab knows them. */
export interface PairingState {
  counts: LobbyCounts | null;
  /** The pool this player waits in (joined from any tab), or null. */
  myPool: string | null;
  /** A join or a cancel sent and not answered yet: the pool it is about. */
  pending: string | null;
  /** Also play the other kind of player (guests / accounts). */
  mixed: boolean;
  message: string | null;
}

export type PairingAction =
  | { type: "watched"; view: LobbyCountsView }
  | { type: "counts"; counts: LobbyCounts }
  | { type: "membership"; membership: PoolMembership }
  | { type: "joinSent"; poolId: string }
  | { type: "cancelSent"; poolId: string }
  | { type: "refused"; message: string }
  | { type: "mixedChanged"; mixed: boolean }
  | { type: "messageShown" };

export const initialPairing: PairingState = { counts: null, myPool: null, pending: null, mixed: false, message: null };

export function pairingReducer(state: PairingState, action: PairingAction): PairingState {
  switch (action.type) {
    case "watched": {
      const { myPool, ...counts } = action.view;
      return { ...state, counts, myPool: myPool.poolId, mixed: myPool.poolId ? myPool.mixed : state.mixed };
    }
    case "counts":
      return { ...state, counts: action.counts };
    case "membership":
      return {
        ...state,
        myPool: action.membership.poolId,
        pending: null,
        ...(action.membership.poolId ? { mixed: action.membership.mixed } : {}),
      };
    case "joinSent":
      return { ...state, pending: action.poolId, message: null };
    case "cancelSent":
      return { ...state, pending: action.poolId, myPool: null, message: null };
    case "refused":
      return { ...state, pending: null, message: action.message };
    case "mixedChanged":
      return { ...state, mixed: action.mixed };
    case "messageShown":
      return { ...state, message: null };
  }
}

/** What one tile shows. */
export interface PoolTile {
  waiting: number;
  playing: number;
  searching: boolean;
  pending: boolean;
}

export function poolTile(state: PairingState, pool: Pool): PoolTile {
  const count = state.counts?.pools.find((p) => p.poolId === pool.id);
  return {
    waiting: count?.waiting ?? 0,
    playing: count?.playing ?? 0,
    searching: state.myPool === pool.id,
    pending: state.pending === pool.id,
  };
}

/** "1 player online", "3 games in play". */
export const countText = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
