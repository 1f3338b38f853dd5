import { createExternalStore, type ExternalStore } from "./externalStore.ts";

/**
 * What waits for my answer (friend requests, club invitations), for the navigation's badge: one sent while
 * I was away, or toasted on another page, stays in sight on any page and across reloads. Pure: no I/O.
 */
export interface WaitingState<T> {
  waiting: readonly T[];
}

export type WaitingEvent<T> =
  /** The server's list (read on each connection). */
  | { type: "loaded"; items: readonly T[] }
  | { type: "received"; item: T }
  /** Answered, withdrawn or otherwise gone: every item `which` picks. */
  | { type: "gone"; which: (item: T) => boolean }
  /** Logged out. */
  | { type: "reset" };

export type WaitingStore<T> = ExternalStore<WaitingState<T>, WaitingEvent<T>>;

const empty: WaitingState<never> = { waiting: [] };

/** The reducer for items told apart by `keyOf`: each counted once; an event that changes nothing keeps the state. */
export function waitingReducer<T>(keyOf: (item: T) => unknown) {
  return (state: WaitingState<T>, event: WaitingEvent<T>): WaitingState<T> => {
    switch (event.type) {
      case "loaded": {
        const seen = new Set<unknown>();
        return { waiting: event.items.filter((item) => !seen.has(keyOf(item)) && seen.add(keyOf(item))) };
      }
      case "received": {
        const key = keyOf(event.item);
        return state.waiting.some((item) => keyOf(item) === key) ? state : { waiting: [...state.waiting, event.item] };
      }
      case "gone": {
        const waiting = state.waiting.filter((item) => !event.which(item));
        return waiting.length === state.waiting.length ? state : { waiting };
      }
      case "reset":
        return state.waiting.length === 0 ? state : empty;
    }
  };
}

export const createWaitingStore = <T>(keyOf: (item: T) => unknown): WaitingStore<T> =>
  createExternalStore(waitingReducer(keyOf), empty);
