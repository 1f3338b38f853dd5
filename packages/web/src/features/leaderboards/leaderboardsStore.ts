import type {
  Club,
  Leaderboard,
  LeaderboardOverview,
  LeaderboardRow,
  LeaderboardSummary,
  TimeClass,
} from "@chess/shared";
import type { BoardLocation } from "./leaderboardsUrl.ts";

export type BoardVariant = "standard" | "jumpstart" | "fun";
export type EloType = "global" | "club";

/** The filters of SPEC §2 Leaderboards. `clubId` null is the Global filter. */
export interface LeaderboardFilters {
  variant: BoardVariant;
  timeClass: TimeClass;
  clubId: number | null;
  /** Only meaningful with a club filter; always "global" without one. */
  eloType: EloType;
}

/** SPEC §4 defaults: variant standard, time format rapid, across the site. */
export const DEFAULT_FILTERS: LeaderboardFilters = {
  variant: "standard",
  timeClass: "rapid",
  clubId: null,
  eloType: "global",
};

/** What is asked of the server; `seq` makes a repeated Get Leaderboards a new request. */
export interface BoardRequest {
  filters: LeaderboardFilters;
  pageNo: number;
  seq: number;
}

/** The top players of every board (lichess's /player), or one board in full with its filters and pages. */
export type LeaderboardsMode = "overview" | "board";

export interface OverviewState {
  status: "loading" | "loaded" | "failed";
  boards: LeaderboardSummary[];
  error: string | null;
}

/** The leaderboards page (pure: tested without a DOM). */
export interface LeaderboardsState {
  mode: LeaderboardsMode;
  overview: OverviewState;
  /** What the filter controls show: applied as soon as it changes (Get Leaderboards asks again). */
  draft: LeaderboardFilters;
  request: BoardRequest;
  /** The clubs the Filter offers; [] for a guest. */
  clubs: Club[];
  status: "loading" | "loaded" | "failed";
  rows: LeaderboardRow[];
  lastPage: number;
  error: string | null;
}

export type LeaderboardsEvent =
  /** The address changed (a link, Back): a board in full, or null for the overview. */
  | { type: "located"; board: BoardLocation | null }
  | { type: "overviewLoaded"; overview: LeaderboardOverview }
  | { type: "overviewFailed"; message: string }
  | { type: "draftChanged"; change: Partial<LeaderboardFilters> }
  /** The Get Leaderboards button: the draft becomes the request, from page 1. */
  | { type: "applied" }
  | { type: "pageRequested"; pageNo: number }
  | { type: "clubsLoaded"; clubs: Club[] }
  | { type: "loaded"; request: BoardRequest; board: Leaderboard }
  | { type: "failed"; request: BoardRequest; message: string };

/** The page as first shown: the overview, unless the address names a board. */
export function initialLeaderboards(board: BoardLocation | null = null): LeaderboardsState {
  const filters = board?.filters ?? DEFAULT_FILTERS;
  return {
    mode: board ? "board" : "overview",
    overview: { status: "loading", boards: [], error: null },
    draft: filters,
    request: { filters, pageNo: board?.pageNo ?? 1, seq: 0 },
    clubs: [],
    status: "loading",
    rows: [],
    lastPage: 1,
    error: null,
  };
}

/** Keeps the Elo type rule: Club Elo exists only with a club filter. */
export function normalizeFilters(filters: LeaderboardFilters): LeaderboardFilters {
  return filters.clubId === null && filters.eloType !== "global" ? { ...filters, eloType: "global" } : filters;
}

const sameFilters = (a: LeaderboardFilters, b: LeaderboardFilters) =>
  a.variant === b.variant && a.timeClass === b.timeClass && a.clubId === b.clubId && a.eloType === b.eloType;

function withRequest(state: LeaderboardsState, filters: LeaderboardFilters, pageNo: number): LeaderboardsState {
  return {
    ...state,
    mode: "board",
    request: { filters, pageNo, seq: state.request.seq + 1 },
    status: "loading",
    error: null,
  };
}

