import type { Club, Leaderboard } from "@chess/shared";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_FILTERS,
  eloTypeEnabled,
  initialLeaderboards,
  type LeaderboardsEvent,
  type LeaderboardsState,
  leaderboardQuery,
  leaderboardsReducer,
  podium,
  showNext,
  shownLocation,
  showPrevious,
} from "./leaderboardsStore.ts";
import { boardSearch, readBoardSearch } from "./leaderboardsUrl.ts";

const run = (state: LeaderboardsState, ...events: LeaderboardsEvent[]) => events.reduce(leaderboardsReducer, state);
const board = (lastPage: number, names = ["alice", "bob"]): Leaderboard => ({
  rows: names.map((username, i) => ({ rank: i + 1, username, elo: 1500 - i, avatarUrl: null, gamesPlayed: 1 })),
  lastPage,
});
const club = (clubId: number, clubName = `club ${clubId}`): Club => ({
  clubId,
  clubName,
  isAdministrator: false,
  administratorId: 1,
  joinPolicy: "invite",
});
const loaded = (state: LeaderboardsState, lastPage: number): LeaderboardsState =>
  run(state, { type: "loaded", request: state.request, board: board(lastPage) });

describe("filters", () => {
  it("default to standard rapid, global, page 1", () => {
    const state = initialLeaderboards();
    expect(state.draft).toEqual({ variant: "standard", timeClass: "rapid", clubId: null, eloType: "global" });
    expect(state.request).toMatchObject({ filters: DEFAULT_FILTERS, pageNo: 1 });
    expect(state.status).toBe("loading");
  });

  it("apply as soon as they change, from page 1; Get Leaderboards asks again", () => {
    let state = loaded(initialLeaderboards(), 3);
    state = loaded(run(state, { type: "pageRequested", pageNo: 2 }), 3);
    const seq = state.request.seq;
    state = run(state, { type: "draftChanged", change: { timeClass: "blitz", variant: "jumpstart" } });
    expect(state.request).toEqual({
      filters: { variant: "jumpstart", timeClass: "blitz", clubId: null, eloType: "global" },
      pageNo: 1,
      seq: seq + 1,
    });
    expect(state.status).toBe("loading");
    // The same choice again asks nothing; the button does.
    expect(run(state, { type: "draftChanged", change: { timeClass: "blitz" } })).toBe(state);
    expect(run(state, { type: "applied" }).request).toMatchObject({ filters: state.request.filters, seq: seq + 2 });
  });

  it("makes a repeated Get Leaderboards a new request", () => {
    const a = run(initialLeaderboards(), { type: "applied" });
    const b = run(a, { type: "applied" });
    expect(b.request.seq).toBe(a.request.seq + 1);
  });

  it("allow the Club Elo type only with a club filter", () => {
    let state = run(initialLeaderboards(), { type: "draftChanged", change: { eloType: "club" } });
    expect(state.draft.eloType).toBe("global");
    expect(eloTypeEnabled(state.draft)).toBe(false);

    state = run(
      state,
      { type: "draftChanged", change: { clubId: 7 } },
      { type: "draftChanged", change: { eloType: "club" } },
    );
    expect(eloTypeEnabled(state.draft)).toBe(true);
    expect(state.draft).toMatchObject({ clubId: 7, eloType: "club" });

    state = run(state, { type: "draftChanged", change: { clubId: null } });
    expect(state.draft.eloType).toBe("global");
  });

  it("forget a club filter the user is no longer in", () => {
    const state = run(
      initialLeaderboards(),
      { type: "draftChanged", change: { clubId: 7, eloType: "club" } },
      { type: "clubsLoaded", clubs: [club(8)] },
    );
    expect(state.clubs).toEqual([club(8)]);
    expect(state.draft).toMatchObject({ clubId: null, eloType: "global" });
    const kept = run(state, { type: "draftChanged", change: { clubId: 8 } }, { type: "clubsLoaded", clubs: [club(8)] });
    expect(kept.draft.clubId).toBe(8);
  });
});

describe("paging", () => {
  it("hides Previous on page 1 and Next on the last page", () => {
    const one = loaded(initialLeaderboards(), 1);
    expect(showPrevious(one)).toBe(false);
    expect(showNext(one)).toBe(false);

    const first = loaded(initialLeaderboards(), 3);
    expect(showPrevious(first)).toBe(false);
    expect(showNext(first)).toBe(true);

    const middle = loaded(run(first, { type: "pageRequested", pageNo: 2 }), 3);
    expect(showPrevious(middle)).toBe(true);
    expect(showNext(middle)).toBe(true);

    const last = loaded(run(middle, { type: "pageRequested", pageNo: 3 }), 3);
    expect(showPrevious(last)).toBe(true);
    expect(showNext(last)).toBe(false);
  });

  it("keeps the filters and stays between page 1 and the last page", () => {
    let state = loaded(run(initialLeaderboards(), { type: "draftChanged", change: { timeClass: "bullet" } }), 2);
    state = run(state, { type: "pageRequested", pageNo: 9 });
    expect(state.request.pageNo).toBe(2);
    expect(state.request.filters.timeClass).toBe("bullet");
    expect(run(state, { type: "pageRequested", pageNo: 0 }).request.pageNo).toBe(1);
  });

  it("drops answers to older requests", () => {
    const state = initialLeaderboards();
    const old = state.request;
    const next = run(state, { type: "applied" }, { type: "loaded", request: old, board: board(5) });
    expect(next.status).toBe("loading");
    const failed = run(next, { type: "failed", request: next.request, message: "Failed" });
    expect(failed).toMatchObject({ status: "failed", error: "Failed", rows: [] });
  });
});

