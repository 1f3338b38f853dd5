import { createContext, useContext, useEffect, useSyncExternalStore } from "react";
import { latestLoads } from "../../lib/latestLoads.ts";
import { useRealtime } from "../../lib/realtime.ts";
import { dailyApi } from "./dailyApi.ts";
import { createDailyGamesStore, type DailyGamesState, myTurnCount, yourTurnLabel } from "./dailyGamesStore.ts";

/** The page's daily games; tests give each render a store of their own. */
export const DailyGamesContext = createContext(createDailyGamesStore());

/** My daily games in progress, kept true by DailyNotifications. */
export function useDailyGames(): DailyGamesState {
  const store = useContext(DailyGamesContext);
  return useSyncExternalStore(store.subscribe, store.getState);
}

/** The navigation's count of daily games waiting for my move: `{badge, badgeLabel}` or nothing. */
export function useDailyTurnBadge(): { badge?: number; badgeLabel?: string } {
  const count = myTurnCount(useDailyGames());
  return count > 0 ? { badge: count, badgeLabel: yourTurnLabel(count) } : {};
}

/**
 * Keeps my daily games true for a logged-in user, app-wide: read on every (re)connection (a move made while
 * the socket was away is then known), and followed by the events both players' sockets get.
 */
export function useDailyGamesSync() {
  const realtime = useRealtime();
  const store = useContext(DailyGamesContext);
  useEffect(() => {
    let live = true;
    const latest = latestLoads();
    const reload = () =>
      void latest(
        dailyApi.games().then((g) => g.games),
        (games) => {
          if (live) store.dispatch({ type: "loaded", games });
        },
      );
    const offs = [
      realtime.onConnect(reload),
      realtime.on("dailyGame", (game) => store.dispatch({ type: "game", game, now: Date.now() })),
      realtime.on("dailyMoved", (moved) => store.dispatch({ type: "moved", moved, now: Date.now() })),
      realtime.on("dailyClock", (clock) => store.dispatch({ type: "clock", clock })),
      realtime.on("dailyOver", ({ gameId }) => store.dispatch({ type: "over", gameId })),
      // A vacation begun or ended (here or in another tab) pauses or resumes games: read them again.
      realtime.on("dailyVacation", reload),
    ];
    return () => {
      live = false;
      for (const off of offs) off();
      store.dispatch({ type: "reset" });
    };
  }, [realtime, store]);
}
