import { useState } from "react";
import { Link } from "react-router";
import { Button } from "../../components/Button.tsx";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { LoginModal, useIdentity } from "../accounts/index.ts";
import { ChatPanel } from "../chat/index.ts";
import { playPath, useNow } from "../game/index.ts";
import { ArenaBattle } from "./ArenaBattle.tsx";
import { ArenaPodium } from "./ArenaPodium.tsx";
import { ArenaStandings } from "./ArenaStandings.tsx";
import { ArenaTopGames } from "./ArenaTopGames.tsx";
import { type ArenaPhase, type ArenaState, arenaPhase, type JoinChoice, joinChoice, shownRows } from "./arenaStore.ts";
import { arenaLine, conditionLines, countdownText, ordinal, playersText, sheetMarks } from "./arenaText.ts";
import { TOURNAMENTS_PATH, type TournamentsApi } from "./tournamentsApi.ts";
import { useArena } from "./useArena.ts";
import "./TournamentView.css";

/** An arena's page: its header and clock, join / pause, live standings, my games, the top games, the chat. */
export function TournamentView({ id, api }: { id: string; api?: TournamentsApi }) {
  const { identity } = useIdentity();
  // Logging in changes what the server answers (my line, whether I may join): the arena is followed again.
  const viewer = identity.kind === "user" ? identity.username : null;
  return <ArenaContent key={viewer ?? ""} id={id} viewer={viewer} api={api} />;
}

