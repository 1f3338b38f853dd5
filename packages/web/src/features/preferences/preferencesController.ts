import type { Preferences, PreferencesUpdate } from "@chess/shared";
import { errorMessage } from "../../lib/api.ts";
import { browserStorage } from "../../lib/browserStorage.ts";
import { type PreferencesApi, preferencesApi } from "./preferencesApi.ts";
import { PREFERENCES_KEY, readLocalPreferences, writeLocalPreferences } from "./preferencesStorage.ts";
import {
  hasFields,
  initialPreferences,
  type PreferencesEvent,
  type PreferencesState,
  preferencesReducer,
} from "./preferencesStore.ts";

/** Waits this long after the last change before saving, so a dragged volume slider is one request. */
const SAVE_DELAY_MS = 500;

export interface PreferencesController {
  /** The current state; a new object after every change. */
  get(): PreferencesState;
  subscribe(listener: () => void): () => void;
  /** Applies the fields now; saves them to the account when logged in. */
  update(update: PreferencesUpdate): void;
  /** Logged in: fetch the account's copy and reconcile it with this browser's. */
  signedIn(): Promise<void>;
  /** Logged out or a guest: keep the current look in this browser only. */
  signedOut(): void;
  /** After a failure: load again, or send what is unsent. */
  retry(): void;
  /** Another tab wrote this browser's copy: show it here too (that tab saves it to the account). */
  reloadLocal(): void;
  /** The page is hidden and may be closed: send what waits now, in a request that outlives the page. */
  leaving(): void;
}

export interface PreferencesDeps {
  storage?: Storage | undefined;
  api?: PreferencesApi;
  /** Shows the preferences on the page (theme attribute); called at start and on each change. */
  apply?: (prefs: Preferences) => void;
  saveDelayMs?: number;
}

/** The page's one preferences controller: state in a pure store, I/O here. */
export function createPreferencesController(deps: PreferencesDeps = {}): PreferencesController {
  const { storage, api = preferencesApi, apply = () => {}, saveDelayMs = SAVE_DELAY_MS } = deps;
  let state = initialPreferences(readLocalPreferences(storage));
  const listeners = new Set<() => void>();
  // Each login takes a number; the answer of a superseded one (logged out meanwhile) is dropped.
  let session = 0;
  let loaded = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight = false;

  apply(state.prefs);

  function dispatch(event: PreferencesEvent) {
    const before = state;
    state = preferencesReducer(state, event);
    if (state === before) return;
    if (state.prefs !== before.prefs) {
      if (event.type !== "replaced") writeLocalPreferences(storage, state.prefs);
      apply(state.prefs);
    }
    for (const listener of listeners) listener();
  }

  function schedule(delay = saveDelayMs) {
    clearTimeout(timer);
    timer = setTimeout(() => void flush(), delay);
  }

  async function flush(keepalive = false) {
    if (state.owner !== "account" || !loaded || inFlight || !hasFields(state.unsent)) return;
    const mine = session;
    const sent = state.unsent;
    inFlight = true;
    dispatch({ type: "saveStarted", sent });
    try {
      await api.save(sent, { keepalive });
      if (mine !== session) return;
      dispatch({ type: "saved" });
    } catch (error) {
      if (mine !== session) return;
      dispatch({ type: "saveFailed", sent, message: errorMessage(undefined, error) });
      return;
    } finally {
      inFlight = false;
    }
    if (hasFields(state.unsent)) schedule(0);
  }

  async function signedIn() {
    const mine = ++session;
    loaded = false;
    clearTimeout(timer);
    dispatch({ type: "accountLoading" });
    try {
      const answer = await api.load();
      if (mine !== session) return;
      loaded = true;
      dispatch({ type: "accountLoaded", answer });
    } catch (error) {
      if (mine !== session) return;
      dispatch({ type: "loadFailed", message: errorMessage(undefined, error) });
      return;
    }
    await flush();
  }

  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update(update) {
      dispatch({ type: "changed", update });
      if (state.owner === "account") schedule();
    },
    signedIn,
    signedOut() {
      session++;
      loaded = false;
      clearTimeout(timer);
      dispatch({ type: "signedOut" });
    },
    retry() {
      if (state.owner !== "account") return;
      if (!loaded) void signedIn();
      else void flush();
    },
    reloadLocal() {
      dispatch({ type: "replaced", prefs: readLocalPreferences(storage) });
    },
    leaving() {
      if (state.owner !== "account" || !loaded || !hasFields(state.unsent)) return;
      clearTimeout(timer);
      if (!inFlight) {
        void flush(true);
        return;
      }
      // A save is under way and the rest would follow it only if the page lives on: send the rest now too
      // (sent twice if it does; the same fields again change nothing).
      api.save(state.unsent, { keepalive: true }).catch(() => {});
    },
  };
}

/** Shows the theme choice on <html data-theme>; global.css turns it (or the system's choice) into colours. */
export function applyToDocument(prefs: Preferences, doc: Document | undefined = globalThis.document): void {
  if (doc) doc.documentElement.dataset.theme = prefs.theme;
}

/** The controller of this page, on this browser's storage. Other tabs' changes are taken over. */
export const preferences: PreferencesController = (() => {
  const storage = browserStorage();
  const controller = createPreferencesController({ storage, apply: (p) => applyToDocument(p) });
  globalThis.addEventListener?.("storage", (event) => {
    if (event.key === PREFERENCES_KEY && event.storageArea === storage) controller.reloadLocal();
  });
  // A change made just before the tab is closed would otherwise wait for a timer that never fires.
  globalThis.addEventListener?.("pagehide", () => controller.leaving());
  globalThis.document?.addEventListener("visibilitychange", () => {
    if (globalThis.document.visibilityState === "hidden") controller.leaving();
  });
  return controller;
})();
