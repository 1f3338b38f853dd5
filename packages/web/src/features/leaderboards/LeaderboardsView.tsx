import { LEADERBOARD_EMPTY, TIME_CLASS_LABEL, TIME_CLASSES, type TimeClass, VARIANT_LABELS } from "@chess/shared";
import { type FormEvent, useEffect, useId, useReducer, useRef } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { Button } from "../../components/Button.tsx";
import { SelectField } from "../../components/SelectField.tsx";
import { errorMessage } from "../../lib/api.ts";
import { useIdentity } from "../accounts/index.ts";
import { LeaderboardRows } from "./LeaderboardRows.tsx";
import { LeaderboardsOverview } from "./LeaderboardsOverview.tsx";
import { type LeaderboardsApi, leaderboardsApi } from "./leaderboardsApi.ts";
import {
  type BoardVariant,
  type EloType,
  eloTypeEnabled,
  initialLeaderboards,
  leaderboardsReducer,
  showNext,
  shownLocation,
  showPrevious,
} from "./leaderboardsStore.ts";
import { boardSearch, readBoardSearch } from "./leaderboardsUrl.ts";
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

/**
 * Rankings (SPEC §2 Leaderboards): the top players of every board, or one board in full with its filters and
 * paging. The address names the board shown (`?gameVariant=standard&timeVariant=blitz&pageNo=2`), so Back
 * and a shared link show the same.
 */
export function LeaderboardsView({ client = leaderboardsApi }: { client?: LeaderboardsApi }) {
  const ids = useId();
  const { identity } = useIdentity();
  const location = useLocation();
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(leaderboardsReducer, location.search, (search) =>
    initialLeaderboards(readBoardSearch(search)),
  );
  const { draft, request, mode } = state;
  const loggedIn = identity.kind === "user";

  useEffect(() => {
    dispatch({ type: "located", board: readBoardSearch(location.search) });
  }, [location.search]);

  const shown = shownLocation(state);
  const wantedSearch = shown ? boardSearch(shown) : "";
  const currentSearch = useRef(location.search);
  currentSearch.current = location.search;
  useEffect(() => {
    // Only a change of the board shown moves the address (an address change comes in through "located"); an
    // address that names the same board in other words is rewritten in place, so Back does not return to it.
    const current = currentSearch.current;
    if (wantedSearch === current) return;
    const named = readBoardSearch(current);
    navigate({ search: wantedSearch }, { replace: (named ? boardSearch(named) : "") === wantedSearch });
  }, [wantedSearch, navigate]);

  useEffect(() => {
    if (mode !== "overview") return;
    const controller = new AbortController();
    client.overview(controller.signal).then(
      (overview) => dispatch({ type: "overviewLoaded", overview }),
      (error: unknown) => {
        if (!controller.signal.aborted) dispatch({ type: "overviewFailed", message: errorMessage(undefined, error) });
      },
    );
    return () => controller.abort();
  }, [client, mode]);

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
    if (mode !== "board") return;
    const controller = new AbortController();
    client.board(request, controller.signal).then(
      (board) => dispatch({ type: "loaded", request, board }),
      (error: unknown) => {
        if (!controller.signal.aborted) dispatch({ type: "failed", request, message: errorMessage(undefined, error) });
      },
    );
    return () => controller.abort();
  }, [client, request, mode]);

  function apply(event: FormEvent) {
    event.preventDefault();
    dispatch({ type: "applied" });
  }

  const filters = request.filters;
  const club = filters.clubId === null ? null : state.clubs.find((c) => c.clubId === filters.clubId);
  const caption = [
    VARIANTS.find((v) => v.value === filters.variant)?.label,
    TIME_CLASS_LABEL[filters.timeClass],
    club ? `${club.clubName} · ${filters.eloType === "club" ? "club Elo" : "global Elo"}` : "Global",
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

      {mode === "overview" ? (
        <LeaderboardsOverview overview={state.overview} />
      ) : (
        <section className="leaderboards__board card" aria-labelledby={`${ids}-board`}>
          <header className="leaderboards__board-head">
            <h2 id={`${ids}-board`}>Rankings</h2>
            <p className="leaderboards__caption">{caption}</p>
            <Link className="leaderboards__back" to="/leaderboards">
              All leaderboards
            </Link>
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
              <LeaderboardRows
                rows={state.rows}
                label={`Rankings, page ${request.pageNo}`}
                busy={state.status === "loading"}
              />
            </>
          )}
          {showPrevious(state) || showNext(state) ? (
            <nav className="leaderboards__paging" aria-label="Leaderboard pages">
              {showPrevious(state) ? (
                <Button onClick={() => dispatch({ type: "pageRequested", pageNo: request.pageNo - 1 })}>
                  Previous
                </Button>
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
      )}
    </div>
  );
}
