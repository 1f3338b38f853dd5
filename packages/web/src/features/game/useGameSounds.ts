import { useEffect, useRef, useSyncExternalStore } from "react";
import { usePreferences, usePreferencesState } from "../preferences/index.ts";
import { preloadSoundSet } from "../sounds/index.ts";
import { lowTimeWarning } from "./gameClock.ts";
import { liveLine } from "./gameSelectors.ts";
import { audioStatus, onAudioStatusChange, playSound, soundForSan, unlockAudio } from "./gameSounds.ts";
import type { GameState } from "./gameStore.ts";

const END_SOUND_DELAY_MS = 180;
const PRELOAD_DELAY_MS = 1_000;

/**
 * Plays a sound for each new move on the board and one when the game ends, at the player's volume and only
 * with sound on; none for what was there on load.
 */
export function useGameSounds(state: GameState | null): void {
  const [{ soundEnabled, soundVolume, soundSet }] = usePreferences();
  const muted = !soundEnabled || soundVolume === 0;
  const choice = useRef({ volume: soundVolume, set: soundSet });
  useEffect(() => {
    choice.current = { volume: soundVolume, set: soundSet };
  }, [soundVolume, soundSet]);
  // The files come a moment after a game opens, so that its first move sounds on time; not while a logged-in
  // player's own choice of set is still on its way (a first move before then fetches its file as it plays).
  const { sync } = usePreferencesState();
  const settling = sync === "loading";
  useEffect(() => {
    if (muted || settling) return;
    const t = setTimeout(() => preloadSoundSet(soundSet), PRELOAD_DELAY_MS);
    return () => clearTimeout(t);
  }, [muted, settling, soundSet]);
  const seen = useRef<{ plies: number; status: GameState["status"] } | null>(null);
  useEffect(() => {
    if (!state) return;
    const line = liveLine(state);
    const before = seen.current;
    seen.current = { plies: line.length, status: state.status };
    if (!before || muted) return;
    const last = line.at(-1);
    const { volume, set } = choice.current;
    if (line.length > before.plies && last) playSound(soundForSan(last.san), volume, set);
    if (before.status === "active" && state.status !== "active") {
      const t = setTimeout(() => playSound("end", volume, set), END_SOUND_DELAY_MS);
      return () => clearTimeout(t);
    }
  }, [state, muted]);
}

/** Plays the low-time sound once when my running clock goes under `lowMs` (again after an increment lifts it). */
export function useLowTimeSound(myTimeMs: number | null, lowMs: number): void {
  const [{ soundEnabled, soundVolume, soundSet }] = usePreferences();
  const armed = useRef(true);
  useEffect(() => {
    if (myTimeMs === null) return;
    const r = lowTimeWarning(armed.current, myTimeMs, lowMs);
    armed.current = r.armed;
    if (r.warn && soundEnabled && soundVolume > 0) playSound("lowTime", soundVolume, soundSet);
  }, [myTimeMs, lowMs, soundEnabled, soundVolume, soundSet]);
}

/**
 * Whether the browser holds sound back until the first click or key on the page (after a reload, say), while
 * sound is on; the first click or key anywhere then lets it play.
 */
export function useSoundBlocked(): boolean {
  const [{ soundEnabled, soundVolume }] = usePreferences();
  const wanted = soundEnabled && soundVolume > 0;
  const status = useSyncExternalStore(onAudioStatusChange, () => (wanted ? audioStatus() : "ready"));
  const blocked = wanted && status === "blocked";
  useEffect(() => {
    if (!blocked) return;
    const unlock = () => unlockAudio();
    document.addEventListener("pointerdown", unlock, true);
    document.addEventListener("keydown", unlock, true);
    return () => {
      document.removeEventListener("pointerdown", unlock, true);
      document.removeEventListener("keydown", unlock, true);
    };
  }, [blocked]);
  return blocked;
}
