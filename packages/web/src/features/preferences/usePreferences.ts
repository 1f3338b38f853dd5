import type { Preferences, PreferencesUpdate } from "@chess/shared";
import { useSyncExternalStore } from "react";
import { type PreferencesController, preferences } from "./preferencesController.ts";
import type { PreferencesState } from "./preferencesStore.ts";

/** The preferences in effect, and a setter that applies fields now and saves them where they belong. */
export function usePreferences(
  controller: PreferencesController = preferences,
): [Preferences, (u: PreferencesUpdate) => void] {
  const state = usePreferencesState(controller);
  return [state.prefs, controller.update];
}

/** The whole state, with where the preferences are kept and whether saving worked. */
export function usePreferencesState(controller: PreferencesController = preferences): PreferencesState {
  return useSyncExternalStore(controller.subscribe, controller.get, controller.get);
}
