import type { GameRecord } from "@chess/shared";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "../../lib/api.ts";
import { AnalysisPage } from "../../pages/AnalysisPage.tsx";
import { fakeIdentity } from "../../test/identity.tsx";
import { IdentityContext } from "../accounts/IdentityProvider.tsx";
import type { AnalysisApi } from "./analysisApi.ts";
import { IMPORTED, SCHOLARS_ENTRIES } from "./testGame.ts";

beforeEach(() => {
  vi.spyOn(Element.prototype, "getBoundingClientRect").mockReturnValue(new DOMRect(0, 0, 50, 50));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const record: GameRecord = {
  gameId: "g7",
  initialFen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  moves: "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#",
  username1: "alice",
  username2: "bob",
  player1Color: "white",
  player2Color: "black",
  winningColor: "white",
  reason: "checkmate",
  status: "finished",
  variant: "standard",
  timeClass: "blitz",
  baseTime: 5,
  increment: 0,
  rated: true,
  startedAt: 0,
  endedAt: 1,
};

function client(found = true): AnalysisApi {
  return {
    gameRecord: vi.fn(async () => {
      if (!found) throw new ApiRequestError(404, "Game not found");
      return record;
    }),
    gameAnalysis: vi.fn(async () => SCHOLARS_ENTRIES),
    progress: vi.fn(async () => ({ status: "done" as const, done: 8, total: 8 })),
    singleMove: vi.fn(async () => []),
    tree: vi.fn(async () => ({ tree: [] })),
    saveTree: vi.fn(async () => ({ successMsg: "Variations saved" })),
    importPgn: vi.fn(async () => IMPORTED),
    importedGame: vi.fn(async () => IMPORTED),
  };
}

function renderPage(
  entry: string | { pathname: string; search?: string; state?: unknown },
  api = client(),
  username = "bob",
) {
  const router = createMemoryRouter([{ path: "/analysis", element: <AnalysisPage client={api} /> }], {
    initialEntries: [entry],
  });
  render(
    <IdentityContext.Provider value={fakeIdentity({ identity: { kind: "user", username } })}>
      <RouterProvider router={router} />
    </IdentityContext.Provider>,
  );
  return { router, api };
}

describe("AnalysisPage (SPEC §2 /analysis)", () => {
  it("explains itself and links to the lobby without a game", () => {
    renderPage("/analysis");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Analysis");
    expect(screen.getByRole("link", { name: "Back to the lobby" }).getAttribute("href")).toBe("/");
    expect(document.title).toBe("Analysis · Chess");
  });

  it("opens a game from the URL alone, with the viewer's side at the bottom", async () => {
    const { api } = renderPage("/analysis?gameId=g7");
    expect(await screen.findByText("alice vs bob · Blitz 5+0 · Rated · White wins · Checkmate")).toBeTruthy();
    expect(api.gameRecord).toHaveBeenCalledWith("g7", expect.any(AbortSignal));
    expect(screen.getByTestId("player-bottom").textContent).toContain("bob");
    expect(screen.getByRole("button", { name: "Qxf7#" })).toBeTruthy();
  });

  it("shows route state at once, puts the game in the URL and fetches the names", async () => {
    const state = { moves: "e4 e5", initialFen: "start", playerColor: "white", gameId: "g7", opponent: "bob" };
    const { router } = renderPage({ pathname: "/analysis", state }, client(), "alice");
    expect(screen.getByRole("button", { name: "e5" })).toBeTruthy();
    expect(screen.getByTestId("player-top").textContent).toContain("bob");
    expect(await screen.findByRole("button", { name: "Qxf7#" })).toBeTruthy();
    expect(router.state.location.search).toBe("?gameId=g7");
  });

  it("shows why a game cannot be opened", async () => {
    renderPage("/analysis?gameId=nope", client(false));
    expect(await screen.findByText("Game not found")).toBeTruthy();
  });

  it("imports a PGN: a bad one is named with its line, a file of many lists its games, the one picked opens", async () => {
    const { api, router } = renderPage("/analysis");
    const text = screen.getByRole("textbox", { name: "Paste the PGN of one game or many" });
    fireEvent.change(text, { target: { value: '[White "a"]\n\n1. e4 e5\n2. Ke3 *' } });
    fireEvent.click(screen.getByRole("button", { name: "Import" }));
    expect(screen.getByRole("alert").textContent).toBe("Invalid move in PGN: 2. Ke3 (line 4)");
    expect(api.importPgn).not.toHaveBeenCalled();

    const two = '[White "alice"]\n[Black "bob"]\n\n1. e4 e5 1-0\n\n[White "carol"]\n[Black "dave"]\n\n1. d4 d5 2. c4 *';
    fireEvent.change(text, { target: { value: two } });
    fireEvent.click(screen.getByRole("button", { name: "Import" }));
    const list = screen.getByRole("list", { name: "Games in the file" });
    const games = within(list).getAllByRole("button");
    expect(games.map((g) => g.textContent)).toEqual(["alice vs bob · 1-0 · 1 move", "carol vs dave · * · 2 moves"]);
    fireEvent.click(games[1] as HTMLElement);
    expect(api.importPgn).toHaveBeenCalledWith('[White "carol"]\n[Black "dave"]\n\n1. d4 d5 2. c4 *');
    expect(await screen.findByText("carol vs dave")).toBeTruthy();
    expect(router.state.location.search).toBe("?import=import-abc");
    expect(api.importedGame).toHaveBeenCalledWith("import-abc", expect.any(AbortSignal));
    expect(screen.getByRole("button", { name: "c4" })).toBeTruthy();
    expect(screen.getByText("Imported")).toBeTruthy();
  });

  it("shows an imported game's comment before its first move above the moves", async () => {
    const api = client();
    api.importedGame = vi.fn(async () => ({ ...IMPORTED, comment: "The Queen's Gambit" }));
    renderPage("/analysis?import=import-abc", api);
    expect((await screen.findByText("The Queen's Gambit")).dataset.testid).toBe("move-comment");
  });

  it("imports with the side the player chose, whose mistakes become their puzzles", async () => {
    const { api } = renderPage("/analysis");
    const pgn = '[White "carol"]\n\n1. d4 d5 2. c4 *';
    fireEvent.change(screen.getByRole("textbox", { name: "Paste the PGN of one game or many" }), {
      target: { value: pgn },
    });
    const side = screen.getByRole("combobox", { name: "Your puzzles from this game" });
    // The project's labelled drop-down, styled like the other forms' ones.
    expect(side.closest(".select-field")).not.toBeNull();
    fireEvent.change(side, { target: { value: "black" } });
    fireEvent.click(screen.getByRole("button", { name: "Import" }));
    expect(api.importPgn).toHaveBeenCalledWith(pgn, { side: "black" });
    expect(await screen.findByText("Imported")).toBeTruthy();
  });
});
