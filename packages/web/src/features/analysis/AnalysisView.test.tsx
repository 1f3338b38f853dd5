import type { AnalysisEntry } from "@chess/shared";
import { cleanup, fireEvent, renderHook, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "../../lib/api.ts";
import { fakeIdentity, renderWithIdentity } from "../../test/identity.tsx";
import { AnalysisView } from "./AnalysisView.tsx";
import type { AnalysisApi } from "./analysisApi.ts";
import { IMPORTED, SCHOLARS_ENTRIES, testGame } from "./testGame.ts";
import { useLineEval } from "./useLineEval.ts";

beforeEach(() => {
  // happy-dom lays nothing out; react-chessboard measures a square to animate a move.
  vi.spyOn(Element.prototype, "getBoundingClientRect").mockReturnValue(new DOMRect(0, 0, 600, 140));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function fakeClient(overrides: Partial<AnalysisApi> = {}): AnalysisApi {
  return {
    gameRecord: vi.fn(async () => {
      throw new ApiRequestError(404, "Game not found");
    }),
    gameAnalysis: vi.fn(async () => SCHOLARS_ENTRIES),
    progress: vi.fn(async () => ({ status: "running" as const, done: 3, total: 8 })),
    singleMove: vi.fn(async () => [{ eval: 20, turn: "w" as const, moves: ["g1f3"] }]),
    tree: vi.fn(async () => ({ tree: [] })),
    saveTree: vi.fn(async () => ({ successMsg: "Variations saved" })),
    importPgn: vi.fn(async () => IMPORTED),
    importedGame: vi.fn(async () => IMPORTED),
    ...overrides,
  };
}

const user = fakeIdentity({ identity: { kind: "user", username: "alice" } });
const shownMove = () => document.querySelector("[aria-current='true']")?.textContent;

describe("AnalysisView", () => {
  it("tells a visitor who is not logged in to log in, without asking the server", () => {
    const client = fakeClient();
    renderWithIdentity(<AnalysisView game={testGame({ gameId: "logged-out" })} client={client} />);
    fireEvent.click(screen.getByRole("checkbox", { name: "Enable Analysis" }));
    expect(screen.getByRole("alert").textContent).toBe("You must be logged in to view analysis");
    expect(client.gameAnalysis).not.toHaveBeenCalled();
    // The way out is right there.
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));
    expect(screen.getByRole("dialog", { name: "Login" })).toBeTruthy();
  });

  it("shows the same message when the server answers 401", async () => {
    const client = fakeClient({
      gameAnalysis: vi.fn(async () => {
        throw new ApiRequestError(401, "You are not logged in");
      }),
    });
    renderWithIdentity(<AnalysisView game={testGame({ gameId: "expired" })} client={client} />, user);
    fireEvent.click(screen.getByRole("checkbox", { name: "Enable Analysis" }));
    expect(await screen.findByText("You must be logged in to view analysis")).toBeTruthy();
  });

  it("shows the server's message for other failures", async () => {
    const client = fakeClient({
      gameAnalysis: vi.fn(async () => {
        throw new ApiRequestError(409, "Analysis is available once the game is over");
      }),
    });
    renderWithIdentity(<AnalysisView game={testGame({ gameId: "live" })} client={client} />, user);
    fireEvent.click(screen.getByRole("checkbox", { name: "Enable Analysis" }));
    expect(await screen.findByText("Analysis is available once the game is over")).toBeTruthy();
  });

  it("shows progress, then the bar, chart, quality table and best line; off hides them; on again asks no more", async () => {
    let finish: (entries: typeof SCHOLARS_ENTRIES) => void = () => {};
    const client = fakeClient({
      gameAnalysis: vi.fn(
        () =>
          new Promise<AnalysisEntry[]>((resolve) => {
            finish = resolve;
          }),
      ),
    });
    renderWithIdentity(<AnalysisView game={testGame({ gameId: "full" })} client={client} />, user);
    const toggle = screen.getByRole("checkbox", { name: "Enable Analysis" });
    fireEvent.click(toggle);
    expect(await screen.findByText("Analysing… 3 / 8 positions")).toBeTruthy();

    finish(SCHOLARS_ENTRIES);
    expect(await screen.findByTestId("eval-bar")).toBeTruthy();
    expect(screen.getByTestId("eval-bar").getAttribute("aria-label")).toBe("Evaluation 1-0");
    expect(screen.getByRole("img", { name: /Evaluation chart/ })).toBeTruthy();
    const table = screen.getByRole("table", { name: "Move quality" });
    const blunders = within(table).getByRole("row", { name: /Blunder/ });
    expect(
      within(blunders)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["0", "1"]);
    expect(screen.getByTestId("best-line").textContent).toContain("Checkmate");
    expect(screen.getByTestId("quality-badge").dataset.square).toBe("f7");

    fireEvent.keyDown(document, { key: "ArrowLeft" });
    expect(shownMove()).toBe("Nf6?? (Blunder)");
    expect(screen.getByTestId("best-line").textContent).toBe("#1Best: 4. Qxf7#");
    expect(screen.getByTestId("quality-badge").dataset.quality).toBe("blunder");

    // A click on the chart jumps to the nearest move: the right end is the last one.
    fireEvent.click(screen.getByRole("img", { name: /Evaluation chart/ }), { clientX: 600 });
    expect(shownMove()).toBe("Qxf7#★ (Best)");
    fireEvent.click(screen.getByRole("img", { name: /Evaluation chart/ }), { clientX: 0 });
    expect(shownMove()).toBeUndefined();

    fireEvent.click(toggle);
    expect(screen.queryByTestId("eval-bar")).toBeNull();
    fireEvent.click(toggle);
    expect(screen.getByTestId("eval-bar")).toBeTruthy();
    expect(client.gameAnalysis).toHaveBeenCalledTimes(1);
  });

  it("steps with the buttons and keys, and jumps from the move list", () => {
    renderWithIdentity(<AnalysisView game={testGame({ gameId: "steps" })} client={fakeClient()} />, user);
    expect(shownMove()).toBe("Qxf7#");
    expect((screen.getByRole("button", { name: "Next Move" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Previous Move" }));
    expect(shownMove()).toBe("Nf6");
    fireEvent.keyDown(document, { key: "Home" });
    expect(shownMove()).toBeUndefined();
    fireEvent.keyDown(document, { key: "ArrowRight" });
    expect(shownMove()).toBe("e4");
    fireEvent.keyDown(document, { key: "End" });
    expect(shownMove()).toBe("Qxf7#");
    fireEvent.click(screen.getByRole("button", { name: "Qh5" }));
    expect(shownMove()).toBe("Qh5");
  });

  it("puts the viewer's colour at the bottom and swaps on request", () => {
    renderWithIdentity(<AnalysisView game={testGame({ playerColor: "black" })} client={fakeClient()} />, user);
    expect(screen.getByTestId("player-bottom").textContent).toContain("bob");
    expect(screen.getByTestId("player-top").textContent).toContain("alice");
    fireEvent.click(screen.getByRole("button", { name: "Swap orientation" }));
    expect(screen.getByTestId("player-bottom").textContent).toContain("alice");
  });

  it("offers the game as a PGN download", () => {
    const createObjectURL = vi.fn(() => "blob:pgn");
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    renderWithIdentity(<AnalysisView game={testGame()} client={fakeClient()} />, user);
    fireEvent.click(screen.getByRole("button", { name: "Download PGN" }));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });
});

describe("useLineEval (own variations, SPEC §4)", () => {
  it("asks for the position after the line once, and only while active", async () => {
    const client = fakeClient();
    const fen = testGame().initialFen;
    const moves = ["e4", "e5", "Qh5", "Nc6", "Bc4", "g6"];
    const { result, rerender } = renderHook(({ active }) => useLineEval(active, fen, moves, client), {
      initialProps: { active: false },
    });
    expect(result.current).toEqual({ kind: "none" });
    expect(client.singleMove).not.toHaveBeenCalled();

    rerender({ active: true });
    expect(result.current).toEqual({ kind: "pending" });
    await waitFor(() => expect(result.current.kind).toBe("done"));
    expect(client.singleMove).toHaveBeenCalledWith(fen, moves);

    const again = renderHook(() => useLineEval(true, fen, moves, client));
    expect(again.result.current.kind).toBe("done");
    expect(client.singleMove).toHaveBeenCalledTimes(1);
  });

  it("reports the server's message", async () => {
    const client = fakeClient({
      singleMove: vi.fn(async () => {
        throw new ApiRequestError(400, "Invalid move: Ke9");
      }),
    });
    const { result } = renderHook(() => useLineEval(true, "start", ["Ke9"], client));
    await waitFor(() => expect(result.current).toEqual({ kind: "failed", message: "Invalid move: Ke9" }));
  });

  it("switches to lichess marks, states their thresholds, and at the blunder names the better move and why", async () => {
    localStorage.clear();
    renderWithIdentity(<AnalysisView game={testGame({ gameId: "marks" })} client={fakeClient()} />, user);
    fireEvent.click(screen.getByRole("checkbox", { name: "Enable Analysis" }));
    const table = await screen.findByRole("table", { name: "Move quality" });
    expect(within(table).getByText("Best")).toBeTruthy();
    // The list marks what the board marks: in six tiers every move has one, in lichess's only the bad ones.
    const listed = () =>
      [...document.querySelectorAll<HTMLElement>(".move-list__move")].map((m) => m.textContent?.trim());
    const tiered = listed();
    expect(tiered).toHaveLength(7);
    for (const move of tiered) expect(move).toMatch(/ \((Best|Good|Alright|Inaccuracy|Mistake|Blunder)\)$/);
    fireEvent.click(screen.getByRole("radio", { name: "lichess" }));
    expect(within(table).queryByText("Best")).toBeNull();
    expect(listed().filter((m) => m?.includes("("))).toEqual(["Nf6?? (Blunder)"]);
    expect(screen.getByTestId("mark-thresholds").textContent).toContain("Win% drops by 10 points or more");
    expect(localStorage.getItem("analysisMarks")).toBe("lichess");

    fireEvent.keyDown(document, { key: "ArrowLeft" });
    const verdict = await screen.findByTestId("verdict");
    expect(verdict.textContent).toContain("3... Nf6 is a blunder.");
    expect(screen.getByTestId("verdict-best").textContent).toBe("Best was g6");
    expect(screen.getByTestId("verdict-hint").textContent).toBe("Hint: allows mate in 1");
    fireEvent.click(within(verdict).getByRole("button", { name: "Show best line" }));
    expect(screen.getByTestId("variation").textContent).toContain("Engine line: 3... g6");
    fireEvent.keyDown(document, { key: "ArrowRight" });
    expect(screen.getByTestId("variation").textContent).toContain("Engine line: 3... g6 4. Qf3");
  });
});

describe("the variation tree", () => {
  it("lays the account's saved variations over the game, goes between them, promotes, deletes and saves", async () => {
    localStorage.clear();
    // 3... Nf6 (3... g6 4. Qf3) (3... d6)
    const saved = [
      {
        s: "e4",
        c: [
          {
            s: "e5",
            c: [{ s: "Qh5", c: [{ s: "Nc6", c: [{ s: "Bc4", c: [{ s: "g6", c: [{ s: "Qf3" }] }, { s: "d6" }] }] }] }],
          },
        ],
      },
    ];
    const client = fakeClient({ tree: vi.fn(async () => ({ tree: saved })) });
    renderWithIdentity(<AnalysisView game={testGame({ gameId: "tree" })} client={client} />, user);
    const lines = () =>
      screen.getAllByTestId("tree-line").map((l) =>
        within(l)
          .getAllByRole("button")
          .map((b) => b.textContent)
          .join(" "),
      );
    await screen.findAllByTestId("tree-line");
    expect(lines()).toEqual(["3... g6 4. Qf3", "3... d6"]);
    const shown = () => document.querySelector("[aria-current='true']")?.textContent;
    fireEvent.click(screen.getByRole("button", { name: "3... g6" }));
    expect(screen.getByTestId("variation").textContent).toContain("Your variation: 3... g6");
    // Down and up go between the moves tried after 3. Bc4.
    fireEvent.keyDown(document, { key: "ArrowDown" });
    expect(shown()).toContain("d6");
    fireEvent.keyDown(document, { key: "ArrowUp" });
    fireEvent.keyDown(document, { key: "ArrowUp" });
    expect(shown()).toContain("Nf6");

    // A right click on d6: promoted over g6 (never over the game's Nf6), then deleted.
    fireEvent.contextMenu(screen.getByRole("button", { name: "3... d6" }));
    fireEvent.click(within(screen.getByRole("menu")).getByRole("menuitem", { name: "Promote variation" }));
    expect(lines()).toEqual(["3... d6", "3... g6 4. Qf3"]);
    await waitFor(() => expect(client.saveTree).toHaveBeenCalled(), { timeout: 3_000 });
    const last = vi.mocked(client.saveTree).mock.lastCall;
    expect(JSON.stringify(last?.[1])).toContain('{"s":"Nf6","c":[{"s":"Qxf7#"}]},{"s":"d6"},{"s":"g6"');
    fireEvent.click(screen.getByRole("button", { name: "Delete from here" }));
    expect(lines()).toEqual(["3... g6 4. Qf3"]);
    expect(shown()).toContain("Bc4");
    expect(localStorage.getItem("analysis-tree:tree")).toContain('"s":"g6"');
    expect(localStorage.getItem("analysis-tree:tree")).not.toContain('"s":"d6"');
  });
});
