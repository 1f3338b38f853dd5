import { type GameOver, type LiveGame, liveGameOf } from "@chess/shared";
import { useCallback, useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { useToasts } from "../../components/Toast.tsx";
import { useRealtime } from "../../lib/realtime.ts";
import { endedElsewhereText } from "./gameText.ts";
import { playPath } from "./routeState.ts";
import { useLiveGames } from "./useLiveGames.tsx";

/**
 * A game of mine that ends while I am on another page (the opponent resigned, ran out of time, left): a toast
 * says how, with View to see the final position. On the game's own page the game-over box says it.
 *
 * The end may come before this page knows the game (it ended as the page loaded: its gameOver came before
 * the list of my games), or unseen (while the page loaded or the connection was down: the game just left the
 * list). The game itself then says whether it was mine and how it ended. A finished game that was never
 * among my live games here (one opened from the history) is never told.
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
  /** Games whose end this page has seen (told, or shown on their own page) or is looking up. */
  const handled = useRef(new Set<string>());

  const tell = useCallback(
    (game: LiveGame, over: Pick<GameOver, "winningColor" | "reason">) => {
      if (watching.current === game.gameId) return;
      toasts.show({
        id: `game-over-${game.gameId}`,
        title: "Game over",
        body: endedElsewhereText(game, over),
        actions: [{ label: "View", variant: "primary", onAction: () => void navigate(playPath(game.gameId)) }],
      });
    },
    [toasts, navigate],
  );

  /** Asks the game how it ended, and tells it if it was mine. */
  const lookUp = useCallback(
    async (gameId: string) => {
      if (handled.current.has(gameId)) return;
      handled.current.add(gameId);
      const answer = await realtime.request("resync", { gameId });
      const game = answer.ok ? answer.data : undefined;
      if (!game || game.spectator || game.status === "active") {
        handled.current.delete(gameId);
        return;
      }
      const winningColor = game.status === "aborted" ? "none" : (game.winningColor ?? "none");
      tell(liveGameOf(game), { winningColor, reason: game.reason ?? "abort" });
    },
    [realtime, tell],
  );

  useEffect(
    () =>
      realtime.on("gameOver", (over) => {
        if (handled.current.has(over.gameId)) return;
        const game = games.current.find((g) => g.gameId === over.gameId);
        if (!game) {
          // Not (yet) among my games here: a game this page follows as a spectator, or mine, ended before
          // the list of my games came.
          if (watching.current !== over.gameId) void lookUp(over.gameId);
          return;
        }
        handled.current.add(over.gameId);
        tell(game, over);
      }),
    [realtime, tell, lookUp],
  );

  // A game of mine that leaves the list without its gameOver ended unseen.
  const before = useRef(live);
  useEffect(() => {
    const gone = before.current.filter((g) => !live.some((l) => l.gameId === g.gameId));
    before.current = live;
    for (const g of gone) {
      if (!handled.current.has(g.gameId) && watching.current !== g.gameId) void lookUp(g.gameId);
    }
  }, [live, lookUp]);
  return null;
}