export function leaderboardsReducer(state: LeaderboardsState, event: LeaderboardsEvent): LeaderboardsState {
  switch (event.type) {
    case "located": {
      if (!event.board) return state.mode === "overview" ? state : { ...state, mode: "overview" };
      const { filters, pageNo } = event.board;
      const same = sameFilters(filters, state.request.filters) && pageNo === state.request.pageNo;
      if (state.mode === "board" && same) return state;
      return withRequest({ ...state, draft: filters }, filters, pageNo);
    }
    case "overviewLoaded":
      return { ...state, overview: { status: "loaded", boards: event.overview.boards, error: null } };
    case "overviewFailed":
      return { ...state, overview: { status: "failed", boards: [], error: event.message } };
    case "draftChanged": {
      // A filter chosen is the board shown, from page 1: a heading that still named the old board, until a
      // button was pressed, read as if the new choice had no players.
      const draft = normalizeFilters({ ...state.draft, ...event.change });
      if (sameFilters(draft, state.draft) && state.mode === "board") return state;
      return withRequest({ ...state, draft }, draft, 1);
    }
    case "applied":
      return withRequest(state, state.draft, 1);
    case "pageRequested": {
      const pageNo = Math.min(Math.max(1, Math.floor(event.pageNo)), Math.max(1, state.lastPage));
      if (pageNo === state.request.pageNo) return state;
      return withRequest(state, state.request.filters, pageNo);
    }
    case "clubsLoaded": {
      const known = (id: number | null) => id === null || event.clubs.some((c) => c.clubId === id);
      // A club the user has left is no longer a filter.
      const draft = known(state.draft.clubId) ? state.draft : normalizeFilters({ ...state.draft, clubId: null });
      return { ...state, clubs: event.clubs, draft };
    }
    case "loaded":
      if (event.request.seq !== state.request.seq) return state;
      return {
        ...state,
        status: "loaded",
        rows: event.board.rows,
        lastPage: Math.max(1, event.board.lastPage),
        error: null,
      };
    case "failed":
      if (event.request.seq !== state.request.seq) return state;
      return { ...state, status: "failed", rows: [], error: event.message };
  }
}

/** Where the page's address should be now: the board shown in full, or null for the overview. */
export function shownLocation(state: LeaderboardsState): BoardLocation | null {
  return state.mode === "board" ? { filters: state.request.filters, pageNo: state.request.pageNo } : null;
}

/** Previous shows from page 2 on. */
export function showPrevious(state: LeaderboardsState): boolean {
  return state.request.pageNo > 1;
}

/** SPEC §9: Next is hidden on the last page. */
export function showNext(state: LeaderboardsState): boolean {
  return state.status === "loaded" && state.request.pageNo < state.lastPage;
}

/** The Elo Type control is usable only with a club filter. */
export function eloTypeEnabled(filters: LeaderboardFilters): boolean {
  return filters.clubId !== null;
}

/** The leaderboard call for a request (SPEC §7): global, or a club's with isClubElo. */
export function leaderboardQuery(request: Pick<BoardRequest, "filters" | "pageNo">): {
  path: "/leaderboard" | "/leaderboard/club";
  query: Record<string, string | number | boolean>;
} {
  const { filters, pageNo } = request;
  const query = { gameVariant: filters.variant, timeVariant: filters.timeClass, pageNo };
  if (filters.clubId === null) return { path: "/leaderboard", query };
  return {
    path: "/leaderboard/club",
    query: { ...query, clubId: filters.clubId, isClubElo: filters.eloType === "club" },
  };
}

/** "gold" | "silver" | "bronze" for the top three ranks. */
export function podium(rank: number): "gold" | "silver" | "bronze" | null {
  if (rank === 1) return "gold";
  if (rank === 2) return "silver";
  if (rank === 3) return "bronze";
  return null;
}
