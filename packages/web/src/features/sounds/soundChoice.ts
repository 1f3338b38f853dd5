import type { Preferences, SoundSet } from "@chess/shared";

/** The player's volume (0-100) as a gain: squared, as ears hear loudness (50% plays at a quarter, -12 dB). */
export function volumeGain(volume: number): number {
  const v = Math.max(0, Math.min(volume, 100)) / 100;
  return v * v;
}

/** What plays with these preferences: which set and at what gain, or nothing when sound is off or silent. */
export function soundChoice(
  prefs: Pick<Preferences, "soundEnabled" | "soundSet" | "soundVolume">,
): { set: SoundSet; gain: number } | null {
  const gain = volumeGain(prefs.soundVolume);
  return prefs.soundEnabled && gain > 0 ? { set: prefs.soundSet, gain } : null;
}
