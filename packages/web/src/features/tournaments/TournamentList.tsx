import type { ArenaSummary, TournamentList as List } from "@chess/shared";
import { useCallback, useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "../../components/Button.tsx";
import { errorMessage } from "../../lib/api.ts";
import { useIdentity } from "../accounts/index.ts";
import { useNow } from "../game/index.ts";
import { arenaClock, arenaVariant, countdownText, playersText, startsInText } from "./arenaText.ts";
import { CreateArenaModal } from "./CreateArenaModal.tsx";
import { type TournamentsApi, tournamentPath, tournamentsApi } from "./tournamentsApi.ts";
import "./TournamentList.css";

/** The list is read again this often: arenas start and end on their own, with no event to the lobby. */
export const LIST_REFRESH_MS = 30_000;

/**
 * The tournaments: starting soon (with their countdown), in progress, recently finished; Create arena. On the
 * lobby it names itself; on its own page (`/tournament`) the page's heading does.
 */
export function TournamentList({ api = tournamentsApi, titled = true }: { api?: TournamentsApi; titled?: boolean }) {
  const { identity } = useIdentity();
  const navigate = useNavigate();
  const [list, setList] = useState<List | null>(null);
  const [error, setError] = useState<string>();
  const [creating, setCreating] = useState(false);
  const now = useNow(list !== null, 1000);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const next = await api.list(signal);
        setList(next);
        setError(undefined);
      } catch (e) {
        if (!signal?.aborted) setError(errorMessage(undefined, e));
      }
    },
    [api],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    const t = setInterval(() => void load(controller.signal), LIST_REFRESH_MS);
    return () => {
      controller.abort();
      clearInterval(t);
    };
  }, [load]);

  const empty = list && list.created.length + list.started.length + list.finished.length === 0;
  const canCreate = identity.kind === "user";
  return (
    <section
      className="arena-list card"
      aria-labelledby={titled ? "arena-list-title" : undefined}
      aria-label={titled ? undefined : "Tournaments"}
    >
      {titled || canCreate ? (
        <div className="arena-list__head">
          {titled ? <h2 id="arena-list-title">Tournaments</h2> : <span />}
          {canCreate ? (
            <Button variant="secondary" onClick={() => setCreating(true)}>
              Create arena
            </Button>
          ) : null}
        </div>
      ) : null}
      {error && !list ? (
        <p className="arena-list__error" role="alert">
          {error}
        </p>
      ) : !list ? (
        <p className="arena-muted">Loading the tournaments…</p>
      ) : empty ? (
        <p className="arena-muted">No tournament right now. The next hourly arena is on its way.</p>
      ) : (
        <div className="arena-list__groups">
          <Group title="Starting soon" arenas={list.created} render={(a) => startsText(a, now)} />
          <Group title="In progress" arenas={list.started} render={(a) => playingText(a, now)} />
          <Group title="Finished" arenas={list.finished} render={finishedText} />
        </div>
      )}
      {creating ? (
        <CreateArenaModal
          api={api}
          onClose={() => setCreating(false)}
          onCreated={(arena) => {
            setCreating(false);
            void navigate(tournamentPath(arena.id));
          }}
        />
      ) : null}
    </section>
  );
}

function Group({
  title,
  arenas,
  render,
}: {
  title: string;
  arenas: ArenaSummary[];
  render: (a: ArenaSummary) => string;
}) {
  if (arenas.length === 0) return null;
  return (
    <div className="arena-list__group">
      <h3>{title}</h3>
      <ul>
        {arenas.map((a) => (
          <li key={a.id}>
            <Link className="arena-list__row" to={tournamentPath(a.id)}>
              <span className="arena-list__name">{a.name}</span>
              <span className="arena-list__kind">
                {arenaClock(a)} · {a.rated ? "Rated" : "Casual"}
                {a.variant === "standard" ? "" : ` · ${arenaVariant(a)}`}
              </span>
              <span className="arena-list__when">{render(a)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Under an hour away: the countdown itself; further: roughly. */
function startsText(a: ArenaSummary, now: number): string {
  const ms = a.startsAt - now;
  const when = ms < 3_600_000 ? `starts in ${countdownText(ms)}` : `starts ${startsInText(ms)}`;
  return `${when} · ${playersText(a.nbPlayers)}`;
}

function playingText(a: ArenaSummary, now: number): string {
  const end = a.endsAt ?? a.startsAt + a.durationMinutes * 60_000;
  return `${countdownText(end - now)} left · ${playersText(a.nbPlayers)}`;
}

function finishedText(a: ArenaSummary): string {
  return a.winner ? `won by ${a.winner} · ${playersText(a.nbPlayers)}` : playersText(a.nbPlayers);
}
