import type { ArenaStandingRow } from "@chess/shared";
import { Link } from "react-router";
import { ordinal } from "./arenaText.ts";

/** The three best of a finished arena, the winner in the middle as on a podium. */
export function ArenaPodium({ podium }: { podium: readonly ArenaStandingRow[] }) {
  if (podium.length === 0) return null;
  return (
    <section className="arena-podium card" aria-labelledby="arena-podium-title">
      <h2 id="arena-podium-title">Podium</h2>
      <ol className="arena-podium__steps">
        {podium.slice(0, 3).map((row) => (
          <li key={row.username} className={`arena-podium__step arena-podium__step--${row.rank}`}>
            <span className="arena-podium__place">{ordinal(row.rank)}</span>
            <Link className="arena-podium__name" to={`/profile?username=${encodeURIComponent(row.username)}`}>
              {row.username}
            </Link>
            <span className="arena-podium__points">{row.points} points</span>
            <span className="arena-muted">
              {row.sheet.length} game{row.sheet.length === 1 ? "" : "s"} · performance {row.performance}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
