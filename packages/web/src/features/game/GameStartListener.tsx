import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { useRealtime } from "../../lib/realtime.ts";
import { playPath, playRouteState } from "./routeState.ts";

/** Opens /play with the SPEC §2 route state whenever a game starts, wherever the player is (SPEC §4 Game). */
export function GameStartListener() {
  const realtime = useRealtime();
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef("");
  useLayoutEffect(() => {
    here.current = location.pathname + location.search;
  });
  useEffect(
    () =>
      realtime.on("gameStarted", (game) => {
        const path = playPath(game.gameId);
        // Already open (an arena pairing opens its game first): the snapshot replaces that entry, no second one.
        void navigate(path, { state: playRouteState(game, Date.now()), replace: here.current === path });
      }),
    [realtime, navigate],
  );
  return null;
}
