export { PreferencesSync } from "./PreferencesSync.tsx";
export { PreferredBoardLook } from "./PreferredBoardLook.tsx";
export {
  applyToDocument,
  createPreferencesController,
  type PreferencesController,
  preferences,
} from "./preferencesController.ts";
export type { PreferencesState } from "./preferencesStore.ts";
export { SettingsLink } from "./SettingsLink.tsx";
export { usePreferences, usePreferencesState } from "./usePreferences.ts";
