import {
  type Color,
  computerLevelOfName,
  formatTimeControl,
  TIME_CLASS_LABEL,
  UNLIMITED_LABEL,
  VARIANT_LABELS,
  type Variant,
  type WatchedGame,
  type WatchList,
  type WatchPlayer,
} from "@chess/shared";

/** The Watch page's variant filter. */
export type WatchFilter = Variant | "all";

/** A listed game and when this tab received it (its clocks count from then). */
export interface ShownGame extends WatchedGame {
  receivedAt: number;
}

/** The Watch list as this tab sees it. Pure: no I/O, tested without a DOM. */
export interface WatchState {
  filter: WatchFilter;
  /** The first page, sent again by the server whenever it changes. */
  live: ShownGame[];
  /** Games of the pages loaded after it ("More games"); not kept current. */
  more: ShownGame[];
  nextCursor: string | null;
  status: "loading" | "ready" | "failed";
  error: string | null;
  loadingMore: boolean;
}

export type WatchEvent =
  | { type: "filterChanged"; filter: WatchFilter }
  /** The answer of followWatchList, or a `watchList` event. */
  | { type: "listed"; list: WatchList; now: number }
  | { type: "failed"; message: string }
  | { type: "moreRequested" }
  | { type: "moreLoaded"; list: WatchList; now: number }
  | { type: "moreFailed"; message: string };

export function initialWatch(filter: WatchFilter): WatchState {
  return { filter, live: [], more: [], nextCursor: null, status: "loading", error: null, loadingMore: false };
}

const filterOf = (list: WatchList): WatchFilter => list.variant ?? "all";
const stamp = (list: WatchList, now: number): ShownGame[] => list.games.map((g) => ({ ...g, receivedAt: now }));

export function watchReducer(state: WatchState, event: WatchEvent): WatchState {
  switch (event.type) {
    case "filterChanged":
      return event.filter === state.filter ? state : initialWatch(event.filter);
    case "listed": {
      // A list of the filter just left may still arrive.
      if (filterOf(event.list) !== state.filter) return state;
      const live = stamp(event.list, event.now);
      const ids = new Set(live.map((g) => g.gameId));
      const more = state.more.filter((g) => !ids.has(g.gameId));
      return {
        ...state,
        live,
        more,
        nextCursor: state.more.length > 0 ? state.nextCursor : event.list.nextCursor,
        status: "ready",
        error: null,
      };
    }
    case "failed":
      return state.status === "ready" ? state : { ...state, status: "failed", error: event.message };
    case "moreRequested":
      return { ...state, loadingMore: true, error: null };
    case "moreLoaded": {
      if (filterOf(event.list) !== state.filter) return state;
      const shown = new Set([...state.live, ...state.more].map((g) => g.gameId));
      const added = stamp(event.list, event.now).filter((g) => !shown.has(g.gameId));
      return { ...state, more: [...state.more, ...added], nextCursor: event.list.nextCursor, loadingMore: false };
    }
    case "moreFailed":
      return { ...state, loadingMore: false, error: event.message };
  }
}

/** Every game shown, best first. */
export function shownGames(state: WatchState): ShownGame[] {
  return [...state.live, ...state.more];
}

/** Each side's time at `now`: the side to move's clock runs from when the list arrived. */
export function clocksAt(game: ShownGame, now: number): Record<Color, number> {
  const left = { ...game.timeLeft };
  if (game.clockRunning) left[game.turn] = Math.max(0, left[game.turn] - Math.max(0, now - game.receivedAt));
  return left;
}

/** "Blitz 5+3 · Rated · Standard", "Unlimited · Casual · Standard". */
export function gameLine(
  game: Pick<WatchedGame, "timeClass" | "baseTime" | "increment" | "rated" | "variant" | "untimed">,
): string {
  const speed = game.untimed
    ? UNLIMITED_LABEL
    : `${TIME_CLASS_LABEL[game.timeClass]} ${formatTimeControl({ baseTime: game.baseTime, increment: game.increment })}`;
  return `${speed} · ${game.rated ? "Rated" : "Casual"} · ${VARIANT_LABELS[game.variant]}`;
}

/** "1520" for an account, "Computer" for Stockfish, "Guest" for a guest. */
export function ratingText(player: WatchPlayer): string {
  if (player.rating !== null) return String(player.rating);
  return computerLevelOfName(player.name) === undefined ? "Guest" : "Computer";
}

/** "No moves yet", "1 move", "12 moves" (moves by both sides count as one, as chess counts them). */
export function moveCountText(ply: number): string {
  if (ply <= 0) return "No moves yet";
  const moves = Math.ceil(ply / 2);
  return moves === 1 ? "1 move" : `${moves} moves`;
}

/** "alice (1520) vs Guest-ab12", as a card's accessible name says it. */
export function matchTitle(game: Pick<WatchedGame, "white" | "black">): string {
  const who = (p: WatchPlayer) => (p.rating === null ? p.name : `${p.name} (${p.rating})`);
  return `${who(game.white)} vs ${who(game.black)}`;
}
