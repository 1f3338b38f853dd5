import type { GameStarted } from "@chess/shared";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GONE_NOTICE_DELAY_MS } from "../features/game/gameStore.ts";
import { gameOverPayload, gameSnapshot } from "../features/game/testGame.ts";
import { BoardTabs, boardTabs, type TabChannel } from "../lib/boardTabs.ts";
import { fakeRealtime, WithRealtime } from "../test/realtime.tsx";
import { PlayPage } from "./PlayPage.tsx";

const AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
const AFTER_E4_E5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2";

function snapshot(change: Partial<GameStarted> = {}): GameStarted {
  return gameSnapshot(change);
}

beforeEach(() => {
  // happy-dom lays nothing out; react-chessboard measures a square to animate a move.
  vi.spyOn(Element.prototype, "getBoundingClientRect").mockReturnValue(new DOMRect(0, 0, 50, 50));
  // The only HTTP call of the page: my statistics, for the new rating after a rated game.
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) =>
    String(input).includes("/history/stats/alice")
      ? Response.json([{ timeVariant: "blitz", eloPoints: 1490, gamesWon: 0, gamesPlayed: 1, winrate: 0 }])
      : new Response("{}", { status: 404 }),
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function setup(game: GameStarted | null = snapshot(), path = "/play?gameId=g1") {
  const rt = fakeRealtime((event) => {
    if (event === "resync") {
      return game ? { ok: true, data: game } : { ok: false, code: "not_found", message: "Game not found" };
    }
    return undefined;
  });
  // A data router, as in the app: the page blocks leaving a live game with useBlocker.
  const router = createMemoryRouter(
    [
      { path: "/play", element: <PlayPage /> },
      { path: "/", element: <p>Lobby page</p> },
      { path: "/analysis", element: <p>Analysis page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <WithRealtime realtime={rt.realtime}>
      <RouterProvider router={router} />
    </WithRealtime>,
  );
  return { ...rt, router };
}

describe("PlayPage", () => {
  it("without a game id says so and links back to the lobby", () => {
    setup(null, "/play");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Live game");
    expect(screen.getByRole("link", { name: "Back to the lobby" })).toBeTruthy();
  });

  it("says when the game does not exist", async () => {
    setup(null);
    expect(await screen.findByText("Game not found")).toBeTruthy();
  });

  it("loads the game by resync and shows players, stakes, clocks and actions", async () => {
    const rt = setup();
    expect(await screen.findByRole("heading", { level: 1, name: "alice vs bob" })).toBeTruthy();
    expect(rt.requests[0]).toEqual({ event: "resync", payload: { gameId: "g1" } });
    expect(within(screen.getByLabelText("Rating changes")).getByText("+10")).toBeTruthy();
    expect(screen.getByRole("timer", { name: "alice's clock: 5 minutes 0 seconds" }).textContent).toBe("5:00");
    expect(screen.getByRole("timer", { name: "bob's clock: 5 minutes 0 seconds" }).textContent).toBe("5:00");
    expect(screen.getByRole("region", { name: "Chess board, you play White" })).toBeTruthy();
    for (const name of ["Give Up", "Suggest Draw", "Abort"]) expect(screen.getByRole("button", { name })).toBeTruthy();
    expect(screen.getByText("No moves yet")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Game chat" })).toBeTruthy();
    // Opponent above the board, me below.
    expect(within(screen.getByTestId("player-bar-top")).getByText("bob")).toBeTruthy();
    expect(within(screen.getByTestId("player-bar-bottom")).getByText("alice")).toBeTruthy();
  });

  it("resyncs again after a reconnection", async () => {
    const rt = setup();
    await screen.findByRole("heading", { level: 1, name: "alice vs bob" });
    rt.reconnect();
    await waitFor(() => expect(rt.events().filter((e) => e === "resync")).toHaveLength(2));
  });

  it("says a casual game is not rated", async () => {
    setup(snapshot({ rated: false, eloDeltas: { winEloDelta: 0, drawEloDelta: 0, lossEloDelta: 0 } }));
    expect(await screen.findByText("Casual game - not rated")).toBeTruthy();
  });

  it("shows no clocks in a game without one, and says it is unlimited", async () => {
    setup(snapshot({ untimed: true, baseTime: 0, increment: 0, timeLeft: { w: 0, b: 0 }, rated: false }));
    expect(await screen.findByText("Unlimited · Casual")).toBeTruthy();
    expect(screen.queryAllByRole("timer")).toHaveLength(0);
    expect(within(screen.getByTestId("player-bar-top")).getByText("bob")).toBeTruthy();
  });

  it("follows moves from updates, steps back with the arrow keys and back to live", async () => {
    const rt = setup();
    await screen.findByRole("heading", { level: 1, name: "alice vs bob" });
    rt.serverEmit("update", {
      gameId: "g1",
      fen: AFTER_E4,
      currentTurn: "b",
      move: { from: "e2", to: "e4", san: "e4" },
      timeLeft: { w: 300_000, b: 300_000 },
      ply: 1,
      eventNo: 1,
      clockRunning: false,
    });
    const e4 = screen.getByRole("button", { name: "e4" });
    expect(e4.getAttribute("aria-current")).toBe("true");
    fireEvent.keyDown(document, { key: "ArrowLeft" });
    expect(screen.getByRole("button", { name: "e4" }).getAttribute("aria-current")).toBeNull();
    fireEvent.keyDown(document, { key: "ArrowRight" });
    expect(screen.getByRole("button", { name: "e4" }).getAttribute("aria-current")).toBe("true");
  });

  it("asks about the opponent's draw offer in the page and answers it", async () => {
    const rt = setup(snapshot({ moves: ["e4", "e5"], ply: 2, eventNo: 2 }));
    await screen.findByRole("heading", { level: 1, name: "alice vs bob" });
    rt.serverEmit("offerDraw", { gameId: "g1", by: "bob" });
    const prompt = screen.getByRole("alertdialog");
    expect(prompt.textContent).toContain("A draw has been offered. Accept?");
    fireEvent.click(within(prompt).getByRole("button", { name: "Decline" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    await waitFor(() => expect(rt.requests.at(-1)).toEqual({ event: "declineDraw", payload: { gameId: "g1" } }));
  });

  it("says my draw offer was declined, and drops that word once the game is over", async () => {
    const rt = setup(snapshot({ moves: ["e4", "e5"], ply: 2, eventNo: 2 }));
    await screen.findByRole("heading", { level: 1, name: "alice vs bob" });
    fireEvent.click(screen.getByRole("button", { name: "Suggest Draw" }));
    expect(await screen.findByText("Draw offer sent")).toBeTruthy();
    rt.serverEmit("drawDeclined", { gameId: "g1" });
    expect(await screen.findByText("Your draw offer was declined")).toBeTruthy();
    rt.serverEmit("gameOver", gameOverPayload());
    expect(screen.getByRole("dialog", { name: "Gameover! Winner is: bob" })).toBeTruthy();
    expect(screen.queryByText("Your draw offer was declined")).toBeNull();
  });

  it("Give Up asks once more before resigning, and Keep playing takes it back", async () => {
    const rt = setup(snapshot({ moves: ["e4", "e5"], ply: 2, eventNo: 2 }));
    await screen.findByRole("heading", { level: 1, name: "alice vs bob" });
    fireEvent.click(screen.getByRole("button", { name: "Give Up" }));
    const question = screen.getByRole("alertdialog", { name: "Give up this game?" });
    expect(rt.events()).not.toContain("forfeit");
    expect(document.activeElement).toBe(within(question).getByRole("button", { name: "Keep playing" }));
    fireEvent.click(within(question).getByRole("button", { name: "Keep playing" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(rt.events()).not.toContain("forfeit");

    fireEvent.click(screen.getByRole("button", { name: "Give Up" }));
    fireEvent.click(screen.getByRole("button", { name: "Yes, give up" }));
    await waitFor(() => expect(rt.events()).toContain("forfeit"));
  });

  it("says a disconnected opponent may come back, then that they left, and offers to claim the victory", async () => {
    const rt = setup(snapshot({ moves: ["e4", "e5"], ply: 2, eventNo: 2 }));
    await screen.findByRole("heading", { level: 1, name: "alice vs bob" });
    rt.serverEmit("opponentPresence", { gameId: "g1", connected: false, claimableAt: Date.now() + 10_000, left: true });
    // A closed tab: not a word for the first seconds, a reload is back by then.
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByText("Opponent is away")).toBeNull();
    const realNow = Date.now.bind(Date);
    const later = vi.spyOn(Date, "now").mockImplementation(() => realNow() + GONE_NOTICE_DELAY_MS);
    expect(await screen.findByText("Opponent is away")).toBeTruthy();
    expect(screen.getByText(/If they do not come back, you can claim victory in \d+s/)).toBeTruthy();
    expect(screen.queryByText("Opponent left the game")).toBeNull();
    rt.serverEmit("opponentPresence", { gameId: "g1", connected: false, claimableAt: Date.now() - 1 });
    fireEvent.click(await screen.findByRole("button", { name: "Claim victory" }));
    expect(screen.getByText("Opponent left the game")).toBeTruthy();
    await waitFor(() => expect(rt.requests.at(-1)?.event).toBe("claimVictory"));
    // Or a draw, as lichess's force draw.
    fireEvent.click(screen.getByRole("button", { name: "Claim a draw" }));
    await waitFor(() => expect(rt.requests.at(-1)?.event).toBe("claimDraw"));
    rt.serverEmit("opponentPresence", { gameId: "g1", connected: true });
    expect(screen.queryByText("Opponent left the game")).toBeNull();
    expect(screen.queryByText("Opponent is away")).toBeNull();
    later.mockRestore();
  });

  it("points to Abort, not to a claim, when an opponent leaves before both sides have moved", async () => {
    const rt = setup(snapshot({ moves: ["e4"], ply: 1, eventNo: 1 }));
    await screen.findByRole("heading", { level: 1, name: "alice vs bob" });
    rt.serverEmit("opponentPresence", {
      gameId: "g1",
      connected: false,
      claimableAt: Date.now() + 10_000,
      since: Date.now() - 30_000,
    });
    expect(await screen.findByText("The game has not started yet: you can abort it.")).toBeTruthy();
    rt.serverEmit("opponentPresence", { gameId: "g1", connected: false, claimableAt: Date.now() - 1 });
    expect(await screen.findByText("The game has not started yet: you can abort it.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Claim victory" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Claim a draw" })).toBeNull();
    // The page's one Abort button, not a second way to the same end.
    expect(screen.getAllByRole("button", { name: /Abort/ })).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Abort" }));
    await waitFor(() => expect(rt.requests.at(-1)?.event).toBe("abort"));
  });

  it("shows the game-over modal with the winner and its three buttons; Escape closes it", async () => {
    const rt = setup(snapshot({ moves: ["e4", "e5"], ply: 2, eventNo: 2 }));
    await screen.findByRole("heading", { level: 1, name: "alice vs bob" });
    rt.serverEmit("gameOver", gameOverPayload());
    const dialog = screen.getByRole("dialog", { name: "Gameover! Winner is: bob" });
    expect(dialog.textContent).toContain("Resignation");
    expect(dialog.textContent).toContain("0-1");
    // The change at once, then the new rating beside it.
    expect(dialog.textContent).toContain("Your rating: \u221210");
    await waitFor(() => expect(dialog.textContent).toContain("Your rating: 1490 (\u221210)"));
    // Beside the board, not over it.
    expect(dialog.getAttribute("aria-modal")).toBeNull();
    expect(screen.getByRole("region", { name: /Chess board/ })).toBeTruthy();
    for (const name of ["Rematch", "Back to Menu", "View Analysis"]) {
      expect(within(dialog).getByRole("button", { name })).toBeTruthy();
    }
    expect(screen.queryByRole("button", { name: "Give Up" })).toBeNull();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Show result" }));
    fireEvent.click(screen.getByRole("button", { name: "View Analysis" }));
    expect(await screen.findByText("Analysis page")).toBeTruthy();
  });

  it("prompts for the opponent's rematch offer in the game-over modal", async () => {
    const rt = setup(snapshot({ status: "finished", winningColor: "white", reason: "checkmate" }));
    const dialog = await screen.findByRole("dialog", { name: "Gameover! Winner is: alice" });
    rt.serverEmit("rematchOffered", { offerId: "r1", previousGameId: "g1", by: "bob" });
    expect(within(dialog).getByText("A rematch has been offered. Accept?")).toBeTruthy();
  });

  it("lets a spectator watch without actions, and read the game chat without writing in it", async () => {
    setup(snapshot({ spectator: true, moves: ["e4"], ply: 1, currentTurn: "b", eventNo: 1 }));
    expect(await screen.findByRole("heading", { level: 1, name: "alice vs bob" })).toBeTruthy();
    expect(screen.getAllByText("Spectating").length).toBeGreaterThan(0);
    expect(screen.queryByRole("button", { name: "Give Up" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Suggest Draw" })).toBeNull();
    const chat = screen.getByRole("region", { name: "Game chat" });
    expect(within(chat).getByText("Only the players write here.")).toBeTruthy();
    expect(within(chat).queryByRole("textbox")).toBeNull();
    expect(screen.getByRole("button", { name: "e4" })).toBeTruthy();
  });

  it("plays a typed move through the same path as a dragged one, and explains a wrong one", async () => {
    const rt = setup();
    await screen.findByRole("heading", { level: 1, name: "alice vs bob" });
    const input = screen.getByRole("textbox", { name: "Type a move" });
    fireEvent.change(input, { target: { value: "Nf6" } });
    fireEvent.submit(input);
    expect(screen.getByText("Nf6 is not a legal move here.")).toBeTruthy();
    expect(input.getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(input, { target: { value: "e4" } });
    fireEvent.submit(input);
    await waitFor(() =>
      expect(rt.requests.at(-1)).toEqual({
        event: "move",
        payload: { gameId: "g1", move: { from: "e2", to: "e4", promotion: undefined }, ply: 0 },
      }),
    );
    expect(screen.getByText("You played e4.")).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe("");
    expect(screen.getByRole("button", { name: "e4" })).toBeTruthy();
  });

  it("sets a typed premove on the opponent's turn and plays it when the turn comes", async () => {
    const rt = setup(snapshot({ moves: ["e4"], fen: AFTER_E4, currentTurn: "b", ply: 1, eventNo: 1 }));
    // alice plays white: after 1. e4 it is bob's turn.
    await screen.findByRole("heading", { level: 1, name: "alice vs bob" });
    const input = screen.getByRole("textbox", { name: "Type a move" });
    fireEvent.change(input, { target: { value: "Nf3" } });
    fireEvent.submit(input);
    expect(screen.getByText(/Premove Nf3 set/)).toBeTruthy();
    rt.serverEmit("update", {
      gameId: "g1",
      fen: "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
      currentTurn: "w",
      move: { from: "e7", to: "e5", san: "e5" },
      timeLeft: { w: 300_000, b: 300_000 },
      ply: 2,
      eventNo: 2,
      clockRunning: false,
    });
    await waitFor(() =>
      expect(rt.requests.at(-1)).toMatchObject({ event: "move", payload: { move: { from: "g1", to: "f3" }, ply: 2 } }),
    );
    // The opponent's move was announced for screen readers.
    expect(screen.getByTestId("game-announcer").textContent).toBe("Black played pawn to e5");
  });

  it("steps through the moves from the empty move field", async () => {
    setup(snapshot({ moves: ["e4", "e5"], ply: 2, eventNo: 2 }));
    await screen.findByRole("heading", { level: 1, name: "alice vs bob" });
    const input = screen.getByRole("textbox", { name: "Type a move" });
    fireEvent.keyDown(input, { key: "ArrowLeft" });
    expect(screen.getByRole("button", { name: "e4" }).getAttribute("aria-current")).toBe("true");
    fireEvent.keyDown(input, { key: "Home" });
    expect(screen.queryByRole("button", { current: true })).toBeNull();
    fireEvent.keyDown(input, { key: "End" });
    expect(screen.getByRole("button", { name: "e5" }).getAttribute("aria-current")).toBe("true");
  });

  it("plays a move typed while an earlier position is shown, and goes back to the game", async () => {
    const rt = setup(snapshot({ moves: ["e4", "e5"], fen: AFTER_E4_E5, ply: 2, eventNo: 2 }));
    await screen.findByRole("heading", { level: 1, name: "alice vs bob" });
    const input = screen.getByRole("textbox", { name: "Type a move" });
    fireEvent.keyDown(input, { key: "Home" });
    expect(screen.queryByRole("button", { current: true })).toBeNull();
    fireEvent.change(input, { target: { value: "Nf3" } });
    fireEvent.submit(input);
    await waitFor(() =>
      expect(rt.requests.at(-1)).toMatchObject({ event: "move", payload: { move: { from: "g1", to: "f3" }, ply: 2 } }),
    );
    expect(screen.getByText("You played Nf3.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Nf3" }).getAttribute("aria-current")).toBe("true");
  });

  it("announces the end of the game", async () => {
    const rt = setup(snapshot({ moves: ["e4", "e5"], ply: 2, eventNo: 2 }));
    await screen.findByRole("heading", { level: 1, name: "alice vs bob" });
    rt.serverEmit("gameOver", gameOverPayload());
    expect(screen.getByTestId("game-announcer").textContent).toBe("Gameover! Winner is: bob. Resignation.");
  });

  it("asks before leaving a live game for another page, and stays when told to", async () => {
    const rt = setup(snapshot({ moves: ["e4", "e5"], ply: 2, eventNo: 2 }));
    await screen.findByRole("heading", { level: 1, name: "alice vs bob" });
    // useBlocker registers its blocker one render after mounting.
    await act(async () => {});
    await act(() => rt.router.navigate("/"));
    const dialog = await screen.findByRole("dialog", { name: "Leave the game?" });
    expect(dialog.textContent).toContain("10 seconds after you leave your opponent may claim the game");
    fireEvent.click(within(dialog).getByRole("button", { name: "Stay" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(rt.router.state.location.pathname).toBe("/play");
    await act(() => rt.router.navigate("/"));
    fireEvent.click(
      within(screen.getByRole("dialog", { name: "Leave the game?" })).getByRole("button", { name: "Leave" }),
    );
    expect(await screen.findByText("Lobby page")).toBeTruthy();
  });

  it("leaves without asking while another tab of mine shows the game", async () => {
    const channel = new BroadcastChannel("chess-board-tabs");
    const otherTab = new BoardTabs(channel as unknown as TabChannel, "other tab");
    try {
      const rt = setup(snapshot({ moves: ["e4", "e5"], ply: 2, eventNo: 2 }));
      await screen.findByRole("heading", { level: 1, name: "alice vs bob" });
      await act(async () => {});
      otherTab.show({ gameId: "g1", color: "w" });
      await waitFor(() => expect(boardTabs().elsewhere({ gameId: "g1", color: "w" })).toBe(true));
      await act(() => rt.router.navigate("/"));
      expect(await screen.findByText("Lobby page")).toBeTruthy();
      expect(screen.queryByRole("dialog")).toBeNull();
    } finally {
      otherTab.show(null);
      channel.close();
    }
  });

  it("asks when the other tab that showed the game is gone without a word", async () => {
    const channel = new BroadcastChannel("chess-board-tabs");
    const otherTab = new BoardTabs(channel as unknown as TabChannel, "crashed tab");
    const rt = setup(snapshot({ moves: ["e4", "e5"], ply: 2, eventNo: 2 }));
    await screen.findByRole("heading", { level: 1, name: "alice vs bob" });
    await act(async () => {});
    otherTab.show({ gameId: "g1", color: "w" });
    await waitFor(() => expect(boardTabs().elsewhere({ gameId: "g1", color: "w" })).toBe(true));
    channel.close();
    await act(() => rt.router.navigate("/"));
    expect(await screen.findByRole("dialog", { name: "Leave the game?" })).toBeTruthy();
    expect(rt.router.state.location.pathname).toBe("/play");
  });

  it("says before both sides moved that leaving lets the opponent abort, not claim", async () => {
    const rt = setup(snapshot({ moves: ["e4"], ply: 1, currentTurn: "b", eventNo: 1 }));
    await screen.findByRole("heading", { level: 1, name: "alice vs bob" });
    await act(async () => {});
    await act(() => rt.router.navigate("/"));
    const dialog = await screen.findByRole("dialog", { name: "Leave the game?" });
    expect(dialog.textContent).toContain(
      "The game has not started yet: your opponent may abort it while you are away.",
    );
    expect(dialog.textContent).not.toContain("claim");
  });

  it("drops the question when the game ends while it is asked, showing the result", async () => {
    const rt = setup(snapshot({ moves: ["e4", "e5"], ply: 2, eventNo: 2 }));
    await screen.findByRole("heading", { level: 1, name: "alice vs bob" });
    await act(async () => {});
    await act(() => rt.router.navigate("/"));
    await screen.findByRole("dialog", { name: "Leave the game?" });
    rt.serverEmit(
      "gameOver",
      gameOverPayload({ winningColor: "white", winner: "alice", eloChange: { w: 10, b: -10 } }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Leave the game?" })).toBeNull());
    expect(screen.getByRole("dialog", { name: /Gameover! Winner is: alice/ })).toBeTruthy();
    expect(rt.router.state.location.pathname).toBe("/play");
    await act(() => rt.router.navigate("/"));
    expect(await screen.findByText("Lobby page")).toBeTruthy();
  });

  it("asks the browser to confirm a reload or close only while playing", async () => {
    setup(snapshot({ moves: ["e4", "e5"], ply: 2, eventNo: 2 }));
    await screen.findByRole("heading", { level: 1, name: "alice vs bob" });
    // The listener is added by an effect that runs after the render showing the heading, so a loaded
    // machine may not have run it yet: wait for it rather than assume it.
    await waitFor(() => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      expect(event.defaultPrevented).toBe(true);
    });
  });

  it("lets a spectator leave without asking", async () => {
    const rt = setup(snapshot({ spectator: true, moves: ["e4"], ply: 1, currentTurn: "b", eventNo: 1 }));
    await screen.findByRole("heading", { level: 1, name: "alice vs bob" });
    expect(screen.queryByRole("textbox", { name: "Type a move" })).toBeNull();
    await act(async () => {});
    await act(() => rt.router.navigate("/"));
    expect(await screen.findByText("Lobby page")).toBeTruthy();
  });
});
