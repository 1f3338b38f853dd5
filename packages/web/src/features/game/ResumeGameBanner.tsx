import type { LiveGame } from "@chess/shared";
import { Link } from "react-router";
import { liveGameControl } from "./liveGames.ts";
import { playPath } from "./routeState.ts";
import "./GamePanels.css";

/** On the lobby: "You are playing X — Resume" for each game the player has on, from any tab or device. */
export function ResumeGameBanner({ games }: { games: LiveGame[] }) {
  if (games.length === 0) return null;
  return (
    <div className="resume-game" role="status">
      {games.map((g) => (
        <p key={g.gameId}>
          You are playing <strong>{g.opponent}</strong> ({liveGameControl(g)}, {g.isWhite ? "White" : "Black"}) —{" "}
          <Link to={playPath(g.gameId)}>Resume</Link>
        </p>
      ))}
    </div>
  );
}
