import { DEFAULT_PREFERENCES, type Preferences, type PreferencesAnswer } from "@chess/shared";
import { describe, expect, it } from "vitest";
import {
  initialPreferences,
  type PreferencesEvent,
  type PreferencesState,
  planAccountLoad,
  preferencesReducer,
} from "./preferencesStore.ts";

const defaults: Preferences = { ...DEFAULT_PREFERENCES };
const dark: Preferences = { ...defaults, theme: "dark" };
const stored = (prefs: Preferences): PreferencesAnswer => ({ preferences: prefs, updatedAt: 1_700_000_000_000 });
const none: PreferencesAnswer = { preferences: defaults, updatedAt: null };

const run = (state: PreferencesState, ...events: PreferencesEvent[]) => events.reduce(preferencesReducer, state);
const loading = (local: Preferences) => run(initialPreferences(local), { type: "accountLoading" });

describe("planAccountLoad: who wins when a guest logs in", () => {
  it.each([
    [
      "the account's stored choices win over the guest's",
      dark,
      stored({ ...defaults, boardColors: "blue" }),
      {},
      { ...defaults, boardColors: "blue" },
      {},
    ],
    ["an account with nothing stored takes the guest's choices", dark, none, {}, dark, dark],
    ["an account with nothing stored and an untouched guest sends nothing", defaults, none, {}, defaults, {}],
    [
      "a change made while loading is kept over the stored copy",
      dark,
      stored({ ...defaults, theme: "light", soundVolume: 20 }),
      { theme: "dark" },
      { ...defaults, theme: "dark", soundVolume: 20 },
      { theme: "dark" },
    ],
  ] as const)("%s", (_, local, answer, unsent, prefs, upload) => {
    const state = { ...loading(local), unsent: { ...unsent } };
    expect(planAccountLoad(state, answer)).toEqual({ prefs, upload });
  });
});

describe("preferencesReducer", () => {
  it("a guest's change applies and is never queued for the account", () => {
    const s = run(initialPreferences(defaults), { type: "changed", update: { theme: "light" } });
    expect(s).toEqual({
      prefs: { ...defaults, theme: "light" },
      owner: "guest",
      sync: "local",
      error: null,
      unsent: {},
    });
  });

  it("an account's change applies at once and waits to be sent", () => {
    const s = run(
      loading(defaults),
      { type: "accountLoaded", answer: none },
      { type: "changed", update: { soundVolume: 10 } },
    );
    expect(s.prefs.soundVolume).toBe(10);
    expect(s.unsent).toEqual({ soundVolume: 10 });
    expect(s.sync).toBe("saving");
  });

  it("sending clears what was sent, but not a field changed again meanwhile", () => {
    const loaded = run(loading(defaults), { type: "accountLoaded", answer: stored(defaults) });
    const s = run(
      loaded,
      { type: "changed", update: { theme: "dark", soundVolume: 30 } },
      { type: "saveStarted", sent: { theme: "dark", soundVolume: 30 } },
      { type: "changed", update: { soundVolume: 40 } },
      { type: "saved" },
    );
    expect(s.unsent).toEqual({ soundVolume: 40 });
    expect(s.sync).toBe("saving");
    expect(run(s, { type: "saveStarted", sent: { soundVolume: 40 } }, { type: "saved" }).sync).toBe("saved");
  });

  it("a failed save keeps the look, reports the error and puts the fields back to send", () => {
    const loaded = run(loading(defaults), { type: "accountLoaded", answer: stored(defaults) });
    const s = run(
      loaded,
      { type: "changed", update: { theme: "dark" } },
      { type: "saveStarted", sent: { theme: "dark" } },
      { type: "changed", update: { boardColors: "grey" } },
      { type: "saveFailed", sent: { theme: "dark" }, message: "Failed" },
    );
    expect(s).toMatchObject({ sync: "failed", error: "Failed", unsent: { theme: "dark", boardColors: "grey" } });
    expect(s.prefs).toMatchObject({ theme: "dark", boardColors: "grey" });
  });

  it("logging out keeps the current look in the browser and forgets the account's queue", () => {
    const s = run(
      loading(defaults),
      { type: "accountLoaded", answer: stored(dark) },
      { type: "changed", update: { pieceSet: "simple" } },
      { type: "signedOut" },
    );
    expect(s).toEqual(initialPreferences({ ...dark, pieceSet: "simple" }));
  });

  it("ignores an account's answer that arrives after logging out", () => {
    const out = run(loading(defaults), { type: "signedOut" });
    expect(run(out, { type: "accountLoaded", answer: stored(dark) })).toBe(out);
    expect(run(out, { type: "saveFailed", sent: {}, message: "x" })).toBe(out);
  });

  it("takes another tab's copy as it is", () => {
    const s = initialPreferences(defaults);
    expect(run(s, { type: "replaced", prefs: dark }).prefs).toEqual(dark);
    expect(run(s, { type: "replaced", prefs: { ...defaults } })).toBe(s);
  });
});
