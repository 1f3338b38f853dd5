import type { PreferencesAnswer, PreferencesUpdate } from "@chess/shared";
import { apiRequest } from "../../lib/api.ts";

/** The account's preferences over HTTP; rejects with ApiRequestError. */
export interface PreferencesApi {
  load(): Promise<PreferencesAnswer>;
  /** Saves the given fields; the answer is the whole stored set. `keepalive`: the page may be closing. */
  save(update: PreferencesUpdate, options?: { keepalive?: boolean }): Promise<PreferencesAnswer>;
}

export const PREFERENCES_PATH = "/user/preferences";

export const preferencesApi: PreferencesApi = {
  load: () => apiRequest<PreferencesAnswer>("GET", PREFERENCES_PATH),
  save: (update, options) => apiRequest<PreferencesAnswer>("PUT", PREFERENCES_PATH, update, undefined, options),
};
