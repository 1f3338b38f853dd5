import type { ClubMember } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { DEFAULT_MEMBER_SORT, memberElo, sortMembers } from "./memberSort.ts";

const member = (username: string, elos: Record<string, number>, clubElos: Record<string, number> = {}): ClubMember => ({
  id: username.length,
  username,
  role: "member",
  elos,
  clubElos,
  online: false,
});

describe("memberElo", () => {
  it("reads the variant_timeClass key of the chosen ratings", () => {
    const m = member("ann", { standard_rapid: 1500, standard_blitz: 1400 }, { standard_rapid: 1300 });
    expect(memberElo(m, DEFAULT_MEMBER_SORT)).toBe(1500);
    expect(memberElo(m, { ...DEFAULT_MEMBER_SORT, timeClass: "blitz" })).toBe(1400);
    expect(memberElo(m, { ...DEFAULT_MEMBER_SORT, eloType: "club" })).toBe(1300);
  });

  it("is 1200 when the rating is missing (SPEC §9)", () => {
    const m = member("ann", { standard_rapid: 1500 });
    expect(memberElo(m, { ...DEFAULT_MEMBER_SORT, variant: "jumpstart" })).toBe(1200);
    expect(memberElo(m, { ...DEFAULT_MEMBER_SORT, eloType: "club" })).toBe(1200);
    expect(memberElo({ ...m, elos: undefined as unknown as Record<string, number> }, DEFAULT_MEMBER_SORT)).toBe(1200);
  });
});

describe("sortMembers", () => {
  const members = [
    member("carl", { standard_rapid: 1250 }),
    member("ann", {}),
    member("bob", { standard_rapid: 1800, standard_bullet: 1000 }, { standard_rapid: 1100 }),
    member("dave", { standard_rapid: 1200 }),
  ];

  it("defaults to standard rapid, highest first, equal ratings by name", () => {
    expect(DEFAULT_MEMBER_SORT).toEqual({ variant: "standard", timeClass: "rapid", eloType: "global" });
    expect(sortMembers(members, DEFAULT_MEMBER_SORT).map((m) => m.username)).toEqual(["bob", "carl", "ann", "dave"]);
  });

  it("sorts by another time format or by club ratings", () => {
    const bullet = sortMembers(members, { ...DEFAULT_MEMBER_SORT, timeClass: "bullet" });
    expect(bullet.map((m) => m.username)).toEqual(["ann", "carl", "dave", "bob"]);
    const club = sortMembers(members, { ...DEFAULT_MEMBER_SORT, eloType: "club" });
    expect(club.at(-1)?.username).toBe("bob");
  });

  it("does not change its input", () => {
    const copy = [...members];
    sortMembers(members, DEFAULT_MEMBER_SORT);
    expect(members).toEqual(copy);
  });
});
