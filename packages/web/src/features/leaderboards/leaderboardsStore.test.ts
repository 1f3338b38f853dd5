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
  showPrevious,
} from "./leaderboardsStore.ts";

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
