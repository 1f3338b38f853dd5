import { useEffect, useLayoutEffect, useRef } from "react";
import { isTypingTarget, type MoveStep, moveStepOf } from "./moveKeys.ts";

export interface MoveKeysOptions {
  /** ArrowUp and ArrowDown go to the first and last position too. */
  upDown?: boolean;
  /** Escape, when nothing else took it (e.g. cancels a premove). */
  onEscape?: () => void;
}

/**
 * The page's move keys: ← → Home End (see moveStepOf) step through the moves wherever the focus is, unless
 * something typed takes them or a control already used them (the board's cursor, a slider).
 */
export function useMoveKeys(onStep: (step: MoveStep) => void, { upDown = false, onEscape }: MoveKeysOptions = {}) {
  const handlers = useRef({ onStep, onEscape });
  useLayoutEffect(() => {
    handlers.current = { onStep, onEscape };
  });
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTypingTarget(event.target)) return;
      const step = moveStepOf(event.key, upDown);
      if (step) {
        event.preventDefault();
        handlers.current.onStep(step);
      } else if (event.key === "Escape") {
        handlers.current.onEscape?.();
      }
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [upDown]);
}
