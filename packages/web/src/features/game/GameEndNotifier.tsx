import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { useToasts } from "../../components/Toast.tsx";
import { useRealtime } from "../../lib/realtime.ts";
import { endedElsewhereText } from "./gameText.ts";
import { playPath } from "./routeState.ts";
import { useLiveGames } from "./useLiveGames.tsx";

/**
 * A game of mine that ends while I am on another page (the opponent resigned, ran out of time, left): a toast
 * says how, with View to see the final position. On the game's own page the game-over box says it.
 */
export function GameEndNotifier() {
  const realtime = useRealtime();
  const toasts = useToasts();
  const navigate = useNavigate();
  const live = useLiveGames();
  const games = useRef(live);
  games.current = live;
  const { pathname, search } = useLocation();
  const watching = useRef<string | null>(null);
  watching.current = pathname === "/play" ? new URLSearchParams(search).get("gameId") : null;

  useEffect(
    () =>
      realtime.on("gameOver", (over) => {
        const game = games.current.find((g) => g.gameId === over.gameId);
        if (!game || watching.current === over.gameId) return;
        toasts.show({
          id: `game-over-${over.gameId}`,
          title: "Game over",
          body: endedElsewhereText(game, over),
          actions: [{ label: "View", variant: "primary", onAction: () => void navigate(playPath(over.gameId)) }],
        });
      }),
    [realtime, toasts, navigate],
  );
  return null;
}
