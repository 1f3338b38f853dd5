import { describe, expect, it } from "vitest";
import { activeNavEntry } from "../components/navMatch.ts";
import { SITE_NAV } from "./siteNav.ts";

describe("the navigation entry each route highlights", () => {
  it.each([
    ["/", "Play"],
    ["/play", "Play"],
    ["/tournament", "Play"],
    ["/tournament/t1", "Play"],
    ["/daily", "Daily"],
    ["/daily/g1", "Daily"],
    ["/puzzles", "Puzzles"],
    ["/puzzle/p1", "Puzzles"],
    ["/watch", "Watch"],
    ["/tv", "Watch"],
    ["/social", "Social"],
    ["/messages/ann", "Social"],
    ["/leaderboards", "Leaderboards"],
    ["/my-profile", "My Profile"],
    ["/analysis", undefined],
    ["/analysis/g1", undefined],
    ["/import", undefined],
    ["/profile", undefined],
    ["/settings", undefined],
    ["/credits", undefined],
    ["/playground", undefined],
    ["/dailyx", undefined],
    ["/no-such-page", undefined],
  ])("%s → %s", (pathname, label) => {
    expect(activeNavEntry(SITE_NAV, pathname)?.label).toBe(label);
  });
});
