import type { AnalysisEntry, AnalysisProgress } from "@chess/shared";

/** The engine analysis of one game on the page (SPEC §4 Analysis: off, loading, on). Pure. */

/** SPEC §6, §8: what a visitor who is not logged in sees. */
export const LOGIN_REQUIRED = "You must be logged in to view analysis";

/** Where the game's analysis request stands; kept while the toggle is off, so turning it on again is instant. */
export type AnalysisRequest =
  /** Never asked for. */
  | { kind: "idle" }
  /** GET /game/analysis/{id} is running; `progress` is the last /progress answer (null before the first). */
  | { kind: "loading"; progress: AnalysisProgress | null }
  /** One entry per position: index 0 the start, index i after move i. */
  | { kind: "done"; entries: AnalysisEntry[] }
  /** `message` is what the user sees; `loginRequired` for a visitor who must log in first. */
  | { kind: "failed"; message: string; loginRequired: boolean };

export interface AnalysisState {
  /** The Enable Analysis toggle. */
  enabled: boolean;
  request: AnalysisRequest;
}

export type AnalysisEvent =
  /** The toggle went on. `cached`: this session already holds the game's entries. */
  | { type: "enable"; loggedIn: boolean; cached?: AnalysisEntry[] }
  /** The toggle went off: the analysis is hidden, not forgotten. */
  | { type: "disable" }
  | { type: "progress"; progress: AnalysisProgress }
  | { type: "loaded"; entries: AnalysisEntry[] }
  /** The request failed with HTTP `status` (0: no answer) and the server's `message`. */
  | { type: "failed"; status: number; message: string };

/** What the page shows. */
export type AnalysisView = "off" | "loading" | "on" | "error";

export const initialAnalysis: AnalysisState = { enabled: false, request: { kind: "idle" } };

export function analysisReducer(state: AnalysisState, event: AnalysisEvent): AnalysisState {
  switch (event.type) {
    case "enable": {
      const { request } = state;
      if (request.kind === "done" || request.kind === "loading") return { enabled: true, request };
      if (event.cached) return { enabled: true, request: { kind: "done", entries: event.cached } };
      if (!event.loggedIn) {
        return { enabled: true, request: { kind: "failed", message: LOGIN_REQUIRED, loginRequired: true } };
      }
      return { enabled: true, request: { kind: "loading", progress: null } };
    }
    case "disable":
      return state.enabled ? { ...state, enabled: false } : state;
    case "progress":
      return state.request.kind === "loading"
        ? { ...state, request: { kind: "loading", progress: event.progress } }
        : state;
    case "loaded":
      return { ...state, request: { kind: "done", entries: event.entries } };
    case "failed": {
      const loginRequired = event.status === 401;
      const message = loginRequired ? LOGIN_REQUIRED : event.message;
      return { ...state, request: { kind: "failed", message, loginRequired } };
    }
  }
}

export function analysisView(state: AnalysisState): AnalysisView {
  if (!state.enabled) return "off";
  switch (state.request.kind) {
    case "done":
      return "on";
    case "failed":
      return "error";
    default:
      return "loading";
  }
}

/** The entries when the analysis is on and loaded, else undefined. */
export function shownEntries(state: AnalysisState): AnalysisEntry[] | undefined {
  return state.enabled && state.request.kind === "done" ? state.request.entries : undefined;
}

/** "Analysing… 12 / 80 positions" (or without counts before the server reports them). */
export function progressText(progress: AnalysisProgress | null): string {
  if (!progress || progress.total <= 0) return "Analysing…";
  return `Analysing… ${Math.min(progress.done, progress.total)} / ${progress.total} positions`;
}

/**
 * Analyses fetched this session, by game id (SPEC §4: fetched once per game, then cached). A request in
 * flight is shared, so turning the toggle off and on again never asks twice.
 */
export class AnalysisCache {
  private readonly done = new Map<string, AnalysisEntry[]>();
  private readonly inFlight = new Map<string, Promise<AnalysisEntry[]>>();

  get(gameId: string): AnalysisEntry[] | undefined {
    return this.done.get(gameId);
  }

  /** The cached entries, the request already running, or a new one from `fetch`. Failures are not kept. */
  load(gameId: string, fetch: () => Promise<AnalysisEntry[]>): Promise<AnalysisEntry[]> {
    const cached = this.done.get(gameId);
    if (cached) return Promise.resolve(cached);
    const running = this.inFlight.get(gameId);
    if (running) return running;
    const request = fetch()
      .then((entries) => {
        this.done.set(gameId, entries);
        return entries;
      })
      .finally(() => this.inFlight.delete(gameId));
    this.inFlight.set(gameId, request);
    return request;
  }
}

/** The page's cache: lives as long as the tab. */
export const sessionAnalysisCache = new AnalysisCache();
