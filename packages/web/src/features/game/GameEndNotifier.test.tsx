import type { GameOver } from "@chess/shared";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ToastProvider } from "../../components/Toast.tsx";
import { fakeRealtime, WithRealtime } from "../../test/realtime.tsx";
import { GameEndNotifier } from "./GameEndNotifier.tsx";
import { ResumeGameBanner } from "./ResumeGameBanner.tsx";
import { gameOverPayload, liveGame } from "./testGame.ts";
import { LiveGamesProvider } from "./useLiveGames.tsx";

afterEach(cleanup);

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

function setup(path: string) {
  const rt = fakeRealtime((event) =>
    event === "currentGame" ? { ok: true, data: { gameId: "g1", games: [game] } } : undefined,
  );
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
});
