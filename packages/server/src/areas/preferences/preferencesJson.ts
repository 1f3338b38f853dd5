import { type PreferencesAnswer, readPreferences } from "@chess/shared";
import type { StoredPreferences } from "./preferencesRepo.ts";

/** The answer of GET/PUT /user/preferences: the full preferences, defaults filled in. */
export function preferencesJson(row: StoredPreferences | undefined): PreferencesAnswer {
  return { preferences: readPreferences(row?.prefs), updatedAt: row ? row.updatedAt.getTime() : null };
}
