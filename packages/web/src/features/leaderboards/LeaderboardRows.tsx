import type { LeaderboardRow } from "@chess/shared";
import { Link } from "react-router";
import { PlayerAvatar } from "../profile/index.ts";
import { podium } from "./leaderboardsStore.ts";

/** Ranked players, each linking to their profile; the top three wear their medal. */
export function LeaderboardRows({
  rows,
  label,
  busy = false,
  compact = false,
}: {
  rows: LeaderboardRow[];
  label: string;
  busy?: boolean;
  /** The overview's short lists: names and ratings only (lichess's /player), so names have the room. */
  compact?: boolean;
}) {
  return (
    <ol className={`lb-list${compact ? " lb-list--compact" : ""}`} aria-label={label} aria-busy={busy || undefined}>
      {rows.map((row) => {
        const medal = podium(row.rank);
        return (
          <li key={`${row.rank}-${row.username}`}>
            <Link
              className={`lb-row${medal ? ` lb-row--${medal}` : ""}`}
              to={`/profile?username=${encodeURIComponent(row.username)}`}
              data-testid="leaderboard-row"
            >
              <span className="lb-row__rank">
                <span className="visually-hidden">Rank </span>
                {row.rank}
              </span>
              {compact ? null : <PlayerAvatar username={row.username} avatarUrl={row.avatarUrl} size="sm" />}
              <span className="lb-row__name">{row.username}</span>
              {compact ? null : (
                <span className="lb-row__games">
                  {row.gamesPlayed}
                  <span className="visually-hidden"> games,</span>
                </span>
              )}
              <span className="lb-row__elo">
                <span className="visually-hidden">Elo </span>
                {row.elo}
              </span>
            </Link>
          </li>
        );
      })}
    </ol>
  );
}
