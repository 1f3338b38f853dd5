import type { MoveInput } from "@chess/shared";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Button } from "../../components/Button.tsx";
import { moveStepOf } from "../board/index.ts";
import { isMoveStartKey, type MoveEntryGame, typedMove } from "./moveEntry.ts";
import { takeMoveStep } from "./useLiveGame.ts";
import "./MoveEntry.css";

export interface MoveEntryProps {
  game: MoveEntryGame;
  /** The board's own move path: plays the move if legal now, returns whether it was played. */
  onMove: (move: MoveInput) => boolean;
  /** Live games only: a daily game's `turn` is never "premove". */
  onPremove?: (move: MoveInput) => void;
  onCancelPremove?: () => void;
  /** Steps through the moves (arrow keys in the empty field). */
  onStep: (delta: -1 | 1) => void;
  /** Shows the position after `ply`; null follows the game (Home / End in the empty field). */
  onView: (ply: number | null) => void;
}

/**
 * `atPly`: said of the game at this length; it goes once the game moves on or takes a move back, so neither a
 * refusal nor "You played Nf3." stands beside a position it was not about.
 */
type Feedback = { kind: "error" | "done"; text: string; atPly?: number } | null;

/** Where typing belongs to the element itself, not to the move field. */
const TEXT_FIELDS = "input, textarea, select, [contenteditable='true']";

/**
 * Keyboard play: a move typed in SAN (Nf3, O-O, e8=Q) or UCI (g1f3, e7e8q) and played with Enter. A move's
 * first character typed anywhere on the page (outside other fields and dialogs) lands here and starts it,
 * so a keyboard player never has to reach the field first.
 */
export function MoveEntry({ game, onMove, onPremove, onCancelPremove, onStep, onView }: MoveEntryProps) {
  const id = useId();
  const [text, setText] = useState("");
  const [feedback, setFeedback] = useState<Feedback>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    function onKey(event: globalThis.KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.isComposing) return;
      if (!isMoveStartKey(event.key)) return;
      if (event.target instanceof Element && event.target.closest(TEXT_FIELDS)) return;
      if (document.querySelector('[aria-modal="true"]')) return;
      event.preventDefault();
      setText(event.key);
      setFeedback((f) => (f?.kind === "error" ? null : f));
      input.current?.focus();
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = typedMove(game, text);
    if (typed.kind === "refused") {
      setFeedback({ kind: "error", text: typed.message, atPly: game.plies });
      return;
    }
    // Typed while an earlier position was shown: the move is for the game as it stands, which comes back.
    if (game.viewPly !== null) onView(null);
    if (typed.kind === "premove") {
      onPremove?.(typed.move);
      setFeedback({ kind: "done", text: `Premove ${typed.san} set: it is played when your turn comes.` });
    } else if (onMove(typed.move)) {
      setFeedback({ kind: "done", text: `You played ${typed.san}.`, atPly: game.plies + 1 });
    } else {
      setFeedback({ kind: "error", text: `${typed.san} could not be played.`, atPly: game.plies });
      return;
    }
    setText("");
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Escape") {
      if (text) setText("");
      else if (game.premove) {
        onCancelPremove?.();
        setFeedback({ kind: "done", text: "Premove cancelled." });
      }
      setFeedback((f) => (f?.kind === "error" ? null : f));
      return;
    }
    if (text) return;
    const step = moveStepOf(event.key);
    if (step) {
      event.preventDefault();
      takeMoveStep(step, { step: onStep, viewPly: onView });
    }
  }

  const shown = feedback?.atPly === undefined || feedback.atPly === game.plies ? feedback : null;
  const error = shown?.kind === "error";
  const premove = game.premove ? `Premove: ${game.premove.from}-${game.premove.to}. Escape cancels it.` : null;
  return (
    <form className="move-entry" onSubmit={submit} aria-label="Keyboard move">
      <label className="move-entry__label" htmlFor={`${id}-input`}>
        Type a move
      </label>
      <div className="move-entry__row">
        <input
          id={`${id}-input`}
          ref={input}
          className="move-entry__input"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (feedback?.kind === "error") setFeedback(null);
          }}
          onKeyDown={onKeyDown}
          placeholder="e.g. Nf3, O-O or g1f3"
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="send"
          maxLength={12}
          aria-invalid={error || undefined}
          aria-describedby={`${id}-feedback ${id}-hint`}
        />
        <Button type="submit" variant="primary">
          Play
        </Button>
      </div>
      <p
        id={`${id}-feedback`}
        className={`move-entry__feedback${error ? " move-entry__feedback--error" : ""}`}
        aria-live="polite"
      >
        {shown?.text ?? premove ?? ""}
      </p>
      <p id={`${id}-hint`} className="visually-hidden">
        SAN like Nf3, exd5, O-O or e8=Q, or UCI like g1f3. Press Enter to play. Typing a move anywhere on the page
        starts it here. With the field empty, the left and right arrows step through the moves, Home and End go to the
        start and back to the game.
      </p>
    </form>
  );
}
