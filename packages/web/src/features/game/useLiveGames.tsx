import type { LiveGame } from "@chess/shared";
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from "react";
import { useRealtime } from "../../lib/realtime.ts";
import { withoutGame } from "./liveGames.ts";

/** Where a tab keeps the live games it last knew, so a reload knows which of them ended while it loaded. */
const STORAGE_KEY = "liveGames";

function storedLiveGames(): LiveGame[] {
  try {
    const games: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "[]");
    return Array.isArray(games) ? games.filter((g): g is LiveGame => typeof g?.gameId === "string") : [];
  } catch {
    return [];
  }
}

function storeLiveGames(games: LiveGame[]): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(games));
  } catch {
    // Without storage a reload starts from the server's list alone.
  }
}

/**
 * The games this account (or guest session) is playing, as the server knows them: asked on every
 * (re)connection and kept by its `liveGames` event, so another tab, browser or device finds its game.
 * `enabled: false` keeps it idle (a provider above answers instead).
 */
function useServerLiveGames(enabled: boolean): LiveGame[] {
  const realtime = useRealtime();
  // What this tab knew before a reload, until the server answers.
  const [games, setGames] = useState<LiveGame[]>(() => (enabled ? storedLiveGames() : []));
  useEffect(() => {
    if (enabled) storeLiveGames(games);
  }, [enabled, games]);
  // A list read before a game ended can arrive after its gameOver: an ended game is not listed again.
  const ended = useRef(new Set<string>());
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    const fromServer = (list: LiveGame[]) => setGames(list.filter((g) => !ended.current.has(g.gameId)));
    const ask = () => {
      void realtime.request("currentGame").then((answer) => {
        if (current && answer.ok && answer.data) fromServer(answer.data.games ?? []);
      });
    };
    const offs = [
      realtime.onConnect(ask),
      realtime.on("liveGames", (live) => fromServer(live.games)),
      realtime.on("gameStarted", (g) => {
        if (!g.spectator) ask();
      }),
      realtime.on("gameOver", (over) => {
        ended.current.add(over.gameId);
        setGames((gs) => withoutGame(gs, over.gameId));
      }),
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
