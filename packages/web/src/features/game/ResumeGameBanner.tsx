import { Link, useLocation } from "react-router";
import { liveGameControl } from "./liveGames.ts";
import { playPath } from "./routeState.ts";
import { useLiveGames } from "./useLiveGames.tsx";
import "./GamePanels.css";

/**
 * On every page but the game's own: "You are playing X — Resume" for each game the player has on, from any
 * tab or device. A player away from the board may be claimed against, so the way back is never out of sight.
 */
export function ResumeGameBanner() {
  const { pathname, search } = useLocation();
  const open = pathname === "/play" ? new URLSearchParams(search).get("gameId") : null;
  const games = useLiveGames().filter((g) => g.gameId !== open);
  if (games.length === 0) return null;
  return (
    <div className="resume-game" role="status">
      {games.map((g) => (
        <p key={g.gameId} className="resume-game__game">
          <span>You are playing</span> <strong className="resume-game__name">{g.opponent}</strong>{" "}
          <span className="resume-game__details">
            ({liveGameControl(g)}, {g.isWhite ? "White" : "Black"}) —
          </span>{" "}
          <Link to={playPath(g.gameId)}>Resume</Link>
        </p>
      ))}
    </div>
  );
}
