import type { GameStarted } from "@chess/shared";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GameNotices } from "./GameNotices.tsx";
import { gameFromSnapshot } from "./gameStore.ts";
import { gameSnapshot } from "./testGame.ts";

afterEach(cleanup);

const AFTER_E4_E5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";

function setup(change: Partial<GameStarted>) {
  const handlers = { onAnswerDraw: vi.fn(), onAnswerTakeback: vi.fn(), onClaimVictory: vi.fn(), onClaimDraw: vi.fn() };
  const now = Date.now();
  const state = gameFromSnapshot(gameSnapshot({ moves: ["e4", "e5"], ply: 2, fen: AFTER_E4_E5, ...change }), now);
  render(<GameNotices state={state} now={now} notice={undefined} {...handlers} />);
  return handlers;
}

describe("GameNotices", () => {
  it("asks me about the opponent's takeback proposal, and passes my answer on", () => {
    const { onAnswerTakeback } = setup({ takebackProposedBy: "b" });
    const prompt = screen.getByRole("alertdialog", { name: "Your opponent proposes a takeback. Accept?" });
    expect(prompt).toBeTruthy();
    fireEvent.click(within(prompt).getByRole("button", { name: "Accept" }));
    fireEvent.click(within(prompt).getByRole("button", { name: "Decline" }));
    expect(onAnswerTakeback.mock.calls).toEqual([[true], [false]]);
  });

  it("says my own proposal waits, and nothing once the game is over", () => {
    setup({ takebackProposedBy: "w" });
    expect(screen.getByRole("status").textContent).toBe("Takeback proposal sent");
    expect(screen.queryByRole("alertdialog")).toBeNull();
    cleanup();
    setup({ takebackProposedBy: "b", status: "finished", winningColor: "white", reason: "resign" });
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("says the clocks are stopped while the server cannot save moves, and not once the game is over", () => {
    setup({ clocksHeld: { since: Date.now() - 2_000 } });
    expect(screen.getByRole("status").textContent).toContain("The server cannot save moves right now");
    cleanup();
    setup({ clocksHeld: { since: Date.now() }, status: "finished", winningColor: "white", reason: "resign" });
    expect(screen.queryByText("The server cannot save moves right now")).toBeNull();
  });

  it("asks for my first move in time, and in an arena says that missing it withdraws me", () => {
    const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const first = { moves: [], ply: 0, fen: start, currentTurn: "w" as const, firstMoveDeadline: Date.now() + 12_000 };
    setup(first);
    expect(screen.getByRole("status").textContent).toMatch(/^Make your first move: 1[12]s$/);
    cleanup();
    setup({ ...first, tournament: { id: "t1", name: "Blitz Arena", berserkable: true } });
    expect(screen.getByRole("status").textContent).toMatch(/^Make your first move: 1[12]s or you are withdrawn/);
  });
});
