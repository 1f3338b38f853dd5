import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { IdentityContext } from "./features/accounts/IdentityProvider.tsx";
import type { Identity } from "./features/accounts/identityStore.ts";
import { routes } from "./router.tsx";
import { fakeIdentity } from "./test/identity.tsx";
import { fakeRealtime, WithRealtime } from "./test/realtime.tsx";

afterEach(cleanup);

function renderAt(path: string, identity: Identity = { kind: "guest", username: "Guest-4821" }) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <WithRealtime realtime={fakeRealtime().realtime}>
      <IdentityContext.Provider value={fakeIdentity({ identity })}>
        <RouterProvider router={router} />
      </IdentityContext.Provider>
    </WithRealtime>,
  );
}

describe("routes (SPEC §2)", () => {
  it.each([
    ["/", "Play", "Play · Chess"],
    ["/play", "Live game", "Live game · Chess"],
    ["/analysis", "Analysis", "Analysis · Chess"],
    ["/watch", "Watch", "Watch · Chess"],
    ["/tv", "TV", "TV · Chess"],
    ["/social", "Social", "Social · Chess"],
    ["/my-profile", "My Profile", "My Profile · Chess"],
    ["/profile?username=magnus", "magnus", "magnus · Chess"],
    ["/profile", "Profile", "Profile · Chess"],
    ["/leaderboards", "Leaderboards", "Leaderboards · Chess"],
    ["/credits", "Credits", "Credits · Chess"],
    ["/puzzles", "Puzzles", "Puzzles · Chess"],
    ["/settings", "Settings", "Settings · Chess"],
    ["/messages/bob", "Messages with bob", "Messages with bob · Chess"],
    ["/no/such/page", "Page not found", "Page not found · Chess"],
  ])("%s shows %s inside the layout", async (path, heading, title) => {
    renderAt(path);
    // A page loaded when first opened shows its title meanwhile, then its own heading.
    await waitFor(() => expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(heading));
    const nav = screen.getByRole("navigation", { name: "Main" });
    for (const name of ["Play", "Puzzles", "Watch", "Social", "Leaderboards", "My Profile"]) {
      expect(within(nav).getByRole("link", { name })).toBeTruthy();
    }
    expect(within(screen.getByRole("contentinfo")).getByRole("link", { name: "Credits" })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(title));
  });

  it("marks the current section in the navigation", () => {
    renderAt("/leaderboards");
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Leaderboards" }).getAttribute("aria-current")).toBe("page");
    expect(within(nav).getByRole("link", { name: "Play" }).getAttribute("aria-current")).toBeNull();
  });

  it("leads to the settings from the gear in the top bar", () => {
    renderAt("/settings");
    const gear = screen.getByRole("link", { name: "Settings" });
    expect(gear.getAttribute("href")).toBe("/settings");
    expect(gear.getAttribute("aria-current")).toBe("page");
  });

  it("shows the guest name with a guest marker", () => {
    renderAt("/");
    const badge = screen.getByTestId("identity");
    expect(badge.textContent).toContain("Guest-4821");
    expect(badge.textContent).toContain("guest");
  });

  it("shows the user's name without the guest marker", () => {
    renderAt("/", { kind: "user", username: "alice" });
    const badge = screen.getByTestId("identity");
    expect(badge.textContent).toBe("alice");
  });

  it("shows the free board with a Flip button on the lobby", () => {
    renderAt("/");
    expect(screen.getByRole("region", { name: "Free board" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Flip board" })).toBeTruthy();
  });

  it("lists Stockfish with its licence and a link to its source on the credits page", () => {
    renderAt("/credits");
    const row = screen.getByRole("link", { name: "Stockfish" }).closest("tr") as HTMLElement;
    expect(row.textContent).toContain("GPL-3.0");
    expect(within(row).getByRole("link", { name: "source code" }).getAttribute("href")).toBe(
      "https://github.com/official-stockfish/Stockfish",
    );
  });
});
