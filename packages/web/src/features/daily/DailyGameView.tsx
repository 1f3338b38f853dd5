import { type Color, END_REASON_TEXT, VARIANT_LABELS } from "@chess/shared";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "../../components/Button.tsx";
import { MoveTable, replayLine } from "../board/index.ts";
import { jumpstartStartText, MoveEntry, useNow } from "../game/index.ts";
import { ConditionalMoves } from "./ConditionalMoves.tsx";
import { DailyBoard } from "./DailyBoard.tsx";
import { dailyApi, dailyGamePath, refusalOf } from "./dailyApi.ts";
import { dailyMoveEntry, dailyTimeLeft, isMyTurn, opponentOnVacation } from "./dailyGameStore.ts";
import { formatTimeLeft, isLowTime, nextMyTurn } from "./dailyTime.ts";
import { useDailyGame } from "./useDailyGame.ts";
import { useDailyGames } from "./useDailyGames.ts";
import "./DailyGameView.css";

/** After my move, the next game where it is my turn opens this soon (the move is seen on the board first). */
const ADVANCE_MS = 800;

const colorName = (c: Color) => (c === "w" ? "White" : "Black");

/**
 * A daily game's page: the board, each side's time for its move in days and hours (paused while a player is
 * on vacation), the moves, resign and draw, and my conditional moves. After my move the next game where it
 * is my turn opens by itself (as on chess.com); "Next game" does the same at any time.
 */
