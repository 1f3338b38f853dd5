import { type Preferences, readPreferences } from "@chess/shared";

/** localStorage key of this browser's preferences (a guest's own, or a copy of the account's). */
export const PREFERENCES_KEY = "preferences";
/** Where the game page kept its mute switch before preferences existed ("1" = muted). */
const LEGACY_MUTE_KEY = "soundMuted";

/** This browser's preferences; defaults for anything missing, unreadable or no longer valid. */
export function readLocalPreferences(storage: Storage | undefined): Preferences {
  try {
    const text = storage?.getItem(PREFERENCES_KEY);
    if (text) return readPreferences(JSON.parse(text));
    const prefs = readPreferences(undefined);
    return storage?.getItem(LEGACY_MUTE_KEY) === "1" ? { ...prefs, soundEnabled: false } : prefs;
  } catch {
    return readPreferences(undefined);
  }
}

export function writeLocalPreferences(storage: Storage | undefined, prefs: Preferences): void {
  try {
    storage?.setItem(PREFERENCES_KEY, JSON.stringify(prefs));
    storage?.removeItem(LEGACY_MUTE_KEY);
  } catch {
    // Private mode or full storage: the choice lasts for this page only.
  }
}
