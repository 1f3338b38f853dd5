export { createPreferencesRepo } from "./preferencesRepo.ts";
export { registerPreferencesRoutes } from "./preferencesRoutes.ts";