function ArenaContent({ id, viewer, api }: { id: string; viewer: string | null; api?: TournamentsApi }) {
  const { state, busy, actionError, join, pause, goToPage } = useArena(id, api);
  const arena = state.arena;
  usePageTitle(arena?.name ?? "Tournament");
  const now = useNow(arena !== null && arena.status !== "finished", 1000);
  const [login, setLogin] = useState(false);

  if (!arena || !state.view) {
    return (
      <div className="arena-page">
        <h1>Tournament</h1>
        <p className="arena-page__lead" role={state.status === "failed" ? "alert" : undefined}>
          {state.status === "failed" ? (state.error ?? "Tournament not found") : "Loading the tournament…"}
        </p>
        {state.status === "failed" ? <Link to={TOURNAMENTS_PATH}>All tournaments</Link> : null}
      </div>
    );
  }

  const phase = arenaPhase(state, now);
  const choice = joinChoice(state, viewer !== null, now);
  const conditions = conditionLines(arena, state.view.clubName, state.view.clubNames);
  const chatRoom = state.view.chatRoom || arena.id;
  return (
    <div className="arena-page">
      <header className="arena-head card">
        <div className="arena-head__title">
          <h1>{arena.name}</h1>
          <p className="arena-head__line">{arenaLine(arena)}</p>
          <p className="arena-head__more">
            {arena.berserkable ? "Berserk allowed" : "No berserk"} · {arena.streaks ? "Streaks count" : "No streaks"}
            {state.view.clubName ? ` · Organised by ${state.view.clubName}` : ""}
          </p>
          {conditions.length > 0 ? (
            <ul className="arena-head__conditions" aria-label="Who may join">
              {conditions.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className="arena-head__clock">
          <PhaseClock phase={phase} players={arena.nbPlayers} winner={arena.winner} />
          <JoinControls
            choice={choice}
            busy={busy}
            onJoin={join}
            onPause={pause}
            onLogin={() => setLogin(true)}
            started={arena.status === "started"}
          />
          {actionError ? (
            <p className="arena-error" role="alert">
              {actionError}
            </p>
          ) : null}
        </div>
      </header>

      {state.podium && arena.status === "finished" ? <ArenaPodium podium={state.podium} /> : null}

      <div className="arena-page__body">
        <div className="arena-page__main">
          {state.me ? <MyLine state={state} /> : null}
          {arena.clubBattle && state.clubs ? (
            <ArenaBattle clubs={state.clubs} clubNames={state.view.clubNames} topN={arena.clubBattle.topN} />
          ) : null}
          <ArenaStandings
            rows={shownRows(state)}
            me={viewer}
            page={state.page}
            nbPages={state.nbPages}
            onPage={goToPage}
            clubNames={arena.clubBattle ? state.view.clubNames : undefined}
          />
        </div>
        <div className="arena-page__side">
          <ArenaTopGames games={state.topGames} />
          {/* Anyone logged in reads an arena's chat; its players write in it. */}
          {viewer ? (
            <ChatPanel
              chatId={chatRoom}
              chatType="tournament"
              title="Tournament chat"
              className="arena-page__chat"
              readOnly={!state.me}
            />
          ) : (
            <p className="arena-muted">Log in to read the tournament chat.</p>
          )}
        </div>
      </div>
      {/* Said once as the arena starts or ends; the ticking clock itself is never read out. */}
      <p className="visually-hidden" aria-live="polite">
        {arena.status === "started"
          ? "The tournament is on"
          : arena.status === "finished"
            ? "The tournament is over"
            : ""}
      </p>
      {login ? <LoginModal onClose={() => setLogin(false)} /> : null}
    </div>
  );
}

function PhaseClock({ phase, players, winner }: { phase: ArenaPhase | null; players: number; winner: string | null }) {
  if (!phase) return null;
  if (phase.kind === "over") {
    return (
      <div className="arena-clock">
        <span className="arena-clock__label">Finished</span>
        {winner ? <span className="arena-clock__winner">Winner: {winner}</span> : null}
        <span className="arena-muted">{playersText(players)}</span>
      </div>
    );
  }
  const label = phase.kind === "countdown" ? "Starts in" : "Time left";
  return (
    <div className="arena-clock">
      <span className="arena-clock__label">{label}</span>
      {/* The time ticks every second: read on demand, not announced each second. */}
      <span className="arena-clock__time" role="timer" aria-label={`${label} ${countdownText(phase.msLeft)}`}>
        {countdownText(phase.msLeft)}
      </span>
      <span className="arena-muted">{playersText(players)}</span>
    </div>
  );
}

function JoinControls({
  choice,
  busy,
  started,
  onJoin,
  onPause,
  onLogin,
}: {
  choice: JoinChoice;
  busy: boolean;
  started: boolean;
  onJoin: () => void;
  onPause: () => void;
  onLogin: () => void;
}) {
  switch (choice.kind) {
    case "none":
      return null;
    case "login":
      return (
        <Button variant="primary" onClick={onLogin}>
          Log in to join
        </Button>
      );
    case "join":
      return (
        <Button variant="primary" busy={busy} onClick={onJoin}>
          Join
        </Button>
      );
    case "cannot":
      return <p className="arena-cannot">{choice.message}</p>;
    case "pause":
      return (
        <Button busy={busy} onClick={onPause}>
          {started ? "Pause" : "Withdraw"}
        </Button>
      );
    case "rejoin":
      return choice.waitMs > 0 ? (
        <div className="arena-rejoin">
          <Button disabled>Rejoin</Button>
          <span className="arena-muted">You can rejoin in {Math.ceil(choice.waitMs / 1000)} s</span>
        </div>
      ) : (
        <Button variant="primary" busy={busy} onClick={onJoin}>
          Rejoin
        </Button>
      );
  }
}

/** My rank and points, the game I am playing now, and my games so far (each opens it). */
function MyLine({ state }: { state: ArenaState }) {
  const me = state.me;
  if (!me) return null;
  const marks = sheetMarks(me.row.sheet);
  return (
    <section className="arena-me card" aria-labelledby="arena-me-title">
      <h2 id="arena-me-title">
        You: {ordinal(me.row.rank)}, {me.row.points} point{me.row.points === 1 ? "" : "s"}
        {me.row.paused ? " · paused" : ""}
      </h2>
      {me.gameId ? (
        <p className="arena-me__now">
          <Link className="btn btn--primary" to={playPath(me.gameId)}>
            Your game is on: open it
          </Link>
        </p>
      ) : null}
      {marks.length > 0 ? (
        <ol className="arena-me__games" aria-label="My games">
          {marks.map((m, i) => (
            <li key={m.gameId}>
              <Link to={playPath(m.gameId)} title={m.text} className={m.fire ? "is-fire" : undefined}>
                Game {i + 1}: {m.points} {m.points === 1 ? "point" : "points"}
                {m.berserk ? " ⚡" : ""}
              </Link>
            </li>
          ))}
        </ol>
      ) : (
        <p className="arena-muted">
          {state.arena?.status === "created"
            ? "You are in: pairing starts with the tournament."
            : "Waiting for your first pairing…"}
        </p>
      )}
    </section>
  );
}
