import {
  DEFAULT_PREFERENCES,
  mergePreferences,
  type Preferences,
  type PreferencesAnswer,
  type PreferencesUpdate,
  samePreferences,
} from "@chess/shared";

/** The preferences in effect and where they are kept. Pure: no I/O, so it is tested without a DOM. */
export interface PreferencesState {
  /** What the site applies now, e.g. { theme: "dark", boardColors: "blue", ... }. */
  prefs: Preferences;
  /** "guest": kept in this browser only; "account": also saved to the logged-in account. */
  owner: "guest" | "account";
  /** The account copy: "loading" it, "saving" to it, "saved", or "failed" (with `error`). "local" for guests. */
  sync: "local" | "loading" | "saving" | "saved" | "failed";
  error: string | null;
  /** Fields changed and not yet sent to the account, e.g. { theme: "dark" }. */
  unsent: PreferencesUpdate;
}

export type PreferencesEvent =
  /** The player changed something (any page). */
  | { type: "changed"; update: PreferencesUpdate }
  /** Logged in: the account's copy is being fetched. */
  | { type: "accountLoading" }
  /** GET /user/preferences answered. */
  | { type: "accountLoaded"; answer: PreferencesAnswer }
  /** A PUT with these fields was sent. */
  | { type: "saveStarted"; sent: PreferencesUpdate }
  | { type: "saved" }
  /** The PUT of `sent` failed: those fields are unsent again, unless changed since. */
  | { type: "saveFailed"; sent: PreferencesUpdate; message: string }
  /** GET /user/preferences failed: the current look stays, changes wait to be sent. */
  | { type: "loadFailed"; message: string }
  /** Another tab of this browser changed them: take its copy as it is. */
  | { type: "replaced"; prefs: Preferences }
  /** Logged out (or a guest from the start): back to this browser's copy, which keeps the current look. */
  | { type: "signedOut" };

export function initialPreferences(local: Preferences): PreferencesState {
  return { prefs: local, owner: "guest", sync: "local", error: null, unsent: {} };
}

/**
 * What to do with the account's copy on login. The account's own choices win; an account that has stored
 * none takes what the player chose as a guest (if anything); changes made while the copy loaded are kept.
 */
export function planAccountLoad(
  state: PreferencesState,
  answer: PreferencesAnswer,
): { prefs: Preferences; upload: PreferencesUpdate } {
  if (answer.updatedAt === null) {
    const chosen = !samePreferences(state.prefs, DEFAULT_PREFERENCES);
    return { prefs: state.prefs, upload: chosen ? { ...state.prefs } : {} };
  }
  return { prefs: mergePreferences(answer.preferences, state.unsent), upload: state.unsent };
}

/** Whether there is anything to send. */
export const hasFields = (update: PreferencesUpdate) => Object.values(update).some((v) => v !== undefined);

export function preferencesReducer(state: PreferencesState, event: PreferencesEvent): PreferencesState {
  switch (event.type) {
    case "changed": {
      const prefs = mergePreferences(state.prefs, event.update);
      if (state.owner === "guest") return { ...state, prefs };
      // Waiting to be sent counts as saving: the page must not say "saved" before it is.
      const sync = state.sync === "loading" ? "loading" : "saving";
      return { ...state, prefs, sync, unsent: { ...state.unsent, ...event.update } };
    }
    case "accountLoading":
      return { ...state, owner: "account", sync: "loading", error: null, unsent: {} };
    case "accountLoaded": {
      if (state.owner !== "account") return state;
      const plan = planAccountLoad(state, event.answer);
      return { ...state, prefs: plan.prefs, sync: "saved", unsent: plan.upload };
    }
    case "saveStarted": {
      if (state.owner !== "account") return state;
      const unsent = { ...state.unsent };
      for (const [key, value] of Object.entries(event.sent)) {
        // A field changed again since it was sent stays unsent.
        if (unsent[key as keyof PreferencesUpdate] === value) delete unsent[key as keyof PreferencesUpdate];
      }
      return { ...state, sync: "saving", error: null, unsent };
    }
    case "saved":
      if (state.owner !== "account") return state;
      return { ...state, sync: hasFields(state.unsent) ? "saving" : "saved" };
    case "saveFailed":
      if (state.owner !== "account") return state;
      return { ...state, sync: "failed", error: event.message, unsent: { ...event.sent, ...state.unsent } };
    case "loadFailed":
      if (state.owner !== "account") return state;
      return { ...state, sync: "failed", error: event.message };
    case "replaced":
      return samePreferences(state.prefs, event.prefs) ? state : { ...state, prefs: event.prefs };
    case "signedOut":
      return initialPreferences(state.prefs);
  }
}
