import { type DailyGame, NO_ELO_CHANGE } from "@chess/shared";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeRealtime, WithRealtime } from "../../test/realtime.tsx";
import { DailyGameView } from "./DailyGameView.tsx";

// The board measures its squares to animate a move; jsdom lays nothing out.
beforeEach(() => {
  vi.spyOn(Element.prototype, "getBoundingClientRect").mockReturnValue(new DOMRect(0, 0, 50, 50));
});

afterEach(() => {
  vi.restoreAllMocks();
  cleanup();
});

const DAY = 86_400_000;
const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

const game = (now: number): DailyGame => ({
  gameId: "g1",
  white: "ann",
  black: "bob",
  color: "b",
  variant: "standard",
  rated: true,
  days: 3,
  initialFen: START,
  fen: START,
  moves: [],
  lastMove: null,
  ply: 0,
  currentTurn: "w",
  status: "active",
  deadline: now + 2 * DAY + 5 * 3_600_000,
  pausedLeftMs: null,
  timeLeftMs: 2 * DAY + 5 * 3_600_000,
  onVacation: { w: false, b: false },
  drawOfferBy: null,
  eloDeltas: { w: NO_ELO_CHANGE, b: NO_ELO_CHANGE },
  conditionals: [],
  serverTime: now,
});

function renderGame(more: Partial<DailyGame> = {}) {
  const now = Date.now();
  const fake = fakeRealtime((event) =>
    event === "followDaily" ? { ok: true, data: { ...game(now), ...more } } : undefined,
  );
  render(
    <MemoryRouter>
      <WithRealtime realtime={fake.realtime}>
        <DailyGameView gameId="g1" />
      </WithRealtime>
    </MemoryRouter>,
  );
  return { fake, now };
}

describe("DailyGameView", () => {
  it("offers to abort before both moved, but to resign a club match game, which is never aborted", async () => {
    renderGame();
    expect(await screen.findByRole("button", { name: "Abort" })).toBeTruthy();
    cleanup();
    renderGame({ clubMatch: true });
    expect(await screen.findByRole("button", { name: "Resign" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Abort" })).toBeNull();
  });

  it("follows the game, counts the mover's time in days and hours, and takes the opponent's move", async () => {
    const { fake, now } = renderGame();
    expect(await screen.findByText("Waiting for ann")).toBeTruthy();
    expect(screen.getByTestId("daily-clock-top").textContent).toMatch(/^2 days [45] hours left$/);
    fake.serverEmit("dailyMoved", {
      gameId: "g1",
      move: { from: "e2", to: "e4", san: "e4" },
      uci: "e2e4",
      fen: AFTER_E4,
      ply: 1,
      currentTurn: "b",
      deadline: now + 3 * DAY,
      pausedLeftMs: null,
      conditional: false,
      serverTime: now,
    });
    expect(screen.getByTestId("daily-status").textContent).toBe("Your turn");
    expect(screen.getByTestId("daily-clock-bottom").textContent).toMatch(/^(2 days 23 hours|3 days) left$/);
    expect(fake.events()).toContain("followDaily");
  });

  it("shows an opponent on vacation, the clock paused", async () => {
    const { fake, now } = renderGame();
    await screen.findByText("Waiting for ann");
    fake.serverEmit("dailyClock", {
      gameId: "g1",
      deadline: null,
      pausedLeftMs: DAY,
      onVacation: { w: true, b: false },
      serverTime: now,
    });
    expect(screen.getByTestId("daily-status").textContent).toBe("Your opponent is on vacation: their clock is paused");
    expect(screen.getByText("On vacation")).toBeTruthy();
    expect(screen.getByTestId("daily-clock-top").textContent).toBe("1 day left (paused)");
  });
});

describe("DailyGameView: a typed move", () => {
  /** Types `text` in the move field and presses Enter. */
  async function type(text: string) {
    const field = screen.getByRole("textbox", { name: "Type a move" });
    fireEvent.change(field, { target: { value: text } });
    await act(async () => {
      fireEvent.submit(field);
    });
  }
  const moves = (fake: ReturnType<typeof renderGame>["fake"]) => fake.requests.filter((r) => r.event === "dailyMove");

  it("is played through the daily move path on my turn", async () => {
    const { fake } = renderGame({ color: "w" });
    await screen.findByText("Your turn");
    await type("e4");
    expect(moves(fake).map((r) => r.payload)).toEqual([{ gameId: "g1", move: { from: "e2", to: "e4" }, ply: 0 }]);
    expect(screen.getByText("You played e4.")).toBeTruthy();
  });

  it("is refused on my opponent's turn, saying so", async () => {
    const { fake } = renderGame();
    await screen.findByText("Waiting for ann");
    await type("e5");
    expect(screen.getByText("It is not your turn: wait for your opponent's move.")).toBeTruthy();
    expect(moves(fake)).toEqual([]);
  });

  it("is refused when illegal", async () => {
    const { fake } = renderGame({ color: "w" });
    await screen.findByText("Your turn");
    await type("e5");
    expect(screen.getByText("e5 is not a legal move here.")).toBeTruthy();
    expect(moves(fake)).toEqual([]);
  });

  it("is played on the game as it stands while an earlier position is shown", async () => {
    const { fake } = renderGame({ moves: ["e4"], fen: AFTER_E4, lastMove: "e2e4", ply: 1, currentTurn: "b" });
    await screen.findByText("Your turn");
    expect(document.querySelector("[data-ply='1']")?.getAttribute("aria-current")).toBe("true");
    const field = screen.getByRole("textbox", { name: "Type a move" });
    fireEvent.keyDown(field, { key: "ArrowLeft" });
    // The start is shown: e4 is no longer the current move.
    expect(document.querySelector("[data-ply='1']")?.getAttribute("aria-current")).toBeNull();
    await type("e5");
    expect(moves(fake).map((r) => r.payload)).toEqual([{ gameId: "g1", move: { from: "e7", to: "e5" }, ply: 1 }]);
  });
});
