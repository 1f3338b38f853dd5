import type { FriendRequest } from "@chess/shared";
import { createWaitingStore, type WaitingEvent, type WaitingStore } from "../../lib/waitingBadge.ts";
import { sameName } from "./friendsStore.ts";

/** The friend requests waiting for my answer, one per inviter, for the navigation's badge. */
export type RequestsBadgeStore = WaitingStore<FriendRequest>;

export const createRequestsBadgeStore = (): RequestsBadgeStore => createWaitingStore((r) => r.inviterId);

/** Withdrawn by its sender. */
export const requestWithdrawn = (inviterId: number): WaitingEvent<FriendRequest> => ({
  type: "gone",
  which: (r) => r.inviterId === inviterId,
});

/** Denied or blocked, here or in another tab: the events name the other player, in any case. */
export const requestDenied = (friendName: string): WaitingEvent<FriendRequest> => ({
  type: "gone",
  which: (r) => sameName(r.inviterName, friendName),
});

/** "1 friend request" / "2 friend requests". */
export function requestsLabel(count: number): string {
  return `${count} friend request${count === 1 ? "" : "s"}`;
}
