import { type ClubMember, DEFAULT_ELO, type TimeClass } from "@chess/shared";

/** Which rating a members list sorts by (SPEC §2 "Sort by ELO"). */
export interface MemberSort {
  variant: "standard" | "jumpstart" | "fun";
  timeClass: TimeClass;
  /** Global ratings, or ratings from club games only. */
  eloType: "global" | "club";
}

/** SPEC §4 Defaults: standard, rapid; global ratings. */
export const DEFAULT_MEMBER_SORT: MemberSort = { variant: "standard", timeClass: "rapid", eloType: "global" };

/** The member's rating for `sort`, 1200 when missing (SPEC §9). */
export function memberElo(member: ClubMember, sort: MemberSort): number {
  const ratings = sort.eloType === "club" ? member.clubElos : member.elos;
  const elo = ratings?.[`${sort.variant}_${sort.timeClass}`];
  return typeof elo === "number" && Number.isFinite(elo) ? elo : DEFAULT_ELO;
}

/** Members by rating, highest first; equal ratings by name. */
export function sortMembers(members: readonly ClubMember[], sort: MemberSort): ClubMember[] {
  return [...members].sort(
    (a, b) => memberElo(b, sort) - memberElo(a, sort) || a.username.localeCompare(b.username, "en"),
  );
}