export function DailyGameView({ gameId }: { gameId: string }) {
  const { state, loadError, notice, pending, actions } = useDailyGame(gameId);
  const mine = useDailyGames();
  const navigate = useNavigate();
  const now = useNow(state?.game.status === "active", 1000);
  const [viewPly, setViewPly] = useState<number | null>(null);
  const [conditionalsOpen, setConditionalsOpen] = useState(false);
  const [confirmResign, setConfirmResign] = useState(false);
  const advance = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(advance.current), []);

  const game = state?.game;
  const line = useMemo(() => (game ? replayLine(game.initialFen, game.moves) : undefined), [game]);
  if (!state || !game || !line) {
    return (
      <div className="daily-game daily-game--loading">
        <p role={loadError ? "alert" : "status"}>{loadError ?? "Loading the game…"}</p>
        {loadError ? <Link to="/daily">Your daily games</Link> : null}
      </div>
    );
  }

  const me = game.color;
  const orientation = me === "b" ? "black" : "white";
  const top: Color = me === "b" ? "w" : "b";
  const bottom: Color = top === "w" ? "b" : "w";
  const active = game.status === "active";
  // A club match game is never aborted: leaving it before both moved loses it.
  const aborts = game.ply < 2 && !game.clubMatch;
  const left = dailyTimeLeft(state, now);
  const next = nextMyTurn(mine.games, gameId, Date.now());
  const shownPly = viewPly ?? game.ply;
  const live = viewPly === null || viewPly === game.ply;
  const fen = pending && live ? pending.fen : (line.fens[shownPly] ?? game.fen);
  const lastMove = pending && live ? pending.uci : live ? game.lastMove : moveUci(line.moves[shownPly - 1]);
  const myTurn = isMyTurn(game) && !pending;
  const away = opponentOnVacation(game);
  const paused = active && game.deadline === null;

  const clock = (side: Color) => {
    if (!active) return null;
    if (side !== game.currentTurn || pending)
      return <span className="daily-clock">{formatTimeLeft(game.days * 86_400_000)} to move</span>;
    const low = isLowTime(left, game.days);
    return (
      <span
        className={`daily-clock daily-clock--running${low ? " daily-clock--low" : ""}${paused ? " daily-clock--paused" : ""}`}
        data-testid={`daily-clock-${side === bottom ? "bottom" : "top"}`}
      >
        {formatTimeLeft(left)} left{paused ? " (paused)" : ""}
      </span>
    );
  };
  const bar = (side: Color, place: "top" | "bottom") => (
    <div className={`daily-bar daily-bar--${place}`} data-testid={`daily-bar-${place}`}>
      <span className="daily-bar__who">
        <span className={`daily-bar__dot daily-bar__dot--${side}`} aria-hidden="true" />
        <Link to={`/profile?username=${encodeURIComponent(side === "w" ? game.white : game.black)}`}>
          {side === "w" ? game.white : game.black}
        </Link>
        {game.onVacation[side] ? <span className="daily-bar__away">On vacation</span> : null}
      </span>
      {clock(side)}
    </div>
  );

  async function move(input: Parameters<typeof actions.move>[0]) {
    setViewPly(null);
    const took = await actions.move(input);
    if (took && next) {
      clearTimeout(advance.current);
      advance.current = setTimeout(() => void navigate(dailyGamePath(next.gameId)), ADVANCE_MS);
    }
  }

  /** One move back or forward on the moves played, back to the game at its end. */
  const step = (delta: -1 | 1) =>
    setViewPly((v) => {
      const ply = Math.min(game.ply, Math.max(0, (v ?? game.ply) + delta));
      return ply === game.ply ? null : ply;
    });

  const status = !active
    ? resultText(game)
    : me === null
      ? `${colorName(game.currentTurn)} to move`
      : myTurn
        ? "Your turn"
        : away
          ? "Your opponent is on vacation: their clock is paused"
          : `Waiting for ${game.currentTurn === "w" ? game.white : game.black}`;

  return (
    <div className="daily-game">
      <div className="daily-game__board">
        {conditionalsOpen && me && active ? (
          <ConditionalMoves game={game} onSave={actions.saveConditionals} onClose={() => setConditionalsOpen(false)} />
        ) : (
          <>
            {bar(top, "top")}
            <DailyBoard
              id="daily-board"
              label={
                me
                  ? `Daily game board, you play ${colorName(me)}`
                  : `Daily game board, ${game.white} against ${game.black}`
              }
              fen={fen}
              orientation={orientation}
              mover={active && live && myTurn ? me : null}
              lastMove={lastMove}
              onMove={(m) => void move(m)}
            />
            {bar(bottom, "bottom")}
          </>
        )}
      </div>
      <div className="daily-game__side">
        <section className="card daily-game__status" aria-label="Game status">
          <p className="daily-game__type">
            {VARIANT_LABELS[game.variant]} · {game.days} day{game.days === 1 ? "" : "s"} per move ·{" "}
            {game.rated ? "Rated" : "Casual"}
          </p>
          {game.variant === "jumpstart" ? (
            <p className="daily-game__start" data-testid="jumpstart-start">
              {jumpstartStartText(game.initialFen, game.startEval)}
            </p>
          ) : null}
          <p className="daily-game__turn" role="status" data-testid="daily-status">
            {status}
          </p>
          {notice ? (
            <p className="daily-game__notice" role="alert">
              {notice}
            </p>
          ) : null}
          {active && me && game.drawOfferBy && game.drawOfferBy !== me ? (
            <fieldset className="daily-game__draw">
              <legend>Your opponent offers a draw.</legend>
              <Button variant="primary" onClick={() => void actions.offerDraw()}>
                Accept draw
              </Button>
              <Button onClick={actions.declineDraw}>Decline</Button>
            </fieldset>
          ) : null}
          {me ? (
            <div className="daily-game__next">
              <Button
                variant={!myTurn && next ? "primary" : "secondary"}
                disabled={!next}
                onClick={() => next && void navigate(dailyGamePath(next.gameId))}
              >
                Next game{next ? ` (${mine.games.filter((g) => g.myTurn && g.gameId !== gameId).length})` : ""}
              </Button>
              <Link to="/daily">All daily games</Link>
            </div>
          ) : null}
        </section>
        <section className="card daily-game__moves" aria-labelledby="daily-moves-title">
          <h2 id="daily-moves-title">Moves</h2>
          <MoveTable
            initialFen={game.initialFen}
            sans={game.moves}
            currentPly={shownPly}
            onSelect={(ply) => setViewPly(ply === game.ply ? null : ply)}
          />
        </section>
        {active && me && !conditionalsOpen ? (
          <MoveEntry
            game={dailyMoveEntry(game, pending, viewPly)}
            onMove={(m) => {
              void move(m);
              return true;
            }}
            onStep={step}
            onView={setViewPly}
          />
        ) : null}
        {active && me ? (
          <section className="card daily-game__actions" aria-label="Game actions">
            <Button
              onClick={() => setConditionalsOpen((o) => !o)}
              disabled={myTurn && !conditionalsOpen}
              title={myTurn ? "Conditional moves are entered while you wait for your opponent" : undefined}
            >
              {conditionalsOpen
                ? "Back to the game"
                : `Conditional moves${game.conditionals?.length ? ` (${game.conditionals.length})` : ""}`}
            </Button>
            <Button onClick={() => void actions.offerDraw()} disabled={game.drawOfferBy === me}>
              {game.drawOfferBy === me ? "Draw offered" : "Offer draw"}
            </Button>
            {confirmResign ? (
              <span className="daily-game__confirm">
                <Button variant="danger" onClick={actions.resign}>
                  {aborts ? "Abort the game" : "Resign the game"}
                </Button>
                <Button variant="ghost" onClick={() => setConfirmResign(false)}>
                  Keep playing
                </Button>
              </span>
            ) : (
              <Button variant="ghost" onClick={() => setConfirmResign(true)}>
                {aborts ? "Abort" : "Resign"}
              </Button>
            )}
          </section>
        ) : null}
        {!active ? (
          <section className="card daily-game__actions" aria-label="After the game">
            {me ? <RematchButton gameId={game.gameId} /> : null}
            <Link to={`/analysis?gameId=${encodeURIComponent(game.gameId)}`}>Analyse this game</Link>
          </section>
        ) : null}
      </div>
    </div>
  );
}

/** A rematch of a finished daily game: the new game at once when the opponent had asked, else a challenge. */
function RematchButton({ gameId }: { gameId: string }) {
  const navigate = useNavigate();
  const [text, setText] = useState<string>();
  const [busy, setBusy] = useState(false);
  async function ask() {
    setBusy(true);
    try {
      const answer = await dailyApi.rematch(gameId);
      if ("gameId" in answer) await navigate(dailyGamePath(answer.gameId));
      else setText("Rematch offered: it waits for your opponent.");
    } catch (e) {
      setText(refusalOf(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button variant="primary" busy={busy} disabled={text !== undefined} onClick={() => void ask()}>
        Rematch
      </Button>
      {text ? <span role="status">{text}</span> : null}
    </>
  );
}

const moveUci = (m: { from: string; to: string; promotion?: string } | undefined) =>
  m ? `${m.from}${m.to}${m.promotion ?? ""}` : null;

function resultText(game: {
  winningColor?: string;
  reason?: keyof typeof END_REASON_TEXT;
  white: string;
  black: string;
}) {
  const why = game.reason ? END_REASON_TEXT[game.reason] : "Game over";
  if (game.winningColor === "white") return `${game.white} won · ${why}`;
  if (game.winningColor === "black") return `${game.black} won · ${why}`;
  if (game.winningColor === "draw") return `Draw · ${why}`;
  return `Game over · ${why}`;
}
