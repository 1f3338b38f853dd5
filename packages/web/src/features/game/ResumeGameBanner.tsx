import type { GameStarted } from "@chess/shared";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useRealtime } from "../../lib/realtime.ts";
import { readCurrentGameId, storeCurrentGameId } from "./currentGame.ts";
import { playPath } from "./routeState.ts";
import "./GamePanels.css";

/** On the lobby: a way back to the game this tab is still playing, if any. */
export function ResumeGameBanner() {
  const realtime = useRealtime();
  const [game, setGame] = useState<GameStarted>();
  useEffect(() => {
    const gameId = readCurrentGameId();
    if (!gameId) return;
    let current = true;
    void realtime.request("resync", { gameId }).then((answer) => {
      if (!current) return;
      if (answer.ok && answer.data?.status === "active" && !answer.data.spectator) setGame(answer.data);
      else if (answer.ok || answer.code === "not_found") storeCurrentGameId(undefined);
    });
    return () => {
      current = false;
    };
  }, [realtime]);
  if (!game) return null;
  return (
    <p className="resume-game" role="status">
      Your game against <strong>{game.opponent}</strong> is still on.{" "}
      <Link to={playPath(game.gameId)}>Return to the game</Link>
    </p>
  );
}
