import { cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { IdentityContext } from "../features/accounts/IdentityProvider.tsx";
import { fakeIdentity } from "../test/identity.tsx";
import { LeaderboardsPage } from "./LeaderboardsPage.tsx";
import { ProfilePage } from "./ProfilePage.tsx";

// The pages' own calls answer "nothing yet": these tests are about the page shells.
beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(
      async (url: string) =>
        new Response(
          url.startsWith("/leaderboard/overview")
            ? '{"boards":[]}'
            : url.startsWith("/leaderboard")
              ? '{"rows":[],"lastPage":1}'
              : "[]",
        ),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(path: string, username?: string) {
  const router = createMemoryRouter(
    [
      { path: "/profile", element: <ProfilePage /> },
      { path: "/leaderboards", element: <LeaderboardsPage /> },
    ],
    { initialEntries: [path] },
  );
  const identity = fakeIdentity(username ? { identity: { kind: "user", username } } : {});
  render(
    <IdentityContext.Provider value={identity}>
      <RouterProvider router={router} />
    </IdentityContext.Provider>,
  );
}

describe("ProfilePage", () => {
  it("asks for a player when none is named", () => {
    renderAt("/profile");
    expect(screen.getByText(/No player chosen/)).toBeTruthy();
    expect(document.title).toBe("Profile · Chess");
  });

  it("shows the named player, with Logout only on the own profile (any case)", async () => {
    renderAt("/profile?username=Alice", "alice");
    expect(screen.getByRole("heading", { level: 1, name: "Alice" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Logout" })).toBeTruthy();
    expect(document.title).toBe("Alice · Chess");
    expect((await screen.findByText(/^You have not finished a game yet\./)).textContent).toBe(
      "You have not finished a game yet. Play one",
    );
    expect(screen.getByRole("link", { name: "Play one" }).getAttribute("href")).toBe("/");
  });

  it("has no Logout on someone else's profile", async () => {
    renderAt("/profile?username=bob", "alice");
    expect(await screen.findByText("No games yet.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Logout" })).toBeNull();
  });
});

describe("LeaderboardsPage", () => {
  it("has its title, and opens on the overview: nobody ranked yet", async () => {
    renderAt("/leaderboards");
    expect(document.title).toBe("Leaderboards · Chess");
    expect(await screen.findByText("No rated games yet: play one to be ranked.")).toBeTruthy();
  });

  it("says the spec's empty message for a board with nobody on it", async () => {
    renderAt("/leaderboards?gameVariant=standard&timeVariant=blitz");
    expect(await screen.findByText("No Leaderboard Found - Try Changing the Filters")).toBeTruthy();
  });
});
