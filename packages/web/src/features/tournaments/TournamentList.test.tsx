import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeIdentity, renderWithIdentity } from "../../test/identity.tsx";
import { TournamentList } from "./TournamentList.tsx";
import { tournamentList } from "./testArena.ts";
import { type TournamentsApi, tournamentsApi } from "./tournamentsApi.ts";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("TournamentList", () => {
  it("lists arenas starting soon with their countdown, in progress with time left, finished with the winner", async () => {
    const now = Date.parse("2026-12-01T12:00:00Z");
    vi.useFakeTimers({ shouldAdvanceTime: true, now });
    const api: TournamentsApi = { ...tournamentsApi, list: vi.fn(async () => tournamentList(now)) };
    renderWithIdentity(<TournamentList api={api} />, fakeIdentity({ identity: { kind: "user", username: "alice" } }));
    const soon = await screen.findByRole("link", { name: /^Rapid Arena/ });
    expect(soon.getAttribute("href")).toBe("/tournament/c1");
    expect(soon.textContent).toContain("starts in 4:00 · 2 players");
    const playing = screen.getByRole("link", { name: /^Hourly Blitz Arena/ });
    expect(playing.textContent).toContain("40:00 left · 17 players");
    expect(screen.getByRole("link", { name: /^Bullet Arena/ }).textContent).toContain("won by alice · 25 players");
    const section = screen.getByRole("region", { name: "Tournaments" });
    expect(within(section).getByRole("button", { name: "Create arena" })).toBeTruthy();
  });

  it("offers no Create arena to a guest", async () => {
    const api: TournamentsApi = { ...tournamentsApi, list: vi.fn(async () => tournamentList(Date.now())) };
    renderWithIdentity(<TournamentList api={api} />);
    await screen.findByRole("link", { name: /^Rapid Arena/ });
    expect(screen.queryByRole("button", { name: "Create arena" })).toBeNull();
  });
});
