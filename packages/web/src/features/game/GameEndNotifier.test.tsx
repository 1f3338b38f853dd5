import type { Ack, GameOver, GameStarted, LiveGame } from "@chess/shared";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ToastProvider } from "../../components/Toast.tsx";
import { fakeRealtime, WithRealtime } from "../../test/realtime.tsx";
import { GameEndNotifier } from "./GameEndNotifier.tsx";
import { ResumeGameBanner } from "./ResumeGameBanner.tsx";
import { gameOverPayload, gameSnapshot, liveGame } from "./testGame.ts";
import { LiveGamesProvider } from "./useLiveGames.tsx";

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const game = liveGame();
const over = (change: Partial<GameOver> = {}) =>
  gameOverPayload({ winningColor: "white", winner: "alice", eloChange: { w: 8, b: -8 }, eventNo: 9, ...change });

/** The page, with the site's banner over the same live games. */
function Where() {
  const { pathname, search } = useLocation();
  return (
    <>
      <p data-testid="where">{pathname + search}</p>
      <ResumeGameBanner />
    </>
  );
}

/** The game as `resync` tells it afterwards: alice (White) beat bob, who resigned. */
const finished = (change: Partial<GameStarted> = {}) =>
  gameSnapshot({ status: "finished", winningColor: "white", reason: "resign", ...change });

function setup(path: string, server: { games?: LiveGame[]; resync?: GameStarted } = {}) {
  const games = server.games ?? [game];
  const rt = fakeRealtime((event): Ack<unknown> | undefined => {
    if (event === "currentGame") return { ok: true, data: { gameId: games[0]?.gameId ?? null, games } };
    if (event === "resync" && server.resync) return { ok: true, data: server.resync };
    return undefined;
  });
  render(
    <WithRealtime realtime={rt.realtime}>
      <MemoryRouter initialEntries={[path]}>
        <ToastProvider>
          <LiveGamesProvider>
            <GameEndNotifier />
            <Routes>
              <Route path="*" element={<Where />} />
            </Routes>
          </LiveGamesProvider>
        </ToastProvider>
      </MemoryRouter>
    </WithRealtime>,
  );
  return rt;
}

describe("GameEndNotifier", () => {
  it("tells a player on another page how their game ended, and opens it", async () => {
    const rt = setup("/leaderboards");
    await act(async () => {});
    // The notifier and the page's banner share one list, asked for once.
    expect(rt.events().filter((e) => e === "currentGame")).toHaveLength(1);
    expect(screen.getByRole("status").textContent).toContain("You are playing bob");
    rt.serverEmit("gameOver", over());
    expect(screen.getByText("You won against bob (Resignation)")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "View" }));
    expect(screen.getByTestId("where").textContent).toBe("/play?gameId=g1");
  });

  it("leaves it to the game's own page, and says nothing of other players' games", async () => {
    const rt = setup("/play?gameId=g1");
    await act(async () => {});
    rt.serverEmit("gameOver", over());
    rt.serverEmit("gameOver", over({ gameId: "watched" }));
    expect(screen.queryByText(/against bob/)).toBeNull();
    expect(screen.queryByRole("button", { name: "View" })).toBeNull();
  });

  it("tells a game of mine that ended before the page knew it (its gameOver came before my list)", async () => {
    const rt = setup("/leaderboards", { games: [], resync: finished() });
    await act(async () => {});
    await act(async () => rt.serverEmit("gameOver", over()));
    expect(rt.requests).toContainEqual({ event: "resync", payload: { gameId: "g1" } });
    expect(screen.getByText("You won against bob (Resignation)")).toBeTruthy();
  });

  it("says nothing of a game the page follows as a spectator", async () => {
    const rt = setup("/leaderboards", { games: [], resync: finished({ spectator: true }) });
    await act(async () => {});
    await act(async () => rt.serverEmit("gameOver", over()));
    expect(screen.queryByText(/against bob/)).toBeNull();
  });

  it("tells a game of mine that ended unseen, while the page reloaded or was offline", async () => {
    // Before the reload the tab knew the game; the server's list after it no longer has it.
    sessionStorage.setItem("liveGames", JSON.stringify([game]));
    const rt = setup("/leaderboards", { games: [], resync: finished({ winningColor: "black", reason: "flag" }) });
    await act(async () => {});
    expect(rt.requests).toContainEqual({ event: "resync", payload: { gameId: "g1" } });
    expect(screen.getByText("You lost against bob (Time out)")).toBeTruthy();
    expect(screen.queryByText(/You are playing bob/)).toBeNull();
  });

  it("never tells a finished game that was not among my live games here (one opened from the history)", async () => {
    const rt = setup("/leaderboards", { games: [], resync: finished() });
    await act(async () => {});
    expect(rt.events()).not.toContain("resync");
    expect(screen.queryByText(/against bob/)).toBeNull();
  });
});
