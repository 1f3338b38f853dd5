import type { GameStarted } from "@chess/shared";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fakeRealtime, WithRealtime } from "../../test/realtime.tsx";
import { ResumeGameBanner } from "./ResumeGameBanner.tsx";

const game = (change: Partial<GameStarted>) =>
  ({ gameId: "g1", opponent: "bob", status: "active", spectator: false, ...change }) as GameStarted;

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

function setup(answer: GameStarted | null) {
  const rt = fakeRealtime((event) =>
    event === "resync"
      ? answer
        ? { ok: true, data: answer }
        : { ok: false, code: "not_found", message: "Game not found" }
      : undefined,
  );
  render(
    <WithRealtime realtime={rt.realtime}>
      <MemoryRouter>
        <ResumeGameBanner />
      </MemoryRouter>
    </WithRealtime>,
  );
  return rt;
}

describe("ResumeGameBanner", () => {
  it("shows nothing and asks nothing without a remembered game", () => {
    const rt = setup(game({}));
    expect(rt.requests).toEqual([]);
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("links back to a game still on", async () => {
    sessionStorage.setItem("currentGameId", "g1");
    setup(game({}));
    const link = await screen.findByRole("link", { name: "Return to the game" });
    expect(link.getAttribute("href")).toBe("/play?gameId=g1");
    expect(screen.getByRole("status").textContent).toContain("bob");
  });

  it("forgets a game that ended", async () => {
    sessionStorage.setItem("currentGameId", "g1");
    setup(game({ status: "finished" }));
    await waitFor(() => expect(sessionStorage.getItem("currentGameId")).toBeNull());
    expect(screen.queryByRole("link")).toBeNull();
  });
});
