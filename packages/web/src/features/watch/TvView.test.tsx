import { act, cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeRealtime, WithRealtime } from "../../test/realtime.tsx";
import { gameSnapshot } from "../game/testGame.ts";
import { TvView } from "./TvView.tsx";
import { watchedGame, watchList } from "./testWatch.ts";
import { TV_PAUSE_MS } from "./tvStore.ts";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const snapshots = {
  top: gameSnapshot({ gameId: "top", white: "alice", black: "bob", spectator: true }),
  next: gameSnapshot({ gameId: "next", white: "carol", black: "dave", spectator: true }),
};

function setup() {
  const rt = fakeRealtime((event, payload) => {
    if (event === "followWatchList") return { ok: true, data: watchList([watchedGame("top"), watchedGame("next")]) };
    if (event === "resync") {
      const { gameId } = payload as { gameId: keyof typeof snapshots };
      return { ok: true, data: { ...snapshots[gameId], serverTime: Date.now() } };
    }
    return undefined;
  });
  render(
    <WithRealtime realtime={rt.realtime}>
      <MemoryRouter>
        <TvView />
      </MemoryRouter>
    </WithRealtime>,
  );
  return rt;
}

const flush = () => act(async () => {});

describe("TvView", () => {
  it("follows the top game, shows how it ended, then moves on to the next", async () => {
    const rt = setup();
    await flush();
    await flush();
    expect(screen.getByRole("heading", { level: 2, name: "alice (1520) vs bob (1480)" })).toBeTruthy();
    expect(rt.requests).toContainEqual({ event: "resync", payload: { gameId: "top" } });
    expect(screen.getByRole("link", { name: "Open this game" }).getAttribute("href")).toBe("/play?gameId=top");

    rt.serverEmit("gameOver", {
      gameId: "top",
      fen: snapshots.top.fen,
      winningColor: "black",
      move: null,
      reason: "resign",
      winner: "bob",
      timeLeft: { w: 1000, b: 1000 },
      eloChange: { w: -10, b: 10 },
      eventNo: 1,
    });
    await flush();
    const result = screen.getByText("0-1 · Resignation - the next game in 5 seconds");
    expect(result.getAttribute("role")).toBe("status");
    await act(async () => {
      vi.advanceTimersByTime(TV_PAUSE_MS);
    });
    await flush();
    expect(screen.getByRole("heading", { level: 2, name: "carol (1520) vs dave (1480)" })).toBeTruthy();
    expect(rt.requests).toContainEqual({ event: "resync", payload: { gameId: "next" } });
  });
});
