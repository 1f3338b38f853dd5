import { VARIANT_LABELS, VARIANTS } from "@chess/shared";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "../../components/Button.tsx";
import { SelectField } from "../../components/SelectField.tsx";
import { useNow } from "../game/index.ts";
import { useWatchList } from "./useWatchList.ts";
import { WatchCard } from "./WatchCard.tsx";
import { shownGames, type WatchFilter } from "./watchStore.ts";
import "./WatchView.css";

const FILTERS = [
  { value: "all", label: "All variants" },
  ...VARIANTS.map((v) => ({ value: v, label: VARIANT_LABELS[v] })),
] as const;
const CLOCK_REDRAW_MS = 1_000;

/** The live games, top rated first, kept current; each opens as a spectator. */
export function WatchView() {
  const [filter, setFilter] = useState<WatchFilter>("all");
  const { state, loadMore } = useWatchList(filter);
  const games = shownGames(state);
  const now = useNow(
    games.some((g) => g.clockRunning),
    CLOCK_REDRAW_MS,
  );
  return (
    <div className="watch">
      <div className="watch__bar">
        <SelectField
          label="Variant"
          value={filter}
          options={FILTERS}
          onChange={(v) => setFilter(v as WatchFilter)}
          className="watch__filter"
        />
        <Link className="watch__tv btn btn--primary" to="/tv">
          Watch TV: the best game on
        </Link>
      </div>
      {state.status === "loading" ? <p className="watch__empty">Loading the games…</p> : null}
      {state.status === "failed" ? (
        <p className="watch__empty" role="alert">
          {state.error}
        </p>
      ) : null}
      {state.status === "ready" && games.length === 0 ? (
        <p className="watch__empty">
          No games are being played right now. <Link to="/">Start one in the lobby!</Link>
        </p>
      ) : null}
      {games.length > 0 ? (
        <ul className="watch__games" aria-label="Live games">
          {games.map((g) => (
            <WatchCard key={g.gameId} game={g} now={now} />
          ))}
        </ul>
      ) : null}
      {state.error && state.status === "ready" ? (
        <p className="watch__error" role="alert">
          {state.error}
        </p>
      ) : null}
      {state.nextCursor ? (
        <Button className="watch__more" onClick={() => void loadMore()} busy={state.loadingMore}>
          More games
        </Button>
      ) : null}
    </div>
  );
}
