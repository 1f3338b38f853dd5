import { useEffect, useRef, useState } from "react";
import { pieceTypeAt, turnOf } from "./gameRules.ts";
import type { GameState } from "./gameStore.ts";
import { gameEndAnnouncement, moveAnnouncement } from "./moveSpeech.ts";

/**
 * A polite live region for screen readers: the opponent's moves in words (every move for a spectator)
 * and the end of the game. My own moves are not repeated back to me.
 */
export function GameAnnouncer({ state }: { state: GameState }) {
  const [said, setSaid] = useState<{ n: number; text: string }>({ n: 0, text: "" });
  const seenPlies = useRef(state.history.length);
  const seenEnd = useRef(state.status !== "active");
  const { history, status, result, myColor, initialFen } = state;

  useEffect(() => {
    const parts: string[] = [];
    if (history.length > seenPlies.current) {
      const ply = history.at(-1);
      const before = history.at(-2)?.fen ?? initialFen;
      if (ply) {
        const mover = turnOf(before);
        if (mover !== myColor) {
          const captured = ply.san.includes("x") ? (pieceTypeAt(before, ply.to) ?? "p") : undefined;
          parts.push(moveAnnouncement(mover, ply.san, captured));
        }
      }
    }
    seenPlies.current = history.length;
    if (status !== "active" && result && !seenEnd.current) parts.push(gameEndAnnouncement(result));
    if (status !== "active") seenEnd.current = true;
    if (parts.length > 0) setSaid((s) => ({ n: s.n + 1, text: parts.join(". ") }));
  }, [history, status, result, myColor, initialFen]);

  // A new node per announcement, so the same words twice (Nf3 ... Nf3) are read twice.
  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="game-announcer">
      {said.text ? <p key={said.n}>{said.text}</p> : null}
    </div>
  );
}
