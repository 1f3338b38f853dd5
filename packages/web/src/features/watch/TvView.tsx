import type { Color, WatchedGame } from "@chess/shared";
import { useEffect, useMemo, useReducer, useRef, useState } from "react";
import { Link } from "react-router";
import { Button } from "../../components/Button.tsx";
import { MoveTable } from "../board/index.ts";
import { ChatPanel } from "../chat/index.ts";
import {
  CLOCK_TICK_MS,
  endReasonText,
  GamePlayerBar,
  type GameState,
  gameScore,
  gameTypeLabel,
  LiveBoard,
  shownPly,
  useLiveBoardWidth,
  useLiveGame,
  useNow,
} from "../game/index.ts";
import { OpeningName } from "../openings/index.ts";
import { initialTv, TV_PAUSE_MS, tvReducer } from "./tvStore.ts";
import { useTvBoardWidth } from "./useTvBoardWidth.ts";
import { useWatchList } from "./useWatchList.ts";
import "./TvView.css";

const NO_MOVES = () => false;
const rated = (rating: number | null | undefined) =>
  typeof rating === "number" ? <span className="tv__rating"> ({rating})</span> : null;
const NOTHING = () => {};

/** The TV: the best game on, live; when it ends, the next best after a short pause. */
export function TvView() {
  const { state: list } = useWatchList("all");
  const [tv, dispatch] = useReducer(tvReducer, initialTv);
  const ready = list.status === "ready";
  const ids = list.live.map((g) => g.gameId).join(" ");
  useEffect(() => {
    if (ready) dispatch({ type: "listed", gameIds: ids ? ids.split(" ") : [] });
  }, [ready, ids]);
  useEffect(() => {
    if (tv.moveOnAt === null) return;
    const at = tv.moveOnAt;
    // A timer may fire a millisecond early: the tick is never before its time.
    const t = setTimeout(() => dispatch({ type: "tick", now: Math.max(Date.now(), at) }), Math.max(0, at - Date.now()));
    return () => clearTimeout(t);
  }, [tv.moveOnAt]);

  if (!tv.gameId) {
    return (
      <p className="tv__empty">
        {ready
          ? "No game is being played right now. The TV shows the best one as soon as it starts."
          : (list.error ?? "Looking for the best game on…")}
      </p>
    );
  }
  const gameId = tv.gameId;
  return (
    <TvGame
      key={gameId}
      gameId={gameId}
      listed={list.live.find((g) => g.gameId === gameId)}
      movingOn={tv.moveOnAt !== null}
      onEnded={() => dispatch({ type: "ended", gameId, now: Date.now() })}
    />
  );
}

function TvGame({
  gameId,
  listed,
  movingOn,
  onEnded,
}: {
  gameId: string;
  /** The game as the Watch list shows it, for the players' ratings (it leaves the list when it ends). */
  listed: WatchedGame | undefined;
  movingOn: boolean;
  onEnded: () => void;
}) {
  const { state, loadError, actions } = useLiveGame(gameId);
  const [ratings, setRatings] = useState<Record<Color, number | null>>();
  useEffect(() => {
    if (listed) setRatings({ w: listed.white.rating, b: listed.black.rating });
  }, [listed]);
  const ended = state !== null && state.status !== "active";
  useEffect(() => {
    if (ended || loadError) onEnded();
  }, [ended, loadError, onEnded]);
  const { viewPly } = actions;
  if (!state) return <p className="tv__empty">{loadError ?? "Loading the game…"}</p>;
  return <TvBoard state={state} ratings={ratings} movingOn={movingOn} viewPly={viewPly} />;
}

function TvBoard({
  state,
  ratings,
  movingOn,
  viewPly,
}: {
  state: GameState;
  ratings: Record<Color, number | null> | undefined;
  movingOn: boolean;
  /** Shows the position after a ply; null follows the game again. */
  viewPly: (ply: number | null) => void;
}) {
  const board = useLiveBoardWidth();
  const center = useRef<HTMLDivElement>(null);
  const boardWidth = useTvBoardWidth(center, board.width, board.oneColumn);
  const active = state.status === "active";
  const now = useNow(active && state.clock.running, CLOCK_TICK_MS);
  const result = state.result;
  const fens = useMemo(() => [state.initialFen, ...state.history.map((p) => p.fen)], [state.initialFen, state.history]);
  return (
    <div className="tv">
      <div className="tv__center" style={{ maxWidth: boardWidth }} ref={center}>
        <div className="tv__head">
          <h2 className="tv__title">
            {state.white}
            {rated(ratings?.w)} <span className="tv__vs">vs</span> {state.black}
            {rated(ratings?.b)}
          </h2>
          <p className="tv__line">{gameTypeLabel(state)}</p>
        </div>
        <GamePlayerBar state={state} color="b" place="top" now={now} />
        <LiveBoard
          state={state}
          orientation="white"
          boardWidth={boardWidth}
          onMove={NO_MOVES}
          onPremove={NOTHING}
          onCancelPremove={NOTHING}
        />
        <GamePlayerBar state={state} color="w" place="bottom" now={now} />
        {result ? (
          <p className="tv__result" role="status">
            {[gameScore(result), endReasonText(result)].filter(Boolean).join(" · ")}
            {movingOn ? ` - the next game in ${TV_PAUSE_MS / 1000} seconds` : ""}
          </p>
        ) : null}
        <p className="tv__links">
          <Link to={`/play?gameId=${encodeURIComponent(state.gameId)}`}>Open this game</Link>
          <Link to="/watch">All live games</Link>
        </p>
      </div>
      <div className="tv__side">
        <section className="tv__moves card" aria-labelledby="tv-moves-title">
          <h2 id="tv-moves-title">Moves</h2>
          <OpeningName fens={fens} />
          <MoveTable
            initialFen={state.initialFen}
            sans={state.history.map((p) => p.san)}
            currentPly={shownPly(state)}
            onSelect={viewPly}
          />
          {state.viewPly !== null ? (
            <Button variant="ghost" onClick={() => viewPly(null)}>
              Back to live
            </Button>
          ) : null}
        </section>
        <ChatPanel chatId={state.gameId} chatType="game" title="Game chat" className="tv__chat" readOnly />
      </div>
    </div>
  );
}
