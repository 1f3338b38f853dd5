import { type Color, other } from "@chess/shared";
import { type CSSProperties, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../components/Button.tsx";
import { FlipIcon } from "../../components/FlipIcon.tsx";
import { useSidewaysStart } from "../../lib/phoneSideways.ts";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { MoveTable, useMoveKeys } from "../board/index.ts";
import { ChatPanel } from "../chat/index.ts";
import { OpeningName } from "../openings/index.ts";
import { usePreferences } from "../preferences/index.ts";
import { BoardResizeHandle } from "./BoardResizeHandle.tsx";
import { GameActions } from "./GameActions.tsx";
import { GameAnnouncer } from "./GameAnnouncer.tsx";
import { GameConnectionNotice } from "./GameConnectionNotice.tsx";
import { GameInfo } from "./GameInfo.tsx";
import { GameNotices } from "./GameNotices.tsx";
import { GameOverPanel } from "./GameOverPanel.tsx";
import { GamePanelTabs } from "./GamePanelTabs.tsx";
import { GamePlayerBar } from "./GamePlayerBar.tsx";
import { CLOCK_TICK_MS, lowTimeMs } from "./gameClock.ts";
import { clockTimes, moveEntryGame, playerNames, playsComputer, shownPly } from "./gameSelectors.ts";
import { colorWord, type GameState } from "./gameStore.ts";
import { resultLine } from "./gameText.ts";
import { jumpstartStartText } from "./jumpstartStart.ts";
import { LeaveGameGuard } from "./LeaveGameGuard.tsx";
import { LiveBoard } from "./LiveBoard.tsx";
import { MoveEntry } from "./MoveEntry.tsx";
import { useGameSounds, useLowTimeSound, useSoundBlocked } from "./useGameSounds.ts";
import { useLiveBoardWidth } from "./useLiveBoardWidth.ts";
import { type LiveGameActions, takeMoveStep } from "./useLiveGame.ts";
import { useNewRating } from "./useNewRating.ts";
import { useNow } from "./useNow.ts";
import "./LiveGameView.css";

/** A live game as its players and spectators see it: board, clocks, chat, moves, actions (SPEC §2). */
export function LiveGameView({
  state,
  notice,
  actions,
}: {
  state: GameState;
  notice: string | undefined;
  actions: LiveGameActions;
}) {
  const navigate = useNavigate();
  const { me, opponent } = playerNames(state);
  usePageTitle(`${me} vs ${opponent}`);
  const spectator = state.myColor === null;
  const [orientation, setOrientation] = useState<"white" | "black">(colorWord(state.myColor ?? "w"));
  const [{ soundEnabled }, setPreferences] = usePreferences();
  const muted = !soundEnabled;
  const [overOpen, setOverOpen] = useState(false);
  const board = useLiveBoardWidth();
  const active = state.status === "active";
  const now = useNow(
    active && (state.clock.running || state.firstMoveDeadline !== null || !!state.opponentGone),
    CLOCK_TICK_MS,
  );
  useGameSounds(state);
  const soundBlocked = useSoundBlocked();
  const newRating = useNewRating(state);

  const center = useRef<HTMLDivElement>(null);
  useSidewaysStart(center);

  const ended = !active;
  useEffect(() => {
    if (ended) setOverOpen(true);
  }, [ended]);
  const playing = state.myColor !== null && active;
  const rematchReceived = state.rematch.kind === "received";
  useEffect(() => {
    if (rematchReceived) setOverOpen(true);
  }, [rematchReceived]);

  useMoveKeys((step) => takeMoveStep(step, actions), { onEscape: actions.clearPremove });

  const myClockRunning = playing && state.clock.running && state.turn === state.myColor;
  useLowTimeSound(
    myClockRunning && state.myColor ? clockTimes(state, now)[state.myColor] : null,
    lowTimeMs(state.baseTime * 60_000),
  );
  const bottom: Color = orientation === "white" ? "w" : "b";
  const sans = [...state.history.map((p) => p.san), ...(state.pending ? [state.pending.san] : [])];
  const fens = useMemo(() => [state.initialFen, ...state.history.map((p) => p.fen)], [state.initialFen, state.history]);

  const notices = (
    <GameNotices
      state={state}
      now={now}
      notice={notice}
      onAnswerDraw={actions.answerDraw}
      onAnswerTakeback={(accept) => void actions.answerTakeback(accept)}
      onClaimVictory={actions.claimVictory}
      onClaimDraw={actions.claimDraw}
    />
  );

  // The computer does not chat: no panel inviting the player to say hello to it.
  const chat = playsComputer(state) ? null : (
    <ChatPanel chatId={state.gameId} chatType="game" title="Game chat" className="play__chat" readOnly={spectator} />
  );

  const moves = (
    <>
      <section className="play__moves card" aria-labelledby="moves-title">
        <h2 id="moves-title">Moves</h2>
        {/* On a phone the game's card stands below everything: where the dealt position starts is said here. */}
        {board.oneColumn && state.variant === "jumpstart" ? (
          <p className="play__start" data-testid="jumpstart-start-moves">
            {jumpstartStartText(state.initialFen, state.startEval)}
          </p>
        ) : (
          <OpeningName fens={fens} />
        )}
        <MoveTable
          initialFen={state.initialFen}
          sans={sans}
          currentPly={shownPly(state)}
          onSelect={(ply) => actions.viewPly(ply)}
          ending={state.result ? resultLine(state.result) : undefined}
        />
        <div className="play__steps">
          <Button variant="ghost" aria-label="Previous move" onClick={() => actions.step(-1)}>
            ‹
          </Button>
          <Button variant="ghost" aria-label="Next move" onClick={() => actions.step(1)}>
            ›
          </Button>
        </div>
      </section>
      {playing ? (
        <MoveEntry
          game={moveEntryGame(state)}
          onMove={actions.move}
          onPremove={actions.setPremove}
          onCancelPremove={actions.clearPremove}
          onStep={actions.step}
          onView={actions.viewPly}
        />
      ) : null}
    </>
  );

  function leaveTo(path: string, routeState?: unknown) {
    actions.cancelRematch();
    void navigate(path, routeState === undefined ? undefined : { state: routeState });
  }

  return (
    // Sideways, the bars and the notices stand in a column beside the board: the CSS sizes it from the board's
    // width.
    <div
      className="play"
      style={board.sideways ? ({ "--board-width": `${board.width}px` } as CSSProperties) : undefined}
    >
      <div className="play__info">
        <GameInfo state={state} />
        {board.oneColumn ? null : chat}
      </div>

      <div className="play__center" style={board.sideways ? undefined : { maxWidth: board.width }} ref={center}>
        <GamePlayerBar state={state} color={other(bottom)} place="top" now={now} />
        <div className="play__board">
          <LiveBoard
            state={state}
            orientation={orientation}
            boardWidth={board.width}
            onMove={actions.move}
            onPremove={actions.setPremove}
            onCancelPremove={actions.clearPremove}
          />
          <GameConnectionNotice />
          {board.resizable ? (
            <BoardResizeHandle width={board.width} min={board.min} max={board.max} onResize={board.resize} />
          ) : null}
        </div>
        <GamePlayerBar state={state} color={bottom} place="bottom" now={now} />
        {/* One column, the side column starts below the board, out of sight: the notices stand under the
            player's own clock instead (beside the board, between the bars, on a phone held sideways), where
            they move neither the board nor a clock. */}
        {board.oneColumn ? notices : null}
        <div className="play__tools">
          <Button variant="ghost" onClick={() => setOrientation((o) => (o === "white" ? "black" : "white"))}>
            <FlipIcon />
            Flip board
          </Button>
          <Button variant="ghost" aria-pressed={!muted} onClick={() => setPreferences({ soundEnabled: muted })}>
            <SoundIcon muted={muted} />
            {muted ? "Sound off" : "Sound on"}
          </Button>
          {soundBlocked ? (
            // Any click on the page lets the browser play sound; this one is there to be clicked.
            <Button variant="ghost" className="play__sound-hint">
              Sound is paused by the browser: click to turn it on
            </Button>
          ) : null}
          {spectator ? <span className="play__badge">Spectating</span> : null}
          {state.viewPly !== null ? (
            <Button variant="ghost" onClick={() => actions.viewPly(null)}>
              Back to live
            </Button>
          ) : null}
        </div>
      </div>

      <div className="play__side">
        {overOpen && !active ? (
          <GameOverPanel
            state={state}
            newRating={newRating}
            onClose={() => {
              actions.cancelRematch();
              setOverOpen(false);
            }}
            onRematch={actions.offerRematch}
            onAnswerRematch={actions.answerRematch}
            onBackToMenu={() => leaveTo("/")}
            onBackToTournament={
              state.tournament
                ? () => leaveTo(`/tournament/${encodeURIComponent(state.tournament?.id ?? "")}`)
                : undefined
            }
            onViewAnalysis={() =>
              leaveTo("/analysis", {
                moves: state.history.map((p) => p.san),
                initialFen: state.initialFen,
                playerColor: colorWord(state.myColor ?? "w"),
                gameId: state.gameId,
                opponent,
              })
            }
          />
        ) : null}
        {!active && !overOpen ? (
          <Button variant="primary" onClick={() => setOverOpen(true)}>
            Show result
          </Button>
        ) : null}
        {board.oneColumn ? null : notices}
        {board.oneColumn && chat ? (
          <GamePanelTabs moves={moves} chat={chat} chatId={state.gameId} me={spectator ? null : me} />
        ) : (
          moves
        )}
        <GameActions
          state={state}
          onResign={actions.resign}
          onOfferDraw={actions.offerDraw}
          onAbort={actions.abort}
          onTakeback={() => void actions.takeback()}
          onProposeTakeback={() => void actions.proposeTakeback()}
          onBerserk={() => void actions.berserk()}
        />
      </div>

      <GameAnnouncer state={state} />
      <LeaveGameGuard
        seat={playing && state.myColor ? { gameId: state.gameId, color: state.myColor } : null}
        started={state.history.length >= 2}
      />
    </div>
  );
}

function SoundIcon({ muted }: { muted: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
      {muted ? (
        <path d="M16 9l5 6m0-6l-5 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      ) : (
        <path
          d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      )}
    </svg>
  );
}
