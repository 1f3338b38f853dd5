import {
  type ArenaFinished,
  type ArenaMe,
  type ArenaStandingRow,
  type ArenaStandingsPage,
  type ArenaStandingsUpdate,
  type ArenaStarted,
  type ArenaSummary,
  type ArenaTopGame,
  type ArenaView,
  type ClubBattleRow,
  STANDINGS_PAGE_SIZE,
} from "@chess/shared";

/** One arena's page as this tab sees it. Pure: every time is passed in, tested without a DOM. */
export interface ArenaState {
  status: "loading" | "ready" | "failed";
  error: string | null;
  view: ArenaView | null;
  /** The arena, kept current (status, players, end) by the live events. */
  arena: ArenaSummary | null;
  /** Ranks 1-10, live. */
  top: ArenaStandingRow[];
  /** The page shown; pages after the first are read once and not kept current. */
  page: number;
  pageRows: ArenaStandingRow[] | null;
  nbPages: number;
  clubs: ClubBattleRow[] | null;
  topGames: ArenaTopGame[];
  me: ArenaView["me"];
  podium: ArenaStandingRow[] | null;
  /** Local time minus server time (ms). */
  serverOffset: number;
}

export type ArenaEvent =
  | { type: "loaded"; view: ArenaView; now: number }
  | { type: "failed"; message: string }
  | { type: "standings"; update: ArenaStandingsUpdate }
  | { type: "me"; me: ArenaMe }
  | { type: "started"; started: ArenaStarted }
  | { type: "finished"; finished: ArenaFinished }
  | { type: "pageRequested"; page: number }
  | { type: "pageLoaded"; page: ArenaStandingsPage };

export const initialArena: ArenaState = {
  status: "loading",
  error: null,
  view: null,
  arena: null,
  top: [],
  page: 1,
  pageRows: null,
  nbPages: 1,
  clubs: null,
  topGames: [],
  me: null,
  podium: null,
  serverOffset: 0,
};

const pagesOf = (nbPlayers: number) => Math.max(1, Math.ceil(nbPlayers / STANDINGS_PAGE_SIZE));

export function arenaReducer(state: ArenaState, event: ArenaEvent): ArenaState {
  const id = state.arena?.id;
  switch (event.type) {
    case "loaded": {
      const { view } = event;
      const finished = view.arena.status === "finished";
      return {
        ...state,
        status: "ready",
        error: null,
        view,
        arena: view.arena,
        top: view.standings.page === 1 ? view.standings.rows : state.top,
        nbPages: Math.max(view.standings.nbPages, 1),
        clubs: view.clubs,
        me: view.me,
        podium: finished ? view.standings.rows.slice(0, 3) : state.podium,
        serverOffset: event.now - view.serverTime,
      };
    }
    case "failed":
      return state.status === "ready" ? state : { ...state, status: "failed", error: event.message };
    case "standings": {
      const u = event.update;
      if (!state.arena || u.tournamentId !== id) return state;
      return {
        ...state,
        arena: { ...state.arena, status: u.status, nbPlayers: u.nbPlayers },
        top: u.top,
        nbPages: pagesOf(u.nbPlayers),
        clubs: u.clubs,
        topGames: u.topGames,
        me: state.me
          ? { ...state.me, row: u.top.find((r) => r.username === state.me?.row.username) ?? state.me.row }
          : null,
      };
    }
    case "me": {
      const m = event.me;
      if (m.tournamentId !== id) return state;
      return { ...state, me: m.row ? { row: m.row, gameId: m.gameId, rejoinAt: m.rejoinAt } : null };
    }
    case "started": {
      if (!state.arena || event.started.tournamentId !== id) return state;
      return { ...state, arena: { ...state.arena, status: "started", endsAt: event.started.endsAt } };
    }
    case "finished": {
      const f = event.finished;
      if (!state.arena || f.tournamentId !== id) return state;
      return {
        ...state,
        arena: { ...state.arena, status: "finished", winner: f.podium[0]?.username ?? state.arena.winner },
        podium: f.podium,
        clubs: f.clubs ?? state.clubs,
        topGames: [],
      };
    }
    case "pageRequested":
      return { ...state, page: Math.max(1, event.page), pageRows: event.page <= 1 ? null : state.pageRows };
    case "pageLoaded":
      if (event.page.page !== state.page) return state;
      return {
        ...state,
        pageRows: event.page.page === 1 ? null : event.page.rows,
        top: event.page.page === 1 ? event.page.rows : state.top,
        nbPages: Math.max(event.page.nbPages, 1),
      };
  }
}

/** The rows of the page shown. */
export function shownRows(state: ArenaState): ArenaStandingRow[] {
  return state.page === 1 ? state.top : (state.pageRows ?? []);
}

/** Where the arena stands at local time `now`: before the start, playing, or over; with the ms left. */
export type ArenaPhase = { kind: "countdown"; msLeft: number } | { kind: "playing"; msLeft: number } | { kind: "over" };

export function arenaPhase(state: ArenaState, now: number): ArenaPhase | null {
  const a = state.arena;
  if (!a) return null;
  if (a.status === "finished") return { kind: "over" };
  if (a.status === "created") return { kind: "countdown", msLeft: a.startsAt + state.serverOffset - now };
  const endsAt = a.endsAt ?? a.startsAt + a.durationMinutes * 60_000;
  return { kind: "playing", msLeft: endsAt + state.serverOffset - now };
}

/** What the player can do now: the button shown, or why none is. */
export type JoinChoice =
  | { kind: "login" }
  | { kind: "join" }
  | { kind: "cannot"; message: string }
  | { kind: "pause" }
  | { kind: "rejoin"; waitMs: number }
  | { kind: "none" };

export function joinChoice(state: ArenaState, loggedIn: boolean, now: number): JoinChoice {
  if (!state.arena || !state.view || state.arena.status === "finished") return { kind: "none" };
  if (!loggedIn) return { kind: "login" };
  const me = state.me;
  if (!me) return state.view.canJoin.ok ? { kind: "join" } : { kind: "cannot", message: state.view.canJoin.message };
  if (!me.row.paused) return { kind: "pause" };
  const at = me.rejoinAt === null ? null : me.rejoinAt + state.serverOffset;
  return { kind: "rejoin", waitMs: at === null ? 0 : Math.max(0, at - now) };
}
