import type { LiveGame } from "@chess/shared";
import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { useRealtime } from "../../lib/realtime.ts";
import { withoutGame } from "./liveGames.ts";

/**
 * The games this account (or guest session) is playing, as the server knows them: asked on every
 * (re)connection and kept by its `liveGames` event, so another tab, browser or device finds its game.
 * `enabled: false` keeps it idle (a provider above answers instead).
 */
function useServerLiveGames(enabled: boolean): LiveGame[] {
  const realtime = useRealtime();
  const [games, setGames] = useState<LiveGame[]>([]);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    const ask = () => {
      void realtime.request("currentGame").then((answer) => {
        if (current && answer.ok && answer.data) setGames(answer.data.games ?? []);
      });
    };
    const offs = [
      realtime.onConnect(ask),
      realtime.on("liveGames", (live) => setGames(live.games)),
      realtime.on("gameStarted", (g) => {
        if (!g.spectator) ask();
      }),
      realtime.on("gameOver", (over) => setGames((gs) => withoutGame(gs, over.gameId))),
    ];
    return () => {
      current = false;
      for (const off of offs) off();
    };
  }, [realtime, enabled]);
  return games;
}

const LiveGamesContext = createContext<LiveGame[] | null>(null);

/** One list for the whole site (the layout's game-end notices and the lobby's banner), asked for once. */
export function LiveGamesProvider({ children }: { children: ReactNode }) {
  return <LiveGamesContext.Provider value={useServerLiveGames(true)}>{children}</LiveGamesContext.Provider>;
}

/** My live games: the provider's list, or (outside one) a list of this component's own. */
export function useLiveGames(): LiveGame[] {
  const shared = useContext(LiveGamesContext);
  const own = useServerLiveGames(shared === null);
  return shared ?? own;
}
