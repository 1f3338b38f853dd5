import { createWaitingStore, type WaitingEvent, type WaitingStore } from "../../lib/waitingBadge.ts";

/** The club invitations waiting for my answer, for the navigation's badge: the inviting clubs' ids. */
export type InvitationsBadgeStore = WaitingStore<number>;

export const createInvitationsBadgeStore = (): InvitationsBadgeStore => createWaitingStore((clubId) => clubId);

/** Accepted or declined, here or in another tab. */
export const invitationAnswered = (clubId: number): WaitingEvent<number> => ({
  type: "gone",
  which: (id) => id === clubId,
});

/** "1 club invitation" / "2 club invitations". */
export function invitationsLabel(count: number): string {
  return `${count} club invitation${count === 1 ? "" : "s"}`;
}
