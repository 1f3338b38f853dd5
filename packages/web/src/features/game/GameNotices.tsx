import { Button } from "../../components/Button.tsx";
import { secondsUntil } from "./gameClock.ts";
import type { GameState } from "./gameStore.ts";
import "./GamePanels.css";

export interface GameNoticesProps {
  state: GameState;
  now: number;
  /** A short message, e.g. a refused action. */
  notice: string | undefined;
  onAnswerDraw: (accept: boolean) => void;
  onAnswerTakeback: (accept: boolean) => void;
  onClaimVictory: () => void;
  /** Ends the game of a gone opponent as a draw instead (lichess's force draw). */
  onClaimDraw: () => void;
}

/**
 * What needs the player's eye now: clocks stopped by the server, the draw offer, a takeback asked, the
 * first-move and opponent-left countdowns.
 */
export function GameNotices({
  state,
  now,
  notice,
  onAnswerDraw,
  onAnswerTakeback,
  onClaimVictory,
  onClaimDraw,
}: GameNoticesProps) {
  const active = state.status === "active";
  const myFirstMove =
    active && state.myColor !== null && state.firstMoveDeadline !== null && state.turn === state.myColor;
  const beforeBothMoved = state.history.length < 2;
  const gone =
    active && state.myColor !== null && state.opponentGone && now >= state.opponentGone.showFrom
      ? state.opponentGone
      : null;
  return (
    <div className="game-notices">
      {active && state.drawOffer === "fromOpponent" ? (
        <div className="game-notice game-notice--prompt" role="alertdialog" aria-labelledby="draw-offer-text">
          <p id="draw-offer-text">A draw has been offered. Accept?</p>
          <div className="game-notice__buttons">
            <Button variant="primary" onClick={() => onAnswerDraw(true)}>
              Accept
            </Button>
            <Button onClick={() => onAnswerDraw(false)}>Decline</Button>
          </div>
        </div>
      ) : null}
      {active && state.takeback === "fromOpponent" ? (
        <div className="game-notice game-notice--prompt" role="alertdialog" aria-labelledby="takeback-text">
          <p id="takeback-text">Your opponent proposes a takeback. Accept?</p>
          <div className="game-notice__buttons">
            <Button variant="primary" onClick={() => onAnswerTakeback(true)}>
              Accept
            </Button>
            <Button onClick={() => onAnswerTakeback(false)}>Decline</Button>
          </div>
        </div>
      ) : null}
      {active && state.clocksHeld ? (
        <div className="game-notice game-notice--urgent" role="status">
          <p>The server cannot save moves right now</p>
          <p className="game-notice__detail">Both clocks are stopped until it can; no time is counted meanwhile.</p>
        </div>
      ) : null}
      {myFirstMove && state.firstMoveDeadline !== null && state.pending === null ? (
        <p className="game-notice game-notice--urgent" role="status">
          Make your first move: {secondsUntil(state.firstMoveDeadline, now)}s
          {state.tournament ? <span className="game-notice__detail"> or you are withdrawn from the arena</span> : null}
        </p>
      ) : null}
      {gone ? (
        <div className="game-notice" role="status">
          {/* Away: disconnected, or on other pages of the site. Before both sides have moved there is nothing */}
          {/* to claim: the page's Abort button ends the game. */}
          {beforeBothMoved ? (
            <>
              <p>Opponent is away</p>
              <p className="game-notice__detail">The game has not started yet: you can abort it.</p>
            </>
          ) : /* A connection that drops for a moment is not a player who left: said once the wait is over. */
          now < gone.claimableAt ? (
            <>
              <p>Opponent is away</p>
              <p className="game-notice__detail">
                If they do not come back, you can claim victory in {secondsUntil(gone.claimableAt, now)}s
              </p>
            </>
          ) : (
            <>
              <p>Opponent left the game</p>
              <div className="game-notice__buttons">
                <Button variant="primary" onClick={onClaimVictory}>
                  Claim victory
                </Button>
                <Button onClick={onClaimDraw}>Claim a draw</Button>
              </div>
            </>
          )}
        </div>
      ) : null}
      {state.drawOffer === "fromMe" && active ? (
        <p className="game-notice game-notice--quiet" role="status">
          Draw offer sent
        </p>
      ) : null}
      {state.takeback === "fromMe" && active ? (
        <p className="game-notice game-notice--quiet" role="status">
          Takeback proposal sent
        </p>
      ) : null}
      {/* A passing word about the game in play (a draw declined, a move unanswered): its end says the rest. */}
      {notice && active ? (
        <p className="game-notice game-notice--quiet" role="alert">
          {notice}
        </p>
      ) : null}
    </div>
  );
}
