import type { ArenaTopGame } from "@chess/shared";
import { Link } from "react-router";
import { playPath } from "../game/index.ts";

/** The best games being played now (the two players' ranks lowest), each a link to watch it. */
export function ArenaTopGames({ games }: { games: readonly ArenaTopGame[] }) {
  if (games.length === 0) return null;
  return (
    <section className="arena-top-games card" aria-labelledby="arena-top-games-title">
      <h2 id="arena-top-games-title">Top games now</h2>
      <ul className="arena-top-games__list">
        {games.map((g) => (
          <li key={g.gameId}>
            <Link to={playPath(g.gameId)} aria-label={`Watch ${g.white} vs ${g.black}`}>
              <span className="arena-muted">#{g.whiteRank}</span> {g.white} <span className="arena-muted">vs</span>{" "}
              <span className="arena-muted">#{g.blackRank}</span> {g.black}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
