export { type PreferencesModule, preferencesModule } from "./preferencesModule.ts";
