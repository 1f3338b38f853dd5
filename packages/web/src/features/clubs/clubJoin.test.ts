import { describe, expect, it } from "vitest";
import { joinActionOf, memberCountText } from "./clubJoin.ts";

describe("joinActionOf", () => {
  it.each([
    ["open", "none", "Join"],
    ["request", "none", "Request to join"],
    ["request", "requested", "Requested"],
    ["open", "member", "Member"],
    ["request", "member", "Member"],
  ] as const)("a %s club, caller %s: %s", (joinPolicy, status, label) => {
    expect(joinActionOf({ joinPolicy, status }).label).toBe(label);
  });
});

describe("memberCountText", () => {
  it.each([
    [1, "1 member"],
    [2, "2 members"],
    [0, "0 members"],
  ])("%i → %s", (n, text) => expect(memberCountText(n)).toBe(text));
});
