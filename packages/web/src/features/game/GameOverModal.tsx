import { useState } from "react";
import { Button } from "../../components/Button.tsx";
import { Modal } from "../../components/Modal.tsx";
import type { GameState } from "./gameStore.ts";
import { endReasonText, gameOverHeadline, ratingChangeText } from "./gameText.ts";
import "./GameOverModal.css";

export interface GameOverModalProps {
  state: GameState;
  /** Closing by Escape, X or the backdrop (my rematch offer is withdrawn by the caller). */
  onClose: () => void;
  onRematch: () => Promise<string | undefined>;
  onAnswerRematch: (accept: boolean) => Promise<string | undefined>;
  onBackToMenu: () => void;
  onViewAnalysis: () => void;
}

/** SPEC §2 game-over modal: the winner, why, my rating change; Rematch, Back to Menu, View Analysis. */
export function GameOverModal({
  state,
  onClose,
  onRematch,
  onAnswerRematch,
  onBackToMenu,
  onViewAnalysis,
}: GameOverModalProps) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { result, rematch } = state;
  if (!result) return null;
  const player = state.myColor !== null;
  const rating = ratingChangeText(result, state.rated, !player);

  async function run(task: () => Promise<string | undefined>) {
    setBusy(true);
    setError(undefined);
    const problem = await task();
    setError(problem);
    setBusy(false);
  }

  return (
    <Modal title={gameOverHeadline(result)} onClose={onClose}>
      <div className="game-over">
        <p className="game-over__reason">{endReasonText(result)}</p>
        {rating ? <p className="game-over__rating">{rating}</p> : null}

        {rematch.kind === "received" ? (
          <div className="game-over__prompt" role="alertdialog" aria-labelledby="rematch-offer-text">
            <p id="rematch-offer-text">A rematch has been offered. Accept?</p>
            <div className="game-over__prompt-buttons">
              <Button variant="primary" busy={busy} onClick={() => void run(() => onAnswerRematch(true))}>
                Accept
              </Button>
              <Button disabled={busy} onClick={() => void run(() => onAnswerRematch(false))}>
                Decline
              </Button>
            </div>
          </div>
        ) : null}
        {rematch.kind === "sent" ? (
          <p className="game-over__status" role="status">
            Rematch offered
          </p>
        ) : null}
        {rematch.kind === "declined" ? (
          <p className="game-over__status" role="status">
            Offer declined
          </p>
        ) : null}
        {rematch.kind === "cancelled" ? (
          <p className="game-over__status" role="status">
            The rematch offer was withdrawn
          </p>
        ) : null}
        {error ? (
          <p className="game-over__error" role="alert">
            {error}
          </p>
        ) : null}

        <div className="game-over__buttons">
          {player ? (
            <Button
              variant="primary"
              busy={busy && rematch.kind !== "received"}
              disabled={rematch.kind === "sent" || rematch.kind === "received"}
              onClick={() => void run(onRematch)}
            >
              Rematch
            </Button>
          ) : null}
          <Button onClick={onBackToMenu}>Back to Menu</Button>
          <Button onClick={onViewAnalysis}>View Analysis</Button>
        </div>
      </div>
    </Modal>
  );
}
