import { useEffect } from "react";
import { useNavigate } from "react-router";
import { useRealtime } from "../../lib/realtime.ts";
import { playPath, playRouteState } from "./routeState.ts";

/** Opens /play with the SPEC §2 route state whenever a game starts, wherever the player is (SPEC §4 Game). */
export function GameStartListener() {
  const realtime = useRealtime();
  const navigate = useNavigate();
  useEffect(
    () =>
      realtime.on("gameStarted", (game) => {
        void navigate(playPath(game.gameId), { state: playRouteState(game, Date.now()) });
      }),
    [realtime, navigate],
  );
  return null;
}
