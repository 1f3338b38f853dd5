/** How long the TV shows a finished game before it moves on to the next best one. */
export const TV_PAUSE_MS = 5_000;

/**
 * The TV: which game it follows. It stays with a game until the game ends, shows the end for TV_PAUSE_MS,
 * then takes the best game on that it has not shown end. Pure: tested without a DOM.
 */
export interface TvState {
  gameId: string | null;
  /** The live games, best first, as last listed. */
  candidates: string[];
  /** Games seen to end here: never picked again (a list may be a moment behind). */
  ended: string[];
  /** While a finished game is shown: when to move on. */
  moveOnAt: number | null;
}

export type TvEvent =
  | { type: "listed"; gameIds: string[] }
  | { type: "ended"; gameId: string; now: number }
  | { type: "tick"; now: number };

export const initialTv: TvState = { gameId: null, candidates: [], ended: [], moveOnAt: null };

const pick = (state: TvState): string | null => state.candidates.find((id) => !state.ended.includes(id)) ?? null;

export function tvReducer(state: TvState, event: TvEvent): TvState {
  switch (event.type) {
    case "listed": {
      const next = { ...state, candidates: event.gameIds };
      return state.gameId === null ? { ...next, gameId: pick(next) } : next;
    }
    case "ended":
      if (event.gameId !== state.gameId || state.moveOnAt !== null) return state;
      return { ...state, ended: [...state.ended, event.gameId].slice(-50), moveOnAt: event.now + TV_PAUSE_MS };
    case "tick": {
      if (state.moveOnAt === null || event.now < state.moveOnAt) return state;
      return { ...state, gameId: pick(state), moveOnAt: null };
    }
  }
}
