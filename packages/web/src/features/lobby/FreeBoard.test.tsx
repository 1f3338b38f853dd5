import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeRealtime, WithRealtime } from "../../test/realtime.tsx";
import { FreeBoard } from "./FreeBoard.tsx";

// react-chessboard measures a square to animate a position change; happy-dom has no layout.
beforeEach(() => {
  vi.spyOn(Element.prototype, "getBoundingClientRect").mockReturnValue(new DOMRect(0, 0, 50, 50));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const firstSquare = (container: HTMLElement) => container.querySelector<HTMLElement>("[data-square]")?.dataset.square;
const pieceOn = (container: HTMLElement, square: string) =>
  container.querySelector<HTMLElement>(`[data-square="${square}"] [data-piece]`)?.dataset.piece;

const CHESS960 = "nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w KQkq - 0 1";
const RANDOM = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function stubFetch(answer: (url: string) => Promise<Response> | Response) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => answer(String(input)));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

describe("FreeBoard", () => {
  it("starts from the initial position with white at the bottom, and Flip turns it", () => {
    const { container } = render(<FreeBoard />);
    expect(container.querySelectorAll("[data-piece]")).toHaveLength(32);
    expect(firstSquare(container)).toBe("a8");
    fireEvent.click(screen.getByRole("button", { name: "Flip board" }));
    expect(firstSquare(container)).toBe("h1");
    fireEvent.click(screen.getByRole("button", { name: "Flip board" }));
    expect(firstSquare(container)).toBe("a8");
  });

  it("Shuffle loads the server's Chess960 start, and Reset brings the usual one back", async () => {
    const fetch = stubFetch(() => json(200, { fen: CHESS960 }));
    const { container } = render(<FreeBoard />);
    fireEvent.click(screen.getByRole("button", { name: "Shuffle" }));
    await waitFor(() => expect(pieceOn(container, "a1")).toBe("wN"));
    expect(pieceOn(container, "d8")).toBe("bK");
    expect(fetch.mock.calls[0]?.[0]).toBe("/game/shuffle-board");
    fireEvent.click(screen.getByRole("button", { name: "Reset" }));
    await waitFor(() => expect(pieceOn(container, "a1")).toBe("wR"));
  });

  it("plays a shuffled setup on against the computer with its Chess960 castling rights", async () => {
    // The server's shuffle has no castling rights (a spec client may read it with chess.js).
    stubFetch(() => json(200, { fen: "nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w - - 0 1" }));
    const rt = fakeRealtime();
    const { container } = render(
      <WithRealtime realtime={rt.realtime}>
        <FreeBoard />
      </WithRealtime>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Shuffle" }));
    await waitFor(() => expect(pieceOn(container, "a1")).toBe("wN"));
    fireEvent.click(screen.getByRole("button", { name: "Continue from here against the computer" }));
    fireEvent.click(screen.getByRole("button", { name: "Play" }));
    await waitFor(() => expect(rt.events()).toContain("playComputer"));
    expect(rt.requests.find((r) => r.event === "playComputer")?.payload).toMatchObject({
      fen: "nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w GBgb - 0 1",
    });
  });

  it("explains a position no game can start from, and plays it once the side to move is chosen", async () => {
    // White to move with Black's king in check from h8: Black must be the side to move.
    stubFetch(() => json(200, { fen: "4k2R/8/8/8/8/8/8/4K3 w - - 0 30", eval: 9 }));
    const rt = fakeRealtime();
    const { container } = render(
      <WithRealtime realtime={rt.realtime}>
        <FreeBoard />
      </WithRealtime>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Randomize" }));
    await waitFor(() => expect(pieceOn(container, "h8")).toBe("wR"));
    const continueButton = screen.getByRole("button", { name: "Continue from here against the computer" });
    fireEvent.click(continueButton);
    expect(screen.getByRole("alert").textContent).toBe(
      "This position cannot be played: Black is in check with White to move.",
    );
    expect(screen.queryByRole("dialog")).toBeNull();

    const black = screen.getByRole("button", { name: "Black" });
    expect(screen.getByRole("button", { name: "White" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(black);
    expect(black.getAttribute("aria-pressed")).toBe("true");
    expect(screen.queryByRole("alert")).toBeNull();
    fireEvent.click(continueButton);
    fireEvent.click(screen.getByRole("button", { name: "Play" }));
    await waitFor(() => expect(rt.events()).toContain("playComputer"));
    expect(rt.requests.find((r) => r.event === "playComputer")?.payload).toMatchObject({
      fen: "4k2R/8/8/8/8/8/8/4K3 b KQkq - 0 30",
    });
  });

  it("has the randomization sliders of SPEC §9", () => {
    render(<FreeBoard />);
    const attrs = (name: RegExp) => {
      const input = screen.getByRole("slider", { name }) as HTMLInputElement;
      return [input.min, input.max, input.step, input.value];
    };
    expect(attrs(/^Lowest evaluation/)).toEqual(["-5", "5", "0.5", "-5"]);
    expect(attrs(/^Highest evaluation/)).toEqual(["-5", "5", "0.5", "5"]);
    expect(attrs(/^Lowest move number/)).toEqual(["0", "100", "5", "0"]);
    expect(attrs(/^Highest move number/)).toEqual(["0", "100", "5", "100"]);
  });

  it("Randomize asks for the chosen ranges, waits with a spinner, then shows the position", async () => {
    let answer: (r: Response) => void = () => {};
    const fetch = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { container } = render(<FreeBoard />);
    fireEvent.change(screen.getByRole("slider", { name: /^Lowest evaluation/ }), { target: { value: "0" } });
    fireEvent.change(screen.getByRole("slider", { name: /^Highest evaluation/ }), { target: { value: "1" } });
    fireEvent.change(screen.getByRole("slider", { name: /^Lowest move number/ }), { target: { value: "10" } });
    fireEvent.change(screen.getByRole("slider", { name: /^Highest move number/ }), { target: { value: "20" } });
    fireEvent.click(screen.getByRole("button", { name: "Randomize" }));

    const url = new URL(String(fetch.mock.calls[0]?.[0]), "http://x");
    expect(url.pathname).toBe("/game/random-position");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      lower_eval_limit: "0",
      upper_eval_limit: "1",
      lower_move_limit: "10",
      upper_move_limit: "20",
    });
    expect(screen.getByText("Finding a position…")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Randomize" }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Shuffle" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Randomize" }));
    expect(fetch).toHaveBeenCalledTimes(1);

    await act(async () => answer(json(200, { fen: RANDOM, eval: 0.4, source: "generated" })));
    await waitFor(() => expect(pieceOn(container, "c4")).toBe("wB"));
    expect(pieceOn(container, "f1")).toBeUndefined();
    expect(screen.queryByText("Finding a position…")).toBeNull();
    expect((screen.getByRole("button", { name: "Randomize" }) as HTMLButtonElement).disabled).toBe(false);
    // The new position's side to move and evaluation are told.
    expect(screen.getByTestId("free-board-info").textContent).toMatch(
      /^(White|Black) to move · move \d+ · eval \+0\.4 \(White is better\)$/,
    );
    // An edited position is no longer the one evaluated.
    fireEvent.click(screen.getByRole("button", { name: "Reset" }));
    expect(screen.getByTestId("free-board-info").textContent).toBe("");
  });

  it("keeps the lower end of a range at or below the upper end", () => {
    render(<FreeBoard />);
    const lower = screen.getByRole("slider", { name: /^Lowest move number/ }) as HTMLInputElement;
    const upper = screen.getByRole("slider", { name: /^Highest move number/ }) as HTMLInputElement;
    fireEvent.change(upper, { target: { value: "30" } });
    fireEvent.change(lower, { target: { value: "60" } });
    expect([lower.value, upper.value]).toEqual(["30", "30"]);
  });

  it.each([
    ["Randomize", () => json(503, { message: "No position in that range could be found in time" })],
    ["Shuffle", () => json(500, { message: "boom" })],
    [
      "Randomize",
      () => {
        throw new TypeError("network down");
      },
    ],
  ])("a failed %s is only logged and changes nothing", async (button, answer) => {
    stubFetch(answer);
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const { container } = render(<FreeBoard />);
    fireEvent.click(screen.getByRole("button", { name: button }));
    await waitFor(() => expect(error).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect((screen.getByRole("button", { name: button }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect(container.querySelectorAll("[data-piece]")).toHaveLength(32);
    expect(pieceOn(container, "a1")).toBe("wR");
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
