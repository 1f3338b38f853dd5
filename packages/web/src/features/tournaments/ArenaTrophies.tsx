import type { ArenaTrophy } from "@chess/shared";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { shortDate } from "../../lib/dates.ts";
import { ordinal } from "./arenaText.ts";
import { type TournamentsApi, tournamentPath, tournamentsApi } from "./tournamentsApi.ts";
import "./ArenaTrophies.css";

/** A player's podiums in finished arenas, latest first; nothing at all while there are none. */
export function ArenaTrophies({ username, api = tournamentsApi }: { username: string; api?: TournamentsApi }) {
  const [trophies, setTrophies] = useState<ArenaTrophy[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    setTrophies([]);
    // An extra of the profile: a failure leaves it out.
    api.trophies(username, controller.signal).then(setTrophies, () => {});
    return () => controller.abort();
  }, [api, username]);
  if (trophies.length === 0) return null;
  return (
    <section className="arena-trophies" aria-labelledby="arena-trophies-title">
      <h2 id="arena-trophies-title" className="profile__section-title">
        Tournament trophies
      </h2>
      <ul className="arena-trophies__list">
        {trophies.map((t) => (
          <li key={t.tournamentId} className="arena-trophies__item card">
            <TrophyIcon rank={t.rank} />
            <span className="arena-trophies__what">
              <Link to={tournamentPath(t.tournamentId)}>{t.name}</Link>
              <span className="arena-trophies__when">
                {ordinal(t.rank)} · {shortDate(t.finishedAt)}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A cup in the colour of the place: gold, silver, bronze. */
function TrophyIcon({ rank }: { rank: number }) {
  return (
    <svg
      className={`arena-trophies__cup arena-trophies__cup--${Math.min(rank, 3)}`}
      viewBox="0 0 24 24"
      width="28"
      height="28"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M7 3h10v2h3v3a4 4 0 0 1-4 4h-.3A5 5 0 0 1 13 14.9V18h3v3H8v-3h3v-3.1A5 5 0 0 1 8.3 12H8a4 4 0 0 1-4-4V5h3zm0 4H6v1a2 2 0 0 0 1 1.7zm10 0v2.7A2 2 0 0 0 18 8V7z"
        fill="currentColor"
      />
    </svg>
  );
}
