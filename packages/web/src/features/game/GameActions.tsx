import { useEffect, useRef, useState } from "react";
import { Button } from "../../components/Button.tsx";
import {
  canAbort,
  canBerserk,
  canProposeTakeback,
  canTakeBack,
  mayProposeTakeback,
  playsComputer,
} from "./gameSelectors.ts";
import type { GameState } from "./gameStore.ts";
import "./GamePanels.css";

export interface GameActionsProps {
  state: GameState;
  onResign: () => void;
  onOfferDraw: () => void;
  onAbort: () => void;
  /** Against the computer: take my last move back (and its reply). */
  onTakeback?: () => void;
  /** Against a person: ask to take my last move back. */
  onProposeTakeback?: () => void;
  /** An arena game: halve my clock for a bonus point (before my first move). */
  onBerserk?: () => void;
}

/**
 * Abort (while neither side has moved twice), Suggest Draw and Give Up (SPEC §2). Give Up sits apart at the
 * end and asks once more before resigning, so a slip of the finger never loses a game. Until both sides have
 * moved a game can only be aborted (the server makes a resignation then an abort, as lichess does, so nobody
 * hands rating points over by resigning at once): Give Up waits, and says so. An arena's game is never aborted by
 * a player: Give Up from the first move.
 */
export function GameActions({
  state,
  onResign,
  onOfferDraw,
  onAbort,
  onTakeback,
  onProposeTakeback,
  onBerserk,
}: GameActionsProps) {
  const [confirming, setConfirming] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) keep.current?.focus();
  }, [confirming]);
  if (state.myColor === null || state.status !== "active") return null;
  const abortable = canAbort(state);
  return (
    <fieldset className="game-actions" aria-label="Game actions">
      <div className="game-actions__main">
        {onBerserk && canBerserk(state) ? (
          <Button
            variant="secondary"
            className="game-actions__berserk"
            title="Halve your clock (no increment): a win of 14 plies or more scores one more point"
            onClick={onBerserk}
          >
            Berserk
          </Button>
        ) : null}
        {abortable ? (
          <Button variant="secondary" onClick={onAbort}>
            Abort
          </Button>
        ) : null}
        {onTakeback && playsComputer(state) ? (
          <Button onClick={onTakeback} disabled={!canTakeBack(state)}>
            Takeback
          </Button>
        ) : null}
        {onProposeTakeback && mayProposeTakeback(state) && !abortable ? (
          <Button onClick={onProposeTakeback} disabled={!canProposeTakeback(state)}>
            {state.takeback === "fromMe" ? "Takeback proposed" : "Propose takeback"}
          </Button>
        ) : null}
        <Button onClick={onOfferDraw} disabled={state.drawOffer !== null}>
          {state.drawOffer === "fromMe" ? "Draw offered" : "Suggest Draw"}
        </Button>
      </div>
      {confirming && !abortable ? (
        <div
          className="game-actions__confirm"
          role="alertdialog"
          aria-labelledby="resign-question"
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              event.stopPropagation();
              setConfirming(false);
            }
          }}
        >
          <p id="resign-question">Give up this game?</p>
          <div className="game-actions__confirm-buttons">
            <Button ref={keep} onClick={() => setConfirming(false)}>
              Keep playing
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                setConfirming(false);
                onResign();
              }}
            >
              Yes, give up
            </Button>
          </div>
        </div>
      ) : (
        <>
          <Button
            variant="danger"
            className="game-actions__resign"
            disabled={abortable}
            aria-describedby={abortable ? "resign-later" : undefined}
            onClick={() => setConfirming(true)}
          >
            Give Up
          </Button>
          {abortable ? (
            <p id="resign-later" className="game-actions__note">
              Until both sides have moved, a game can only be aborted (unrated).
            </p>
          ) : null}
        </>
      )}
    </fieldset>
  );
}
