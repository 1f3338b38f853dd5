import type { LiveGame } from "@chess/shared";
import { act, cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { fakeRealtime, WithRealtime } from "../../test/realtime.tsx";
import { ResumeGameBanner } from "./ResumeGameBanner.tsx";
import { liveGame } from "./testGame.ts";

const live = liveGame();

afterEach(cleanup);

function setup(games: LiveGame[], at = "/leaderboards") {
  const rt = fakeRealtime((event) =>
    event === "currentGame" ? { ok: true, data: { gameId: games[0]?.gameId ?? null, games } } : undefined,
  );
  render(
    <WithRealtime realtime={rt.realtime}>
      <MemoryRouter initialEntries={[at]}>
        <ResumeGameBanner />
      </MemoryRouter>
    </WithRealtime>,
  );
  return rt;
}

describe("ResumeGameBanner", () => {
  it("asks the server on connect and shows nothing when no game is on", async () => {
    const rt = setup([]);
    expect(rt.events()).toEqual(["currentGame"]);
    await Promise.resolve();
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("links back to the game the server says is on, from any tab", async () => {
    setup([live]);
    const link = await screen.findByRole("link", { name: "Resume" });
    expect(link.getAttribute("href")).toBe("/play?gameId=g1");
    expect(screen.getByRole("status").textContent).toBe("You are playing bob (3+2, White) — Resume");
  });

  it("is not shown on the game's own page, and is on another game's", async () => {
    setup([live], "/play?gameId=g1");
    await act(async () => {});
    expect(screen.queryByRole("status")).toBeNull();
    cleanup();
    setup([live], "/play?gameId=someone-elses");
    expect(await screen.findByRole("link", { name: "Resume" })).toBeTruthy();
  });

  it("follows liveGames pushed on connect and drops a game once it is over", async () => {
    const rt = setup([]);
    rt.serverEmit("liveGames", { games: [live] });
    expect(await screen.findByRole("link", { name: "Resume" })).toBeTruthy();
    rt.serverEmit("gameOver", { gameId: "g1" } as never);
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("asks again when a game starts in another tab", async () => {
    const rt = setup([]);
    rt.serverEmit("gameStarted", { gameId: "g2", spectator: false } as never);
    expect(rt.events()).toEqual(["currentGame", "currentGame"]);
  });
});
