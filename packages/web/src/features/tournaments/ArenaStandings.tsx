import type { ArenaStandingRow } from "@chess/shared";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "../../components/Button.tsx";
import { ArenaSheet } from "./ArenaSheet.tsx";

export interface ArenaStandingsProps {
  rows: readonly ArenaStandingRow[];
  /** My name: my line is marked. */
  me: string | null;
  page: number;
  nbPages: number;
  onPage: (page: number) => void;
  /** A club battle: each player's club by id. */
  clubNames?: Record<number, string>;
}

/** The standings: rank, player, rating, sheet and points, with fire and paused marks; ten a page. */
export function ArenaStandings({ rows, me, page, nbPages, onPage, clubNames }: ArenaStandingsProps) {
  const [explained, setExplained] = useState<string>();
  return (
    <section className="arena-standings card" aria-labelledby="arena-standings-title">
      <div className="arena-standings__head">
        <h2 id="arena-standings-title">Standings</h2>
        {nbPages > 1 ? (
          <nav className="arena-standings__pages" aria-label="Standings pages">
            <Button variant="ghost" disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label="Previous page">
              ‹
            </Button>
            <span>
              Page {page} of {nbPages}
            </span>
            <Button variant="ghost" disabled={page >= nbPages} onClick={() => onPage(page + 1)} aria-label="Next page">
              ›
            </Button>
          </nav>
        ) : null}
      </div>
      {rows.length === 0 ? (
        <p className="arena-muted">Nobody has joined yet.</p>
      ) : (
        <table className="arena-standings__table">
          <thead>
            <tr>
              <th scope="col" className="arena-standings__rank">
                <span className="visually-hidden">Rank</span>#
              </th>
              <th scope="col">Player</th>
              <th scope="col" className="arena-standings__sheet-col">
                Games
              </th>
              <th scope="col" className="arena-standings__points">
                Points
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const mine = me !== null && row.username.toLowerCase() === me.toLowerCase();
              return (
                <tr key={row.username} className={mine ? "is-me" : undefined} aria-current={mine ? "true" : undefined}>
                  <td className="arena-standings__rank">{row.rank}</td>
                  <td className="arena-standings__player">
                    <Link to={`/profile?username=${encodeURIComponent(row.username)}`}>{row.username}</Link>{" "}
                    <span className="arena-standings__rating">{row.rating}</span>
                    {row.onFire ? (
                      <span
                        className="arena-standings__fire"
                        title="On fire: the next win counts double"
                        role="img"
                        aria-label="On fire"
                      >
                        🔥
                      </span>
                    ) : null}
                    {row.paused ? (
                      <span className="arena-standings__paused" title="Paused: not paired until they come back">
                        paused
                      </span>
                    ) : null}
                    {row.clubId !== null && clubNames?.[row.clubId] ? (
                      <span className="arena-standings__club">{clubNames[row.clubId]}</span>
                    ) : null}
                  </td>
                  <td className="arena-standings__sheet-col">
                    <ArenaSheet sheet={row.sheet} onExplain={setExplained} />
                  </td>
                  <td className="arena-standings__points">
                    <strong>{row.points}</strong>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <p className="arena-standings__explain" role="status">
        {explained ?? "Tap a score to see the rule behind it."}
      </p>
    </section>
  );
}
