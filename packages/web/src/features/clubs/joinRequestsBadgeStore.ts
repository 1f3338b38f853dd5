import type { WaitingJoinRequest } from "@chess/shared";
import { createWaitingStore, type WaitingEvent, type WaitingStore } from "../../lib/waitingBadge.ts";

/** A request to join one of my clubs, waiting for my answer: who asks, and which club. */
export type JoinRequestItem = Pick<WaitingJoinRequest, "clubId" | "clubName" | "username">;

/** The requests to join the clubs I administer, for the navigation's badge and each club's count. */
export type JoinRequestsBadgeStore = WaitingStore<JoinRequestItem>;

export const createJoinRequestsBadgeStore = (): JoinRequestsBadgeStore =>
  createWaitingStore((r: JoinRequestItem) => `${r.clubId}:${r.username.toLowerCase()}`);

/** Answered here or in another tab. */
export const joinRequestAnswered = (clubId: number, username: string): WaitingEvent<JoinRequestItem> => ({
  type: "gone",
  which: (r) => r.clubId === clubId && r.username.toLowerCase() === username.toLowerCase(),
});

/** "1 request to join a club" / "2 requests to join your clubs". */
export function joinRequestsLabel(count: number): string {
  return count === 1 ? "1 request to join a club" : `${count} requests to join your clubs`;
}

/** How many requests wait in each club, by club id. */
export function requestsByClub(waiting: readonly JoinRequestItem[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const r of waiting) counts.set(r.clubId, (counts.get(r.clubId) ?? 0) + 1);
  return counts;
}
