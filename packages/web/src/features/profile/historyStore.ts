import { HISTORY_PAGE, type HistoryRow } from "@chess/shared";
import type { ProfileVariant } from "./profileText.ts";

/** One history page request: answers for another request are stale and dropped. */
export interface HistoryRequest {
  variant: ProfileVariant;
  pageNo: number;
}

/** A profile's history table (SPEC §2 Profile, §9 page limit 10). Pure: tested without a DOM. */
export type HistoryState = HistoryRequest & {
  /** Moved from one page to another: there are several, and the pager stays while the next one loads. */
  paged?: boolean;
} & (
    | { status: "loading"; rows: HistoryRow[] }
    | { status: "loaded"; rows: HistoryRow[] }
    /** The server answered with an error status (0 when no answer came). */
    | { status: "failed"; rows: HistoryRow[]; errorStatus: number }
    /** 404: there is no such player. */
    | { status: "notFound"; rows: [] }
  );

export type HistoryEvent =
  | { type: "variantChanged"; variant: ProfileVariant }
  | { type: "pageRequested"; pageNo: number }
  | { type: "loaded"; request: HistoryRequest; rows: HistoryRow[] }
  | { type: "failed"; request: HistoryRequest; status: number };

export function initialHistory(variant: ProfileVariant = "standard", pageNo = 1): HistoryState {
  return { variant, pageNo, status: "loading", rows: [] };
}

const sameRequest = (state: HistoryState, request: HistoryRequest) =>
  state.variant === request.variant && state.pageNo === request.pageNo;

export function historyReducer(state: HistoryState, event: HistoryEvent): HistoryState {
  switch (event.type) {
    case "variantChanged":
      if (event.variant === state.variant) return state;
      return initialHistory(event.variant);
    case "pageRequested": {
      const pageNo = Math.max(1, Math.floor(event.pageNo));
      if (pageNo === state.pageNo || state.status === "notFound") return state;
      // The old rows stay on screen (dimmed) until the new page arrives.
      return { variant: state.variant, pageNo, paged: true, status: "loading", rows: state.rows };
    }
    case "loaded":
      if (!sameRequest(state, event.request)) return state;
      return { ...pageOf(state), status: "loaded", rows: event.rows };
    case "failed":
      if (!sameRequest(state, event.request)) return state;
      if (event.status === 404) return { ...pageOf(state), status: "notFound", rows: [] };
      return { ...pageOf(state), status: "failed", rows: [], errorStatus: event.status };
  }
}

const pageOf = ({ variant, pageNo, paged }: HistoryState) => ({ variant, pageNo, paged });

/**
 * The pager shows once there is more than one page: beyond page 1, a full page, or after paging (so it does not
 * vanish, and the page shrink under the reader, while Previous loads page 1).
 */
export function showsPager(state: HistoryState): boolean {
  return state.status !== "notFound" && (state.pageNo > 1 || state.paged === true || canGoNext(state));
}

/** Previous exists from page 2 on, once nothing is loading. */
export function canGoPrevious(state: HistoryState): boolean {
  return state.pageNo > 1 && state.status !== "loading" && state.status !== "notFound";
}

/** A page shorter than the limit is the last one (SPEC §9: limit 10). */
export function canGoNext(state: HistoryState): boolean {
  return state.status === "loaded" && state.rows.length >= HISTORY_PAGE;
}

/** The request the view should be running for this state. */
export function historyRequest(state: HistoryState): HistoryRequest {
  return { variant: state.variant, pageNo: state.pageNo };
}
