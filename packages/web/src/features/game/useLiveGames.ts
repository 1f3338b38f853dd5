import type { LiveGame } from "@chess/shared";
import { useEffect, useState } from "react";
import { useRealtime } from "../../lib/realtime.ts";
import { withoutGame } from "./liveGames.ts";

/**
 * The games this account (or guest session) is playing, as the server knows them: asked on every
 * (re)connection and kept by its `liveGames` event, so another tab, browser or device finds its game.
 */
export function useLiveGames(): LiveGame[] {
  const realtime = useRealtime();
  const [games, setGames] = useState<LiveGame[]>([]);
  useEffect(() => {
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
  }, [realtime]);
  return games;
}
