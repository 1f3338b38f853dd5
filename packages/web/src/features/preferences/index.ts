export { PreferencesSync } from "./PreferencesSync.tsx";
export {
  applyToDocument,
  createPreferencesController,
  type PreferencesController,
  preferences,
} from "./preferencesController.ts";
export type { PreferencesState } from "./preferencesStore.ts";
export { usePreferences, usePreferencesState } from "./usePreferences.ts";
