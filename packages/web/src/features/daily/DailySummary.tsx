import { Link } from "react-router";
import { useNow } from "../game/index.ts";
import { dailySummary } from "./dailyTime.ts";
import { useDailyGames } from "./useDailyGames.ts";

/** The app's daily summary, e.g. on the lobby: "3 daily games wait for your move, 1 under 2 hours". */
export function DailySummary({ link = true }: { link?: boolean }) {
  const { games } = useDailyGames();
  const now = useNow(games.length > 0, 60_000);
  const text = dailySummary(games, now);
  if (!text) return null;
  return (
    <p className="daily-summary" role="status" data-testid="daily-summary">
      {text}.
      {link ? (
        <>
          {" "}
          <Link to="/daily">Your daily games</Link>
        </>
      ) : null}
    </p>
  );
}
