import { createExternalStore, type ExternalStore } from "../../lib/externalStore.ts";

/**
 * The club invitations waiting for my answer, for the navigation's badge: one sent while I was away is seen
 * on any page, not only on Social. Pure: no I/O.
 */
export interface InvitationsBadgeState {
  /** The inviting clubs' ids. */
  waiting: readonly number[];
}

export type InvitationsBadgeEvent =
  /** GET /club/list-invitations answered (here, or on the Social page). */
  | { type: "loaded"; clubIds: readonly number[] }
  | { type: "received"; clubId: number }
  /** Accepted or declined on the Social page. */
  | { type: "answered"; clubId: number }
  | { type: "reset" };

export const initialInvitationsBadge: InvitationsBadgeState = { waiting: [] };

export function invitationsBadgeReducer(
  state: InvitationsBadgeState,
  event: InvitationsBadgeEvent,
): InvitationsBadgeState {
  switch (event.type) {
    case "loaded":
      return { waiting: [...new Set(event.clubIds)] };
    case "received":
      return state.waiting.includes(event.clubId) ? state : { waiting: [...state.waiting, event.clubId] };
    case "answered":
      return state.waiting.includes(event.clubId)
        ? { waiting: state.waiting.filter((id) => id !== event.clubId) }
        : state;
    case "reset":
      return state.waiting.length === 0 ? state : initialInvitationsBadge;
  }
}

/** "1 club invitation" / "2 club invitations". */
export function invitationsLabel(count: number): string {
  return `${count} club invitation${count === 1 ? "" : "s"}`;
}

export type InvitationsBadgeStore = ExternalStore<InvitationsBadgeState, InvitationsBadgeEvent>;

export const createInvitationsBadgeStore = (): InvitationsBadgeStore =>
  createExternalStore(invitationsBadgeReducer, initialInvitationsBadge);
