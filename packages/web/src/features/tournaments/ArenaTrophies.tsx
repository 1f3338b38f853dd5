import type { ArenaTrophy } from "@chess/shared";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { shortDate } from "../../lib/dates.ts";
import { ordinal } from "./arenaText.ts";
import { type TournamentsApi, tournamentPath, tournamentsApi } from "./tournamentsApi.ts";
import "./ArenaTrophies.css";

const MEDALS: Record<number, string> = { 1: "🥇", 2: "🥈", 3: "🥉" };

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
            <span className="arena-trophies__medal" aria-hidden="true">
              {MEDALS[t.rank] ?? "🏅"}
            </span>
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
