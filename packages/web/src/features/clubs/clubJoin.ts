import type { ClubSearchResult, JoinPolicy } from "@chess/shared";

/** How each join policy reads to a player. */
export const JOIN_POLICY_LABEL: Record<JoinPolicy, string> = {
  open: "Anyone can join",
  request: "Join by request",
  invite: "By invitation only",
};

/** What each join policy means, under its name in the create dialog. */
export const JOIN_POLICY_HINT: Record<JoinPolicy, string> = {
  open: "Listed in Find a club; players join at once.",
  request: "Listed in Find a club; you accept each player who asks.",
  invite: "Not listed: only players you invite can join.",
};

/** The action a search result offers the player, or why there is none. */
export type JoinAction =
  | { kind: "join"; label: "Join" }
  | { kind: "request"; label: "Request to join" }
  | { kind: "done"; label: "Member" | "Requested" };

export function joinActionOf(club: Pick<ClubSearchResult, "status" | "joinPolicy">): JoinAction {
  if (club.status === "member") return { kind: "done", label: "Member" };
  if (club.status === "requested") return { kind: "done", label: "Requested" };
  return club.joinPolicy === "open" ? { kind: "join", label: "Join" } : { kind: "request", label: "Request to join" };
}

export const memberCountText = (n: number) => `${n} member${n === 1 ? "" : "s"}`;
