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

/** Guests and accounts meet by default (the pair's game is casual); the player may opt out. */
export const initialPairing: PairingState = { counts: null, myPool: null, pending: null, mixed: true, message: null };

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
  /** Players in the pool and open lobby offers of its time control: either is someone to play. */
  waiting: number;
  playing: number;
  searching: boolean;
  pending: boolean;
}

export function poolTile(state: PairingState, pool: Pool): PoolTile {
  const count = state.counts?.pools.find((p) => p.poolId === pool.id);
  return {
    waiting: (count?.waiting ?? 0) + (count?.offers ?? 0),
    playing: count?.playing ?? 0,
    searching: state.myPool === pool.id,
    pending: state.pending === pool.id,
  };
}

/** "1 player online", "3 games in play". */
export const countText = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** How long a search runs before others waiting in the same pool are explained: pairing waves come every second. */
export const HINT_AFTER_MS = 4_000;

/**
 * Why others wait in my pool and no game starts, once the search has run HINT_AFTER_MS: they are
 * not a match yet. The server pairs a guest with an account only when both allow it, and players far
 * apart in rating only once the range has widened with time (45 s). Undefined when there is nothing
 * to explain.
 */
export function waitingHint(state: PairingState, isGuest: boolean, searchingForMs: number): string | undefined {
  if (!state.myPool || searchingForMs < HINT_AFTER_MS) return undefined;
  const others = othersIn(state);
  if (others < 1) return undefined;
  const who = others === 1 ? "1 other player waits" : `${others} other players wait`;
  const kinds = state.mixed
    ? "a guest and a registered player are paired only when both allow it"
    : `tick “${isGuest ? "Also play registered players" : "Also play guests (unrated)"}” to meet ${isGuest ? "registered players" : "guests"} too`;
  return `${who} in ${state.myPool} but ${others === 1 ? "is" : "are"} not a match for you yet: ${kinds}, and ratings further apart are accepted the longer you wait.`;
}

/** How long a search runs alone before the computer is offered instead. */
export const ALONE_AFTER_MS = 8_000;

/**
 * Searched ALONE_AFTER_MS with nobody else in the pool: the player may rather play the computer at the same
 * time control than wait on (the search goes on meanwhile).
 */
export function searchingAlone(state: PairingState, searchingForMs: number): boolean {
  if (!state.myPool || searchingForMs < ALONE_AFTER_MS) return false;
  return othersIn(state) < 1;
}

/** How long any search runs before the computer is offered to play meanwhile, whoever else waits. */
export const COMPUTER_AFTER_MS = 20_000;

/**
 * Whether to offer the computer while the search goes on: alone for ALONE_AFTER_MS, or searching
 * COMPUTER_AFTER_MS with nobody paired yet (those waiting are no match).
 */
export function offersComputer(state: PairingState, searchingForMs: number): boolean {
  if (!state.myPool) return false;
  return searchingAlone(state, searchingForMs) || searchingForMs >= COMPUTER_AFTER_MS;
}

/**
 * Others in my pool while I search: players waiting, and lobby offers of its time control (one that suited
 * me would have started my game).
 */
function othersIn(state: PairingState): number {
  const count = state.counts?.pools.find((p) => p.poolId === state.myPool);
  return (count?.waiting ?? 1) - 1 + (count?.offers ?? 0);
}
