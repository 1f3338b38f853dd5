import { HISTORY_PAGE, type HistoryRow } from "@chess/shared";
import { describe, expect, it } from "vitest";
import {
  canGoNext,
  canGoPrevious,
  type HistoryEvent,
  type HistoryState,
  historyReducer,
  historyRequest,
  initialHistory,
  showsPager,
} from "./historyStore.ts";

const row = (gameId: string): HistoryRow => ({
  gameId,
  username1: "alice",
  username2: "bob",
  player1Color: "white",
  player2Color: "black",
  timeVariant: "rapid",
  baseTime: 10,
  increment: 0,
  result: true,
  moves: "e4",
  initialFen: "start",
  rated: true,
  eloChange: 8,
  endedAt: 1,
  reason: null,
});
const rows = (n: number, prefix = "g") => Array.from({ length: n }, (_, i) => row(`${prefix}${i}`));
const run = (state: HistoryState, ...events: HistoryEvent[]) => events.reduce(historyReducer, state);
const page = (pageNo: number) => ({ variant: "standard" as const, pageNo });

describe("history paging", () => {
  it("starts loading page 1 of standard games", () => {
    const state = initialHistory();
    expect(historyRequest(state)).toEqual({ variant: "standard", pageNo: 1 });
    expect(state.status).toBe("loading");
    expect(canGoPrevious(state)).toBe(false);
    expect(canGoNext(state)).toBe(false);
  });

  it("offers Next after a full page and not after a short one", () => {
    const full = run(initialHistory(), { type: "loaded", request: page(1), rows: rows(HISTORY_PAGE) });
    expect(canGoNext(full)).toBe(true);
    expect(canGoPrevious(full)).toBe(false);

    const second = run(full, { type: "pageRequested", pageNo: 2 });
    expect(second).toMatchObject({ pageNo: 2, status: "loading" });
    expect(second.rows).toHaveLength(HISTORY_PAGE); // old rows stay while loading
    expect(canGoNext(second)).toBe(false);

    const last = run(second, { type: "loaded", request: page(2), rows: rows(3, "h") });
    expect(canGoNext(last)).toBe(false);
    expect(canGoPrevious(last)).toBe(true);
  });

  it("shows the pager once there are several pages, and keeps it while Previous loads page 1", () => {
    const one = run(initialHistory(), { type: "loaded", request: page(1), rows: rows(3) });
    expect(showsPager(one)).toBe(false);
    const full = run(initialHistory(), { type: "loaded", request: page(1), rows: rows(HISTORY_PAGE) });
    expect(showsPager(full)).toBe(true);
    const opened = run(initialHistory("standard", 2), { type: "loaded", request: page(2), rows: rows(1) });
    expect(showsPager(opened)).toBe(true);
    const back = run(opened, { type: "pageRequested", pageNo: 1 });
    expect(back).toMatchObject({ pageNo: 1, status: "loading" });
    expect(showsPager(back)).toBe(true);
    expect(showsPager(run(back, { type: "loaded", request: page(1), rows: rows(HISTORY_PAGE) }))).toBe(true);
    expect(showsPager(run(back, { type: "variantChanged", variant: "fun" }))).toBe(false);
  });

  it("treats an empty page past the end as the last page", () => {
    const state = run(
      initialHistory(),
      { type: "loaded", request: page(1), rows: rows(HISTORY_PAGE) },
      { type: "pageRequested", pageNo: 2 },
      { type: "loaded", request: page(2), rows: [] },
    );
    expect(state.rows).toEqual([]);
    expect(canGoNext(state)).toBe(false);
    expect(canGoPrevious(state)).toBe(true);
  });

  it("drops answers to a request it no longer runs", () => {
    const state = run(
      initialHistory(),
      { type: "pageRequested", pageNo: 2 },
      { type: "loaded", request: page(1), rows: rows(2) },
    );
    expect(state).toMatchObject({ pageNo: 2, status: "loading", rows: [] });
  });

  it("never goes below page 1", () => {
    expect(run(initialHistory(), { type: "pageRequested", pageNo: 0 }).pageNo).toBe(1);
  });

  it("restarts from page 1 on another variant", () => {
    const state = run(
      initialHistory(),
      { type: "loaded", request: page(1), rows: rows(HISTORY_PAGE) },
      { type: "pageRequested", pageNo: 2 },
      { type: "variantChanged", variant: "jumpstart" },
    );
    expect(historyRequest(state)).toEqual({ variant: "jumpstart", pageNo: 1 });
    expect(state.rows).toEqual([]);
  });

  it("keeps the error status, and tells an unknown player apart", () => {
    const failed = run(initialHistory(), { type: "failed", request: page(1), status: 500 });
    expect(failed).toMatchObject({ status: "failed", errorStatus: 500 });
    expect(canGoNext(failed)).toBe(false);

    const missing = run(initialHistory(), { type: "failed", request: page(1), status: 404 });
    expect(missing.status).toBe("notFound");
    expect(run(missing, { type: "pageRequested", pageNo: 2 })).toBe(missing);
  });
});
