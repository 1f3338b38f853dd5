import { useEffect, useRef, useState } from "react";
import { pieceAt, turnOf } from "../board/index.ts";
import type { GameState } from "./gameStore.ts";
import { gameEndAnnouncement, moveAnnouncement } from "./moveSpeech.ts";

/** Announcements kept in the region; older ones are dropped (they have been read). */
const KEPT = 3;

/**
 * A polite live region for screen readers: the opponent's moves in words (every move for a spectator)
 * and the end of the game. My own moves are not repeated back to me.
 */
export function GameAnnouncer({ state }: { state: GameState }) {
  const [said, setSaid] = useState<Array<{ n: number; text: string }>>([]);
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
          const captured = ply.san.includes("x") ? (pieceAt(before, ply.to)?.type ?? "p") : undefined;
          parts.push(moveAnnouncement(mover, ply.san, captured));
        }
      }
    }
    seenPlies.current = history.length;
    if (status !== "active" && result && !seenEnd.current) parts.push(gameEndAnnouncement(result, myColor));
    if (status !== "active") seenEnd.current = true;
    if (parts.length === 0) return;
    setSaid((s) => [...s.slice(-(KEPT - 1)), { n: (s.at(-1)?.n ?? 0) + 1, text: parts.join(". ") }]);
  }, [history, status, result, myColor, initialFen]);

  // A new node per announcement, so the same words twice (Nf3 ... Nf3) are read twice, and a last move
  // followed at once by the game's end are both read: only additions are announced.
  return (
    <div className="visually-hidden" aria-live="polite" aria-relevant="additions" data-testid="game-announcer">
      {said.map((a) => (
        <p key={a.n}>{a.text}</p>
      ))}
    </div>
  );
}
