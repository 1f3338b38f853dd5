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
        <div className="arena-standings__scroll">
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
                  <tr
                    key={row.username}
                    className={mine ? "is-me" : undefined}
                    aria-current={mine ? "true" : undefined}
                  >
                    <td className="arena-standings__rank">{row.rank}</td>
                    <td className="arena-standings__player">
                      <Link to={`/profile?username=${encodeURIComponent(row.username)}`}>{row.username}</Link>{" "}
                      {row.onFire ? (
                        <span className="arena-standings__fire" title="On fire: the next win counts double">
                          <FlameIcon />
                          <span className="visually-hidden">On fire</span>
                        </span>
                      ) : null}{" "}
                      {row.paused ? (
                        <span className="arena-standings__paused" title="Paused: not paired until they come back">
                          paused
                        </span>
                      ) : null}{" "}
                      {row.clubId !== null && clubNames?.[row.clubId] ? (
                        <span className="arena-standings__club">{clubNames[row.clubId]}</span>
                      ) : null}{" "}
                      <span className="arena-standings__rating">{row.rating}</span>
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
        </div>
      )}
      {rows.some((r) => r.sheet.length > 0) ? (
        <p className="arena-standings__explain" role="status">
          {explained ?? "Tap a score to see the rule behind it."}
        </p>
      ) : null}
    </section>
  );
}

function FlameIcon() {
  return (
    <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
      <path
        d="M12 2c1 3.5-1.5 5.5-3 7.5S6 13.5 6 15a6 6 0 0 0 12 0c0-2.7-1.6-4.6-2.6-5.6.1 1.6-.5 2.9-1.6 3.4.4-3.4-.6-7.3-1.8-10.8z"
        fill="currentColor"
      />
    </svg>
  );
}
