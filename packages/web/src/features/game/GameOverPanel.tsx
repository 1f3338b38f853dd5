import { useEffect, useId, useRef, useState } from "react";
import { Button } from "../../components/Button.tsx";
import type { GameState } from "./gameStore.ts";
import { endReasonText, gameOverHeadline, gameScore, newRatingLines, ratingChangeText } from "./gameText.ts";
import "./GameOverPanel.css";

export interface GameOverPanelProps {
  state: GameState;
  /** My rating after the game, once known (a rated game I played). */
  newRating?: number | undefined;
  /** Closing by Escape or X (my rematch offer is withdrawn by the caller). */
  onClose: () => void;
  onRematch: () => Promise<string | undefined>;
  onAnswerRematch: (accept: boolean) => Promise<string | undefined>;
  onBackToMenu: () => void;
  onViewAnalysis: () => void;
  /** An arena game: back to its tournament's page (there is no rematch in an arena). */
  onBackToTournament?: () => void;
}

/**
 * SPEC §2 game-over box: the winner, the score and why, my new rating; Rematch, Back to Menu, View Analysis.
 * A panel beside the board, never over it, so the final position stays in view.
 */
export function GameOverPanel({
  state,
  newRating,
  onClose,
  onRematch,
  onAnswerRematch,
  onBackToMenu,
  onViewAnalysis,
  onBackToTournament,
}: GameOverPanelProps) {
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    // The box takes the focus (without scrolling the board away) so its buttons are a Tab away. In one column
    // (phones) it is below the board, out of sight: the result is what the player looks for now, so it comes
    // into view ("nearest": a box seen whole does not move).
    const box = panel.current;
    box?.focus({ preventScroll: true });
    const rect = box?.getBoundingClientRect();
    if (box && rect && rect.height > 0 && (rect.bottom > window.innerHeight || rect.top < 0)) {
      box.scrollIntoView({ block: "nearest", behavior: "smooth" });
    }
    function onKey(event: KeyboardEvent) {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      if (document.querySelector('[aria-modal="true"]')) return;
      onCloseRef.current();
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  const { result, rematch } = state;
  if (!result) return null;
  const player = state.myColor !== null;
  const rating = ratingChangeText(result, state.rated, !player, newRating);
  const score = gameScore(result);
  const others = newRatingLines(state, result);

  async function run(task: () => Promise<string | undefined>) {
    setBusy(true);
    setError(undefined);
    const problem = await task();
    setError(problem);
    setBusy(false);
  }

  return (
    <section className="game-over card" role="dialog" aria-labelledby={titleId} ref={panel} tabIndex={-1}>
      <header className="game-over__header">
        <h2 className="game-over__title" id={titleId}>
          <HeadlineText headline={gameOverHeadline(result)} name={result.winner} />
        </h2>
        <button type="button" className="game-over__close" aria-label="Close" onClick={onClose}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
      </header>
      <p className="game-over__result">
        {score ? <span className="game-over__score">{score}</span> : null}
        <span className="game-over__reason">{endReasonText(result, state.myColor)}</span>
      </p>
      {rating ? (
        <p className="game-over__rating" data-testid="game-over-rating">
          {rating}
        </p>
      ) : null}
      {others.map(({ name, rating: line }) => (
        <p key={name} className="game-over__rating game-over__rating--other" data-testid="game-over-new-rating">
          {/* A long name is cut rather than broken mid-name; the rating stays whole beside it. */}
          <span className="game-over__name" title={name}>
            {name}
          </span>
          <span className="game-over__new-rating">: {line}</span>
        </p>
      ))}

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
        <p className="game-over__status game-over__status--declined" role="status">
          Offer declined
        </p>
      ) : null}
      {rematch.kind === "cancelled" ? (
        <p className="game-over__status game-over__status--declined" role="status">
          The rematch offer was withdrawn
        </p>
      ) : null}
      {error ? (
        <p className="game-over__error" role="alert">
          {error}
        </p>
      ) : null}

      <div className="game-over__buttons">
        {state.tournament && onBackToTournament ? (
          <Button variant="primary" onClick={onBackToTournament}>
            Back to tournament
          </Button>
        ) : null}
        {player && !state.tournament ? (
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
    </section>
  );
}

/** The headline with the winner's name kept on one line: "Guest-1234" never breaks at its hyphen. */
function HeadlineText({ headline, name }: { headline: string; name: string }) {
  const at = headline.lastIndexOf(name);
  if (!name || at < 0) return headline;
  return (
    <>
      {headline.slice(0, at)}
      <span className="game-over__name" title={name}>
        {name}
      </span>
      {headline.slice(at + name.length)}
    </>
  );
}
