/**
 * A state shared by the whole page outside React (read with useSyncExternalStore): one reducer, and the
 * components that show it re-render on each change. Pure state and events; the I/O stays in hooks.
 */
export interface ExternalStore<S, E> {
  getState(): S;
  dispatch(event: E): void;
  /** Calls `listener` after each change; returns the function that stops it. */
  subscribe(listener: () => void): () => void;
}

export function createExternalStore<S, E>(reducer: (state: S, event: E) => S, initial: S): ExternalStore<S, E> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    dispatch(event) {
      const next = reducer(state, event);
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