describe("leaderboardQuery", () => {
  it("asks the global board without a club", () => {
    expect(leaderboardQuery({ filters: DEFAULT_FILTERS, pageNo: 2 })).toEqual({
      path: "/leaderboard",
      query: { gameVariant: "standard", timeVariant: "rapid", pageNo: 2 },
    });
  });

  it("asks a club's board with its Elo type", () => {
    const filters = { ...DEFAULT_FILTERS, clubId: 4, eloType: "club" as const, timeClass: "blitz" as const };
    expect(leaderboardQuery({ filters, pageNo: 1 })).toEqual({
      path: "/leaderboard/club",
      query: { gameVariant: "standard", timeVariant: "blitz", pageNo: 1, clubId: 4, isClubElo: true },
    });
    expect(leaderboardQuery({ filters: { ...filters, eloType: "global" }, pageNo: 1 }).query.isClubElo).toBe(false);
  });
});

describe("podium", () => {
  it.each([
    [1, "gold"],
    [2, "silver"],
    [3, "bronze"],
    [4, null],
  ] as const)("rank %i → %s", (rank, medal) => expect(podium(rank)).toBe(medal));
});

describe("overview and boards in full", () => {
  const blitz = { filters: { ...DEFAULT_FILTERS, timeClass: "blitz" as const }, pageNo: 3 };

  it("opens on the overview unless the address names a board", () => {
    expect(initialLeaderboards().mode).toBe("overview");
    expect(shownLocation(initialLeaderboards())).toBeNull();
    const state = initialLeaderboards(blitz);
    expect(state.mode).toBe("board");
    expect(state.draft.timeClass).toBe("blitz");
    expect(shownLocation(state)).toEqual(blitz);
  });

  it("keeps the overview's boards, or its failure", () => {
    const boards = [{ gameVariant: "standard" as const, timeVariant: "bullet" as const, players: 1, rows: [] }];
    const state = run(initialLeaderboards(), { type: "overviewLoaded", overview: { boards } });
    expect(state.overview).toEqual({ status: "loaded", boards, error: null });
    expect(run(state, { type: "overviewFailed", message: "down" }).overview).toEqual({
      status: "failed",
      boards: [],
      error: "down",
    });
  });

  it("follows the address: a board asks for its page, the same board again asks nothing, none is the overview", () => {
    let state = run(initialLeaderboards(), { type: "located", board: blitz });
    expect(state).toMatchObject({ mode: "board", request: { filters: blitz.filters, pageNo: 3, seq: 1 } });
    expect(state.draft).toEqual(blitz.filters);
    expect(run(state, { type: "located", board: blitz })).toBe(state);
    state = run(state, { type: "located", board: null });
    expect(state.mode).toBe("overview");
    expect(run(state, { type: "located", board: null })).toBe(state);
    // Back to the same board from the overview: shown, and asked for again.
    expect(run(state, { type: "located", board: blitz })).toMatchObject({ mode: "board", request: { seq: 2 } });
  });

  it("a filter chosen or Get Leaderboards on the overview opens the board", () => {
    const overview = initialLeaderboards();
    expect(run(overview, { type: "applied" })).toMatchObject({ mode: "board", request: { pageNo: 1 } });
    expect(run(overview, { type: "draftChanged", change: { variant: "fun" } })).toMatchObject({
      mode: "board",
      request: { filters: { variant: "fun", timeClass: "rapid" } },
    });
    // The default board, chosen again from the overview, still opens it.
    expect(run(overview, { type: "draftChanged", change: { timeClass: "rapid" } }).mode).toBe("board");
  });
});

describe("board addresses", () => {
  it.each([
    ["", null],
    ["?pageNo=4", null],
    ["?timeVariant=blitz", { filters: { ...DEFAULT_FILTERS, timeClass: "blitz" }, pageNo: 1 }],
    [
      "?gameVariant=fun&timeVariant=bullet&pageNo=7",
      { filters: { ...DEFAULT_FILTERS, variant: "fun", timeClass: "bullet" }, pageNo: 7 },
    ],
    [
      "?gameVariant=standard&timeVariant=rapid&clubId=5&isClubElo=true",
      { filters: { ...DEFAULT_FILTERS, clubId: 5, eloType: "club" }, pageNo: 1 },
    ],
    // Unknown values fall back; Club Elo needs a club; a bad page is page 1.
    ["?gameVariant=atomic&timeVariant=hyper&isClubElo=true&pageNo=-2", { filters: DEFAULT_FILTERS, pageNo: 1 }],
  ])("%s reads as %o", (search, board) => {
    expect(readBoardSearch(search)).toEqual(board);
  });

  it("write back what they read, page 1 left out", () => {
    for (const search of [
      "?gameVariant=standard&timeVariant=rapid",
      "?gameVariant=fun&timeVariant=bullet&pageNo=7",
      "?gameVariant=standard&timeVariant=blitz&clubId=5&isClubElo=false&pageNo=2",
    ]) {
      const board = readBoardSearch(search);
      expect(board && boardSearch(board)).toBe(search);
    }
  });
});
