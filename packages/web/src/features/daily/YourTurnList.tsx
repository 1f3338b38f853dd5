import { VARIANT_LABELS } from "@chess/shared";
import { Link } from "react-router";
import { useNow } from "../game/index.ts";
import { dailyGamePath } from "./dailyApi.ts";
import { formatTimeLeft, isLowTime, lastMoveText, sortByTimeLeft, timeLeftAt } from "./dailyTime.ts";
import { useDailyGames } from "./useDailyGames.ts";
import "./YourTurnList.css";

/**
 * My daily games in progress, those waiting for my move first, least time left first: opponent, time left,
 * the last move's number and whose turn it is; each opens its board.
 */
export function YourTurnList() {
  const { loaded, games } = useDailyGames();
  const now = useNow(games.length > 0, 30_000);
  if (!loaded) return <p role="status">Loading your daily games…</p>;
  if (games.length === 0) {
    return <p className="your-turn__empty">You have no daily games in progress. Create or accept one in the lobby.</p>;
  }
  const sorted = sortByTimeLeft(games, now);
  return (
    <table className="your-turn" aria-label="Your daily games">
      <thead>
        <tr>
          <th scope="col">Opponent</th>
          <th scope="col">Turn</th>
          <th scope="col">Time left</th>
          <th scope="col" className="your-turn__optional">
            Last move
          </th>
        </tr>
      </thead>
      <tbody>
        {sorted.map((g) => {
          const left = timeLeftAt(g, now);
          const low = isLowTime(left, g.days);
          return (
            <tr
              key={g.gameId}
              className={g.myTurn ? "your-turn__row is-mine" : "your-turn__row"}
              data-testid="daily-entry"
            >
              <td>
                <Link to={dailyGamePath(g.gameId)} className="your-turn__link">
                  {g.opponent}
                </Link>
                <span className="your-turn__kind">
                  {VARIANT_LABELS[g.variant]} · {g.days} day{g.days === 1 ? "" : "s"}
                </span>
              </td>
              <td>{g.myTurn ? <strong>Your turn</strong> : g.opponentOnVacation ? "On vacation" : "Their turn"}</td>
              <td className={low && g.myTurn ? "your-turn__time is-low" : "your-turn__time"}>
                {formatTimeLeft(left)}
                {g.paused ? " (paused)" : ""}
              </td>
              <td className="your-turn__optional">{lastMoveText(g.ply, g.lastMove)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
