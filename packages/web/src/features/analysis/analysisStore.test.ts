import { describe, expect, it, vi } from "vitest";
import {
  AnalysisCache,
  analysisReducer,
  analysisView,
  initialAnalysis,
  LOGIN_REQUIRED,
  progressText,
  shownEntries,
} from "./analysisStore.ts";
import { SCHOLARS_ENTRIES } from "./testGame.ts";

const entries = SCHOLARS_ENTRIES;

describe("analysisReducer (SPEC §4 Analysis: off, loading, on)", () => {
  it("starts off", () => {
    expect(analysisView(initialAnalysis)).toBe("off");
    expect(shownEntries(initialAnalysis)).toBeUndefined();
  });

  it("goes off → loading → on, and reports progress meanwhile", () => {
    let s = analysisReducer(initialAnalysis, { type: "enable", loggedIn: true });
    expect(analysisView(s)).toBe("loading");
    s = analysisReducer(s, { type: "progress", progress: { status: "running", done: 3, total: 8 } });
    expect(s.request).toEqual({ kind: "loading", progress: { status: "running", done: 3, total: 8 } });
    s = analysisReducer(s, { type: "loaded", entries });
    expect(analysisView(s)).toBe("on");
    expect(shownEntries(s)).toBe(entries);
  });

  it("hides the analysis when toggled off and shows it again without a new request", () => {
    let s = analysisReducer(initialAnalysis, { type: "enable", loggedIn: true });
    s = analysisReducer(s, { type: "loaded", entries });
    s = analysisReducer(s, { type: "disable" });
    expect(analysisView(s)).toBe("off");
    expect(shownEntries(s)).toBeUndefined();
    s = analysisReducer(s, { type: "enable", loggedIn: true });
    expect(analysisView(s)).toBe("on");
  });

  it("uses the session's cached entries at once", () => {
    const s = analysisReducer(initialAnalysis, { type: "enable", loggedIn: true, cached: entries });
    expect(s.request).toEqual({ kind: "done", entries });
  });

  it("keeps a request running when toggled off, and its answer, for later", () => {
    let s = analysisReducer(initialAnalysis, { type: "enable", loggedIn: true });
    s = analysisReducer(s, { type: "disable" });
    s = analysisReducer(s, { type: "loaded", entries });
    expect(analysisView(s)).toBe("off");
    expect(analysisView(analysisReducer(s, { type: "enable", loggedIn: true }))).toBe("on");
  });

  it("asks a visitor who is not logged in to log in, without a request", () => {
    const s = analysisReducer(initialAnalysis, { type: "enable", loggedIn: false });
    expect(analysisView(s)).toBe("error");
    expect(s.request).toEqual({ kind: "failed", message: LOGIN_REQUIRED, loginRequired: true });
  });

  it("turns a 401 into the log-in message and shows other server messages as they are", () => {
    const loading = analysisReducer(initialAnalysis, { type: "enable", loggedIn: true });
    expect(analysisReducer(loading, { type: "failed", status: 401, message: "Unauthorized" }).request).toEqual({
      kind: "failed",
      message: LOGIN_REQUIRED,
      loginRequired: true,
    });
    const busy = analysisReducer(loading, {
      type: "failed",
      status: 409,
      message: "Analysis is available once the game is over",
    });
    expect(busy.request).toEqual({
      kind: "failed",
      message: "Analysis is available once the game is over",
      loginRequired: false,
    });
  });

  it("retries after a failure when toggled on again", () => {
    let s = analysisReducer(initialAnalysis, { type: "enable", loggedIn: true });
    s = analysisReducer(s, { type: "failed", status: 503, message: "busy" });
    s = analysisReducer(s, { type: "disable" });
    s = analysisReducer(s, { type: "enable", loggedIn: true });
    expect(analysisView(s)).toBe("loading");
  });

  it("ignores progress that arrives after the answer", () => {
    let s = analysisReducer(initialAnalysis, { type: "enable", loggedIn: true });
    s = analysisReducer(s, { type: "loaded", entries });
    expect(analysisReducer(s, { type: "progress", progress: { status: "done", done: 8, total: 8 } })).toBe(s);
  });
});

describe("progressText", () => {
  it.each([
    [null, "Analysing…"],
    [{ status: "none" as const, done: 0, total: 0 }, "Analysing…"],
    [{ status: "running" as const, done: 12, total: 80 }, "Analysing… 12 / 80 positions"],
    [{ status: "running" as const, done: 81, total: 80 }, "Analysing… 80 / 80 positions"],
  ])("%j → %s", (progress, text) => {
    expect(progressText(progress)).toBe(text);
  });
});

describe("AnalysisCache (fetched once per game, then cached)", () => {
  it("fetches a game once, also when asked again while the request runs", async () => {
    const cache = new AnalysisCache();
    const fetch = vi.fn(async () => entries);
    const [a, b] = await Promise.all([cache.load("g1", fetch), cache.load("g1", fetch)]);
    expect(a).toBe(entries);
    expect(b).toBe(entries);
    expect(await cache.load("g1", fetch)).toBe(entries);
    expect(cache.get("g1")).toBe(entries);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("keeps games apart and does not keep failures", async () => {
    const cache = new AnalysisCache();
    const failing = vi.fn(async () => {
      throw new Error("busy");
    });
    await expect(cache.load("g2", failing)).rejects.toThrow("busy");
    expect(cache.get("g2")).toBeUndefined();
    expect(cache.get("g1")).toBeUndefined();
    expect(await cache.load("g2", async () => entries)).toBe(entries);
  });
});
