import type { GameStarted } from "@chess/shared";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GameActions } from "./GameActions.tsx";
import { gameFromSnapshot } from "./gameStore.ts";
import { gameSnapshot } from "./testGame.ts";

afterEach(cleanup);

const AFTER_E4_E5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";

function setup(moves: string[], fen?: string, change: Partial<GameStarted> = {}) {
  const handlers = {
    onResign: vi.fn(),
    onOfferDraw: vi.fn(),
    onAbort: vi.fn(),
    onTakeback: vi.fn(),
    onProposeTakeback: vi.fn(),
  };
  const snapshot = gameSnapshot({ moves, ply: moves.length, ...(fen ? { fen } : {}), ...change });
  render(<GameActions state={gameFromSnapshot(snapshot, Date.now())} {...handlers} />);
  return handlers;
}

describe("GameActions", () => {
  it("before both sides have moved offers Abort, and Give Up waits with the reason", () => {
    const { onResign, onAbort } = setup([]);
    const giveUp = screen.getByRole("button", { name: "Give Up" }) as HTMLButtonElement;
    expect(giveUp.disabled).toBe(true);
    expect(giveUp.getAttribute("aria-describedby")).toBe("resign-later");
    expect(screen.getByText("Until both sides have moved, a game can only be aborted (unrated).")).toBeTruthy();
    fireEvent.click(giveUp);
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(onResign).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Abort" }));
    expect(onAbort).toHaveBeenCalledOnce();
  });

  it("once both have moved Give Up asks, and resigns only on the second answer", () => {
    const { onResign } = setup(["e4", "e5"], AFTER_E4_E5);
    expect(screen.queryByRole("button", { name: "Abort" })).toBeNull();
    expect(screen.queryByText(/can only be aborted/)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Give Up" }));
    const question = screen.getByRole("alertdialog", { name: "Give up this game?" });
    fireEvent.click(screen.getByRole("button", { name: "Keep playing" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(onResign).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Give Up" }));
    expect(question).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Yes, give up" }));
    expect(onResign).toHaveBeenCalledOnce();
  });

  it("against a person, proposes a takeback once both have moved, and says when the proposal waits", () => {
    const { onProposeTakeback, onTakeback } = setup(["e4", "e5"], AFTER_E4_E5);
    fireEvent.click(screen.getByRole("button", { name: "Propose takeback" }));
    expect(onProposeTakeback).toHaveBeenCalledOnce();
    expect(onTakeback).not.toHaveBeenCalled();
    expect(screen.queryByRole("button", { name: "Takeback" })).toBeNull();
    cleanup();
    setup(["e4", "e5"], AFTER_E4_E5, { takebackProposedBy: "w" });
    expect((screen.getByRole("button", { name: "Takeback proposed" }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    // Before both have moved the game is aborted instead.
    setup([]);
    expect(screen.queryByRole("button", { name: "Propose takeback" })).toBeNull();
  });

  it("offers no takeback to propose when the opponent takes none", () => {
    setup(["e4", "e5"], AFTER_E4_E5, { takesTakebacks: { w: true, b: false } });
    expect(screen.queryByRole("button", { name: "Propose takeback" })).toBeNull();
    expect(screen.getByRole("button", { name: "Suggest Draw" })).toBeTruthy();
  });

  it("against the computer, takes back at once and proposes nothing", () => {
    const { onTakeback } = setup(["e4", "e5"], AFTER_E4_E5, {
      opponent: "Stockfish level 2",
      black: "Stockfish level 2",
    });
    expect(screen.queryByRole("button", { name: "Propose takeback" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Takeback" }));
    expect(onTakeback).toHaveBeenCalledOnce();
  });
});
