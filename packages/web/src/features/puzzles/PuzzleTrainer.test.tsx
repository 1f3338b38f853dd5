import { type Puzzle, type PuzzleAttemptResult, Board as Rules, START_FEN } from "@chess/shared";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BoardLookProvider, DEFAULT_BOARD_LOOK } from "../board/index.ts";
import { PuzzleTrainer } from "./PuzzleTrainer.tsx";
import type { PuzzlesApi } from "./puzzlesApi.ts";

afterEach(cleanup);

// 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6: White mates with Qxf7#.
const board = Rules.fromFen(START_FEN);
for (const m of ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6"])
  board.play({ from: m.slice(0, 2), to: m.slice(2, 4) });

const puzzle: Puzzle = {
  id: 3,
  fen: board.fen(),
  player: "w",
  solution: ["h5f7"],
  played: "h5f3",
  kind: "wins",
  themes: ["mate", "mateIn1", "oneMove"],
  rating: 1500,
  gameId: "abcd1234",
  ply: 6,
};

const tried: PuzzleAttemptResult = { solved: false, rated: false, ratingChange: 0, rating: null, puzzleRating: 1500 };

function setup() {
  const attempt = vi.fn(async () => tried);
  const client = { attempt } as unknown as PuzzlesApi;
  const { container } = render(
    // No animation: happy-dom lays nothing out, and a moving piece needs a square's width.
    <BoardLookProvider value={{ ...DEFAULT_BOARD_LOOK, animation: "off" }}>
      <MemoryRouter>
        <PuzzleTrainer puzzle={puzzle} client={client} onNext={() => undefined} />
      </MemoryRouter>
    </BoardLookProvider>,
  );
  const tap = async (from: string, to: string) => {
    for (const sq of [from, to]) {
      const square = container.querySelector<HTMLElement>(`[data-square='${sq}']`) as HTMLElement;
      await act(async () => void fireEvent.click(square, { button: 0 }));
    }
  };
  return { attempt, tap };
}

/** What would give the answer away: the themes and the link to the game (where the move is marked). */
const hints = () => ({
  themes: screen.queryByText(/mateIn1/) !== null,
  game: screen.queryByRole("link", { name: /the game/ }) !== null,
});

describe("PuzzleTrainer", () => {
  it("keeps the themes and the game hidden after a wrong move and its retry, until the solution is viewed", async () => {
    const { attempt, tap } = setup();
    expect(hints()).toEqual({ themes: false, game: false });
    await tap("c4", "f7");
    expect(screen.getByText("That's not it")).toBeTruthy();
    expect(attempt).toHaveBeenCalledWith(3, ["c4f7"]);
    expect(hints()).toEqual({ themes: false, game: false });

    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(screen.getByText("Find the best move for White")).toBeTruthy();
    expect(hints()).toEqual({ themes: false, game: false });

    await tap("h5", "f5");
    fireEvent.click(screen.getByRole("button", { name: "View the solution" }));
    expect(screen.getByTestId("puzzle-solution").textContent).toBe("Qxf7#");
    expect(hints()).toEqual({ themes: true, game: true });
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });

  it("shows them once the puzzle is solved", async () => {
    const { tap } = setup();
    await tap("h5", "f7");
    expect(screen.getByText("Solved!")).toBeTruthy();
    expect(hints()).toEqual({ themes: true, game: true });
  });
});
