import { DEFAULT_PREFERENCES, mergePreferences, type PreferencesAnswer, type PreferencesUpdate } from "@chess/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "../../lib/api.ts";
import type { PreferencesApi } from "./preferencesApi.ts";
import { applyToDocument, createPreferencesController } from "./preferencesController.ts";
import { PREFERENCES_KEY } from "./preferencesStorage.ts";

/** A Storage over a Map. */
function memoryStorage(entries: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}

/** An account on a fake server: what it stores, and each PUT body. */
function fakeAccount(initial: PreferencesAnswer = { preferences: { ...DEFAULT_PREFERENCES }, updatedAt: null }) {
  let answer = initial;
  const puts: PreferencesUpdate[] = [];
  let failNext: string | null = null;
  const api: PreferencesApi = {
    load: vi.fn(async () => answer),
    save: vi.fn(async (update: PreferencesUpdate) => {
      puts.push(update);
      if (failNext) {
        const message = failNext;
        failNext = null;
        throw new ApiRequestError(500, message);
      }
      answer = { preferences: mergePreferences(answer.preferences, update), updatedAt: Date.now() };
      return answer;
    }),
  };
  return { api, puts, failOnce: (m: string) => (failNext = m), stored: () => answer };
}

const stored = (storage: Storage) => JSON.parse(storage.getItem(PREFERENCES_KEY) ?? "null");

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("preferences controller", () => {
  it("a guest's choice applies at once and is kept in the browser, never sent", async () => {
    const storage = memoryStorage();
    const account = fakeAccount();
    const applied: string[] = [];
    const c = createPreferencesController({ storage, api: account.api, apply: (p) => applied.push(p.theme) });
    c.update({ theme: "dark" });
    await vi.runAllTimersAsync();
    expect(applied).toEqual(["system", "dark"]);
    expect(stored(storage).theme).toBe("dark");
    expect(account.api.save).not.toHaveBeenCalled();
  });

  it("starts from the browser's copy, and from the old mute switch when there is none", () => {
    const saved = memoryStorage({ [PREFERENCES_KEY]: JSON.stringify({ theme: "light", pieceSet: "gone" }) });
    expect(createPreferencesController({ storage: saved }).get().prefs).toEqual({
      ...DEFAULT_PREFERENCES,
      theme: "light",
    });
    const muted = memoryStorage({ soundMuted: "1" });
    expect(createPreferencesController({ storage: muted }).get().prefs.soundEnabled).toBe(false);
    expect(createPreferencesController({ storage: memoryStorage({ [PREFERENCES_KEY]: "{oops" }) }).get().prefs).toEqual(
      DEFAULT_PREFERENCES,
    );
  });

  it("on login, an account with nothing stored gets the guest's choices", async () => {
    const storage = memoryStorage();
    const account = fakeAccount();
    const c = createPreferencesController({ storage, api: account.api });
    c.update({ theme: "dark", boardColors: "green" });
    await c.signedIn();
    expect(account.puts).toEqual([{ ...DEFAULT_PREFERENCES, theme: "dark", boardColors: "green" }]);
    expect(c.get()).toMatchObject({ owner: "account", sync: "saved", unsent: {} });
  });

  it("on login, the account's stored choices replace the guest's, here and in the browser", async () => {
    const storage = memoryStorage();
    const mine = { ...DEFAULT_PREFERENCES, theme: "light" as const, animation: "slow" as const };
    const account = fakeAccount({ preferences: mine, updatedAt: 1 });
    const c = createPreferencesController({ storage, api: account.api });
    c.update({ theme: "dark" });
    await c.signedIn();
    expect(c.get().prefs).toEqual(mine);
    expect(stored(storage)).toEqual(mine);
    expect(account.puts).toEqual([]);
  });

  it("a logged-in player's quick changes become one save of the changed fields", async () => {
    const account = fakeAccount({ preferences: { ...DEFAULT_PREFERENCES }, updatedAt: 1 });
    const c = createPreferencesController({ storage: memoryStorage(), api: account.api, saveDelayMs: 500 });
    await c.signedIn();
    for (const v of [60, 50, 40]) c.update({ soundVolume: v });
    c.update({ showCoordinates: false });
    expect(c.get().sync).toBe("saving");
    await vi.advanceTimersByTimeAsync(499);
    expect(account.puts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(account.puts).toEqual([{ soundVolume: 40, showCoordinates: false }]);
    expect(c.get().sync).toBe("saved");
    expect(account.stored().preferences).toMatchObject({ soundVolume: 40, showCoordinates: false });
  });

  it("a change waiting to be saved is sent at once, with keepalive, when the page is hidden or closed", async () => {
    const account = fakeAccount({ preferences: { ...DEFAULT_PREFERENCES }, updatedAt: 1 });
    const c = createPreferencesController({ storage: memoryStorage(), api: account.api, saveDelayMs: 500 });
    await c.signedIn();
    c.update({ theme: "dark" });
    c.leaving();
    expect(account.api.save).toHaveBeenCalledWith({ theme: "dark" }, { keepalive: true });
    await vi.runAllTimersAsync();
    expect(account.puts).toEqual([{ theme: "dark" }]);
    expect(c.get().sync).toBe("saved");
    // Nothing waits: hiding the page again sends nothing.
    c.leaving();
    expect(account.puts).toHaveLength(1);
  });

  it("a change made while a save is under way is sent too when the page goes away", async () => {
    const account = fakeAccount({ preferences: { ...DEFAULT_PREFERENCES }, updatedAt: 1 });
    let finish = () => {};
    const slow = account.api.save;
    account.api.save = vi.fn(async (update: PreferencesUpdate, options?: { keepalive?: boolean }) => {
      if (!options?.keepalive) await new Promise<void>((resolve) => (finish = resolve));
      return slow(update, options);
    });
    const c = createPreferencesController({ storage: memoryStorage(), api: account.api, saveDelayMs: 500 });
    await c.signedIn();
    c.update({ theme: "dark" });
    await vi.advanceTimersByTimeAsync(500);
    c.update({ soundVolume: 10 });
    c.leaving();
    expect(account.api.save).toHaveBeenLastCalledWith({ soundVolume: 10 }, { keepalive: true });
    finish();
    await vi.runAllTimersAsync();
    expect(account.stored().preferences).toMatchObject({ theme: "dark", soundVolume: 10 });
  });

  it("a guest has nothing to send when the page goes away", () => {
    const account = fakeAccount();
    const c = createPreferencesController({ storage: memoryStorage(), api: account.api });
    c.update({ theme: "dark" });
    c.leaving();
    expect(account.api.save).not.toHaveBeenCalled();
  });

  it("a failed save is reported, and retry sends the fields again", async () => {
    const account = fakeAccount({ preferences: { ...DEFAULT_PREFERENCES }, updatedAt: 1 });
    const c = createPreferencesController({ storage: memoryStorage(), api: account.api });
    await c.signedIn();
    account.failOnce("Internal server error");
    c.update({ theme: "dark" });
    await vi.runAllTimersAsync();
    expect(c.get()).toMatchObject({ sync: "failed", error: "Internal server error", prefs: { theme: "dark" } });
    c.retry();
    await vi.runAllTimersAsync();
    expect(account.puts).toEqual([{ theme: "dark" }, { theme: "dark" }]);
    expect(c.get()).toMatchObject({ sync: "saved", error: null });
  });

  it("a failed load keeps the look; retry loads again", async () => {
    const account = fakeAccount({ preferences: { ...DEFAULT_PREFERENCES, theme: "light" }, updatedAt: 1 });
    vi.mocked(account.api.load).mockRejectedValueOnce(new ApiRequestError(0, "Failed to fetch"));
    const c = createPreferencesController({ storage: memoryStorage(), api: account.api });
    await c.signedIn();
    expect(c.get()).toMatchObject({ sync: "failed", error: "Failed to fetch", prefs: { theme: "system" } });
    c.retry();
    await vi.runAllTimersAsync();
    expect(c.get()).toMatchObject({ sync: "saved", prefs: { theme: "light" } });
  });

  it("drops the account's answer when the player logged out while it loaded, and saves nothing after", async () => {
    const account = fakeAccount({ preferences: { ...DEFAULT_PREFERENCES, theme: "light" }, updatedAt: 1 });
    const c = createPreferencesController({ storage: memoryStorage(), api: account.api });
    const login = c.signedIn();
    c.signedOut();
    await login;
    c.update({ theme: "dark" });
    await vi.runAllTimersAsync();
    expect(c.get()).toMatchObject({ owner: "guest", prefs: { theme: "dark" } });
    expect(account.puts).toEqual([]);
  });

  it("takes over another tab's copy without writing it back", () => {
    const storage = memoryStorage();
    const c = createPreferencesController({ storage });
    const seen = vi.fn();
    c.subscribe(seen);
    storage.setItem(PREFERENCES_KEY, JSON.stringify({ ...DEFAULT_PREFERENCES, boardColors: "purple" }));
    c.reloadLocal();
    expect(c.get().prefs.boardColors).toBe("purple");
    expect(seen).toHaveBeenCalledTimes(1);
  });
});

describe("applyToDocument", () => {
  it("puts the theme choice on <html>", () => {
    applyToDocument({ ...DEFAULT_PREFERENCES, theme: "dark" }, document);
    expect(document.documentElement.dataset.theme).toBe("dark");
    applyToDocument({ ...DEFAULT_PREFERENCES }, document);
    expect(document.documentElement.dataset.theme).toBe("system");
  });
});
