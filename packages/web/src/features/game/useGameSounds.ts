import { useEffect, useRef } from "react";
import { liveLine } from "./gameSelectors.ts";
import { playSound, soundForSan } from "./gameSounds.ts";
import type { GameState } from "./gameStore.ts";

const END_SOUND_DELAY_MS = 180;

/** Plays a sound for each new move on the board and one when the game ends; none for what was there on load. */
export function useGameSounds(state: GameState | null, muted: boolean): void {
  const seen = useRef<{ plies: number; status: GameState["status"] } | null>(null);
  useEffect(() => {
    if (!state) return;
    const line = liveLine(state);
    const before = seen.current;
    seen.current = { plies: line.length, status: state.status };
    if (!before || muted) return;
    const last = line.at(-1);
    if (line.length > before.plies && last) playSound(soundForSan(last.san));
    if (before.status === "active" && state.status !== "active") {
      const t = setTimeout(() => playSound("end"), END_SOUND_DELAY_MS);
      return () => clearTimeout(t);
    }
  }, [state, muted]);
}
