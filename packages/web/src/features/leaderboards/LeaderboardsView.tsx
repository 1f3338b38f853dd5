import { LEADERBOARD_EMPTY, TIME_CLASS_LABEL, TIME_CLASSES, type TimeClass, VARIANT_LABELS } from "@chess/shared";
import { type FormEvent, useEffect, useId, useReducer } from "react";
import { Link } from "react-router";
import { Button } from "../../components/Button.tsx";
import { SelectField } from "../../components/SelectField.tsx";
import { errorMessage } from "../../lib/api.ts";
import { useIdentity } from "../accounts/index.ts";
import { PlayerAvatar } from "../profile/index.ts";
import { type LeaderboardsApi, leaderboardsApi } from "./leaderboardsApi.ts";
import {
  type BoardVariant,
  type EloType,
  eloTypeEnabled,
  initialLeaderboards,
  leaderboardsReducer,
  podium,
  showNext,
  showPrevious,
} from "./leaderboardsStore.ts";
import "./LeaderboardsView.css";

const VARIANTS: ReadonlyArray<{ value: BoardVariant; label: string }> = [
  { value: "standard", label: "Standard" },
  { value: "jumpstart", label: "Jumpstart" },
  { value: "fun", label: VARIANT_LABELS.fun },
];
const TIME_OPTIONS = TIME_CLASSES.map((t) => ({ value: t, label: TIME_CLASS_LABEL[t] }));
const ELO_TYPE_OPTIONS = [
  { value: "global", label: "Global" },
  { value: "club", label: "Club" },
];
const GLOBAL = "global";

/** Rankings with their filters and paging (SPEC §2 Leaderboards). */
export function LeaderboardsView({ client = leaderboardsApi }: { client?: LeaderboardsApi }) {
  const ids = useId();
  const { identity } = useIdentity();
  const [state, dispatch] = useReducer(leaderboardsReducer, undefined, initialLeaderboards);
  const { draft, request } = state;
  const loggedIn = identity.kind === "user";

  useEffect(() => {
    if (!loggedIn) {
      dispatch({ type: "clubsLoaded", clubs: [] });
      return;
    }
    const controller = new AbortController();
    client.clubs(controller.signal).then(
      (clubs) => dispatch({ type: "clubsLoaded", clubs }),
      // A guest (401) or a failure: the Filter offers Global only.
      () => {
        if (!controller.signal.aborted) dispatch({ type: "clubsLoaded", clubs: [] });
      },
    );
    return () => controller.abort();
  }, [client, loggedIn]);

  useEffect(() => {
    const controller = new AbortController();
    client.board(request, controller.signal).then(
      (board) => dispatch({ type: "loaded", request, board }),
      (error: unknown) => {
        if (!controller.signal.aborted) dispatch({ type: "failed", request, message: errorMessage(undefined, error) });
      },
    );
    return () => controller.abort();
  }, [client, request]);

  function apply(event: FormEvent) {
    event.preventDefault();
    dispatch({ type: "applied" });
  }

  const shown = request.filters;
  const club = shown.clubId === null ? null : state.clubs.find((c) => c.clubId === shown.clubId);
  const caption = [
    VARIANTS.find((v) => v.value === shown.variant)?.label,
    TIME_CLASS_LABEL[shown.timeClass],
    club ? `${club.clubName} · ${shown.eloType === "club" ? "club Elo" : "global Elo"}` : "Global",
  ].join(" · ");

  return (
    <div className="leaderboards">
      <form className="leaderboards__filters card" onSubmit={apply} aria-label="Choose a leaderboard">
        <SelectField
          className="lb-field"
          label="Game Variant"
          value={draft.variant}
          options={VARIANTS}
          onChange={(v) => dispatch({ type: "draftChanged", change: { variant: v as BoardVariant } })}
        />
        <SelectField
          className="lb-field"
          label="Time Variant"
          value={draft.timeClass}
          options={TIME_OPTIONS}
          onChange={(v) => dispatch({ type: "draftChanged", change: { timeClass: v as TimeClass } })}
        />
        <SelectField
          className="lb-field"
          label="Filter"
          value={draft.clubId === null ? GLOBAL : String(draft.clubId)}
          options={[
            { value: GLOBAL, label: "Global" },
            ...state.clubs.map((c) => ({ value: String(c.clubId), label: c.clubName })),
          ]}
          onChange={(v) => dispatch({ type: "draftChanged", change: { clubId: v === GLOBAL ? null : Number(v) } })}
        />
        <SelectField
          className="lb-field"
          label="Elo Type"
          value={draft.eloType}
          options={ELO_TYPE_OPTIONS}
          disabled={!eloTypeEnabled(draft)}
          hint={eloTypeEnabled(draft) ? undefined : "Choose a club to rank by club Elo"}
          onChange={(v) => dispatch({ type: "draftChanged", change: { eloType: v as EloType } })}
        />
        <Button type="submit" variant="primary" className="leaderboards__apply">
          Get Leaderboards
        </Button>
      </form>

      <section className="leaderboards__board card" aria-labelledby={`${ids}-board`}>
        <header className="leaderboards__board-head">
          <h2 id={`${ids}-board`}>Rankings</h2>
          <p className="leaderboards__caption">{caption}</p>
        </header>
        {state.error ? (
          <p className="leaderboards__error" role="alert">
            {state.error}
          </p>
        ) : state.status === "loading" && state.rows.length === 0 ? (
          <p className="leaderboards__muted">Loading rankings…</p>
        ) : state.rows.length === 0 ? (
          <p className="leaderboards__empty">{LEADERBOARD_EMPTY}</p>
        ) : (
          <>
            <div className="lb-head" aria-hidden="true">
              <span>#</span>
              <span>Player</span>
              <span className="lb-head__games">Games</span>
              <span className="lb-head__elo">Elo</span>
            </div>
            <ol
              className="lb-list"
              aria-label={`Rankings, page ${request.pageNo}`}
              aria-busy={state.status === "loading" || undefined}
            >
              {state.rows.map((row) => {
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
                      <PlayerAvatar username={row.username} avatarUrl={row.avatarUrl} size="sm" />
                      <span className="lb-row__name">{row.username}</span>
                      <span className="lb-row__games">
                        {row.gamesPlayed}
                        <span className="visually-hidden"> games,</span>
                      </span>
                      <span className="lb-row__elo">
                        <span className="visually-hidden">Elo </span>
                        {row.elo}
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ol>
          </>
        )}
        {showPrevious(state) || showNext(state) ? (
          <nav className="leaderboards__paging" aria-label="Leaderboard pages">
            {showPrevious(state) ? (
              <Button onClick={() => dispatch({ type: "pageRequested", pageNo: request.pageNo - 1 })}>Previous</Button>
            ) : null}
            <span className="leaderboards__page">
              Page {request.pageNo} of {state.lastPage}
            </span>
            {showNext(state) ? (
              <Button onClick={() => dispatch({ type: "pageRequested", pageNo: request.pageNo + 1 })}>Next</Button>
            ) : null}
          </nav>
        ) : null}
      </section>
    </div>
  );
}
