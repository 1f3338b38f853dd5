import type { FriendRequest } from "@chess/shared";
import { createExternalStore, type ExternalStore } from "../../lib/externalStore.ts";
import { sameName } from "./friendsStore.ts";

/**
 * The friend requests waiting for my answer, for the navigation's badge: a request toasted while I was
 * elsewhere, or sent while I was away, stays in sight after the toast and across reloads. Pure: no I/O.
 */
export interface RequestsBadgeState {
  waiting: readonly FriendRequest[];
}

export type RequestsBadgeEvent =
  /** GET /friend/list-invites answered. */
  | { type: "loaded"; requests: readonly FriendRequest[] }
  | { type: "received"; request: FriendRequest }
  /** Withdrawn by its sender. */
  | { type: "withdrawn"; inviterId: number }
  /** Denied, here or in another tab (friendRequestDenied names the other player). */
  | { type: "denied"; friendName: string }
  | { type: "reset" };

export const initialRequestsBadge: RequestsBadgeState = { waiting: [] };

function keep(state: RequestsBadgeState, stays: (r: FriendRequest) => boolean): RequestsBadgeState {
  const waiting = state.waiting.filter(stays);
  return waiting.length === state.waiting.length ? state : { waiting };
}

export function requestsBadgeReducer(state: RequestsBadgeState, event: RequestsBadgeEvent): RequestsBadgeState {
  switch (event.type) {
    case "loaded":
      return { waiting: event.requests.filter((r, i, all) => all.findIndex((o) => o.inviterId === r.inviterId) === i) };
    case "received":
      return state.waiting.some((r) => r.inviterId === event.request.inviterId)
        ? state
        : { waiting: [...state.waiting, event.request] };
    case "withdrawn":
      return keep(state, (r) => r.inviterId !== event.inviterId);
    case "denied":
      return keep(state, (r) => !sameName(r.inviterName, event.friendName));
    case "reset":
      return state.waiting.length === 0 ? state : initialRequestsBadge;
  }
}

/** "1 friend request" / "2 friend requests". */
export function requestsLabel(count: number): string {
  return `${count} friend request${count === 1 ? "" : "s"}`;
}

export type RequestsBadgeStore = ExternalStore<RequestsBadgeState, RequestsBadgeEvent>;

export const createRequestsBadgeStore = (): RequestsBadgeStore =>
  createExternalStore(requestsBadgeReducer, initialRequestsBadge);
