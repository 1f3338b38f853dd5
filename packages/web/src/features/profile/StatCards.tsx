import { type RatingHistory, type Statistic, TIME_CLASS_LABEL, TIME_CLASSES, type TimeClass } from "@chess/shared";
import { useId, useState } from "react";
import { formatWinrate } from "./profileText.ts";
import { RatingChart } from "./RatingChart.tsx";
import "./StatCards.css";

/** One collapsible card per time variant: rating, games, winrate and the rating chart (SPEC §2 Profile). */
export function StatCards({ stats, ratings }: { stats: Statistic[] | null; ratings: RatingHistory | null }) {
  // A card the user has not toggled is open when it has games to show.
  const [toggled, setToggled] = useState<Partial<Record<TimeClass, boolean>>>({});
  return (
    <section className="stat-cards" aria-label="Statistics">
      {TIME_CLASSES.map((timeClass) => {
        const stat = stats?.find((s) => s.timeVariant === timeClass);
        const open = toggled[timeClass] ?? (stat ? stat.gamesPlayed > 0 : false);
        return (
          <StatCard
            key={timeClass}
            timeClass={timeClass}
            stat={stat}
            loading={stats === null}
            points={ratings?.[timeClass] ?? []}
            open={open}
            onToggle={() => setToggled((t) => ({ ...t, [timeClass]: !open }))}
          />
        );
      })}
    </section>
  );
}

function StatCard({
  timeClass,
  stat,
  loading,
  points,
  open,
  onToggle,
}: {
  timeClass: TimeClass;
  stat: Statistic | undefined;
  loading: boolean;
  points: ReadonlyArray<{ t: number; elo: number }>;
  open: boolean;
  onToggle(): void;
}) {
  const bodyId = useId();
  const label = TIME_CLASS_LABEL[timeClass];
  return (
    <article className={`stat-card${open ? " is-open" : ""}`} data-testid={`stat-card-${timeClass}`}>
      <h3 className="stat-card__heading">
        <button
          type="button"
          className="stat-card__toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={onToggle}
        >
          <TimeClassIcon timeClass={timeClass} />
          <span className="stat-card__name">{label}</span>
          <span className="stat-card__elo">
            {loading ? "…" : (stat?.eloPoints ?? "–")}
            <span className="stat-card__elo-unit"> elo</span>
          </span>
          <svg className="stat-card__chevron" viewBox="0 0 16 16" aria-hidden="true">
            <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </h3>
      <div className="stat-card__body" id={bodyId} hidden={!open}>
        <dl className="stat-card__numbers">
          <div>
            <dt>Games played</dt>
            <dd data-testid="games-played">{stat?.gamesPlayed ?? 0}</dd>
          </div>
          <div>
            <dt>Games won</dt>
            <dd>{stat?.gamesWon ?? 0}</dd>
          </div>
          <div>
            <dt>Winrate</dt>
            <dd data-testid="winrate">{formatWinrate(stat?.winrate ?? 0)}</dd>
          </div>
        </dl>
        <RatingChart label={label} points={points} />
      </div>
    </article>
  );
}

/** Lichess-like speed icons: a bullet, a flame, a clock, a turtle-slow hourglass, a sun for daily. Decorative. */
function TimeClassIcon({ timeClass }: { timeClass: TimeClass }) {
  const paths: Record<TimeClass, string> = {
    bullet: "M3 13l6-6m-2-2l5-2-2 5-4 4-2-2z",
    blitz: "M9 1L3 9h4l-1 6 6-8H8l1-6z",
    rapid: "M8 2a6 6 0 1 0 0 12A6 6 0 0 0 8 2zm0 3v3l2 2",
    classical: "M4 1h8M4 15h8M5 1c0 4 6 4 6 7s-6 3-6 7m6-14c0 4-6 4-6 7s6 3 6 7",
    daily: "M8 5a3 3 0 1 0 0 6 3 3 0 0 0 0-6zM8 1v2m0 10v2M1 8h2m10 0h2M3 3l1.5 1.5m7 7L13 13M3 13l1.5-1.5m7-7L13 3",
  };
  return (
    <svg className="stat-card__icon" viewBox="0 0 16 16" aria-hidden="true">
      <path
        d={paths[timeClass]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
