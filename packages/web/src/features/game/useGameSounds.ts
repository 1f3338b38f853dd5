import { useEffect, useRef } from "react";
import { usePreferences } from "../preferences/index.ts";
import { liveLine } from "./gameSelectors.ts";
import { playSound, soundForSan } from "./gameSounds.ts";
import type { GameState } from "./gameStore.ts";

const END_SOUND_DELAY_MS = 180;

/**
 * Plays a sound for each new move on the board and one when the game ends, at the player's volume and only
 * with sound on; none for what was there on load.
 */
export function useGameSounds(state: GameState | null): void {
  const [{ soundEnabled, soundVolume }] = usePreferences();
  const muted = !soundEnabled || soundVolume === 0;
  const volume = useRef(soundVolume);
  useEffect(() => {
    volume.current = soundVolume;
  }, [soundVolume]);
  const seen = useRef<{ plies: number; status: GameState["status"] } | null>(null);
  useEffect(() => {
    if (!state) return;
    const line = liveLine(state);
    const before = seen.current;
    seen.current = { plies: line.length, status: state.status };
    if (!before || muted) return;
    const last = line.at(-1);
    if (line.length > before.plies && last) playSound(soundForSan(last.san), volume.current);
    if (before.status === "active" && state.status !== "active") {
      const t = setTimeout(() => playSound("end", volume.current), END_SOUND_DELAY_MS);
      return () => clearTimeout(t);
    }
  }, [state, muted]);
}
