/**
 * The game's sounds: audio files of the player's chosen set (features/sounds), played at their volume. Which
 * sound a move makes is the game's to say.
 */
import { DEFAULT_PREFERENCES, type SoundSet } from "@chess/shared";
import { type GameSound, playSoundFile, volumeGain } from "../sounds/index.ts";

export type { GameSound } from "../sounds/index.ts";
export { audioStatus, onAudioStatusChange, unlockAudio } from "../sounds/index.ts";

/** Which sound a move in SAN makes: a check above a capture above a plain move. */
export function soundForSan(san: string): GameSound {
  if (san.includes("+") || san.includes("#")) return "check";
  if (san.includes("x")) return "capture";
  return "move";
}

/** Plays `sound` of `set` now at `volume` (0-100); silently does nothing where Web Audio is missing or blocked. */
export function playSound(
  sound: GameSound,
  volume: number = DEFAULT_PREFERENCES.soundVolume,
  set: SoundSet = DEFAULT_PREFERENCES.soundSet,
): void {
  playSoundFile(set, sound, volumeGain(volume));
}
