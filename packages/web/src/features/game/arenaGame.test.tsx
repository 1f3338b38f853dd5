import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GameActions } from "./GameActions.tsx";
import { GameInfo } from "./GameInfo.tsx";
import { GameOverPanel } from "./GameOverPanel.tsx";
import { canBerserk } from "./gameSelectors.ts";
import { gameFromSnapshot, gameReducer } from "./gameStore.ts";
import { gameOverPayload, gameSnapshot } from "./testGame.ts";

afterEach(cleanup);

const NOW = 1_000_000;
const arena = { tournament: { id: "t1", name: "Hourly Blitz Arena", berserkable: true } };

describe("an arena game", () => {
  it("may be berserked once, before my first move; the halved clock and the mark come with `berserked`", () => {
    const s = gameFromSnapshot(gameSnapshot({ ...arena, serverTime: NOW }), NOW);
    expect(canBerserk(s)).toBe(true);
    expect(canBerserk(gameFromSnapshot(gameSnapshot({ serverTime: NOW }), NOW))).toBe(false);
    const after = gameReducer(s, {
      type: "berserked",
      berserked: { gameId: "g1", color: "w", timeLeft: { w: 150_000, b: 300_000 }, serverTime: NOW },
      now: NOW + 100,
    });
    expect(after?.berserk).toEqual({ w: true, b: false });
    expect(after?.clock.timeLeft).toEqual({ w: 150_000, b: 300_000 });
    expect(after && canBerserk(after)).toBe(false);
    // Black may still berserk after White's first move, not after their own.
    const black = gameFromSnapshot(gameSnapshot({ ...arena, isWhite: false, moves: ["e4"], ply: 1 }), NOW);
    expect(canBerserk(black)).toBe(true);
    const blackMoved = gameFromSnapshot(gameSnapshot({ ...arena, isWhite: false, moves: ["e4", "e5"], ply: 2 }), NOW);
    expect(canBerserk(blackMoved)).toBe(false);
    // A snapshot says who berserked already.
    expect(gameFromSnapshot(gameSnapshot({ ...arena, berserk: { w: true, b: false } }), NOW).berserk.w).toBe(true);
  });

  it("offers Berserk among the actions while allowed", () => {
    const onBerserk = vi.fn();
    const state = gameFromSnapshot(gameSnapshot(arena), NOW);
    const noop = () => {};
    render(<GameActions state={state} onResign={noop} onOfferDraw={noop} onAbort={noop} onBerserk={onBerserk} />);
    fireEvent.click(screen.getByRole("button", { name: "Berserk" }));
    expect(onBerserk).toHaveBeenCalled();
  });

  it("links to its tournament, and ends with Back to tournament instead of a rematch", () => {
    let state = gameFromSnapshot(gameSnapshot(arena), NOW);
    const back = vi.fn();
    render(
      <MemoryRouter>
        <GameInfo state={state} />
      </MemoryRouter>,
    );
    expect(screen.getByRole("link", { name: "Hourly Blitz Arena" }).getAttribute("href")).toBe("/tournament/t1");
    cleanup();
    state = gameReducer(state, { type: "gameOver", over: gameOverPayload(), now: NOW }) ?? state;
    const none = async () => undefined;
    render(
      <GameOverPanel
        state={state}
        onClose={() => {}}
        onRematch={none}
        onAnswerRematch={none}
        onBackToMenu={() => {}}
        onViewAnalysis={() => {}}
        onBackToTournament={back}
      />,
    );
    expect(screen.queryByRole("button", { name: "Rematch" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Back to tournament" }));
    expect(back).toHaveBeenCalled();
  });
});
