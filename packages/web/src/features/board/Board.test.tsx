import { DEFAULT_PREFERENCES } from "@chess/shared";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "../../components/ErrorBoundary.tsx";
import { preferences } from "../preferences/index.ts";
import { Board } from "./Board.tsx";
import { BoardFallback } from "./BoardFallback.tsx";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  preferences.update(DEFAULT_PREFERENCES);
});

function Broken(): never {
  throw new Error("render failed");
}

/** The pieces drawn on the board, as { square: code }. */
function drawnPieces(container: HTMLElement): Record<string, string> {
  const pieces: Record<string, string> = {};
  for (const square of container.querySelectorAll<HTMLElement>("[data-square]")) {
    const piece = square.querySelector<HTMLElement>("[data-piece]");
    if (piece && square.dataset.square) pieces[square.dataset.square] = piece.dataset.piece ?? "";
  }
  return pieces;
}

function squares(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>("[data-square]"));
}

describe("Board", () => {
  it("draws a map position", () => {
    const { container } = render(<Board position={{ e1: "wK", e8: "bK", d4: "wQ" }} />);
    expect(drawnPieces(container)).toEqual({ e1: "wK", e8: "bK", d4: "wQ" });
  });

  it("draws the initial position for the word start", () => {
    const { container } = render(<Board position="start" />);
    const pieces = drawnPieces(container);
    expect(Object.keys(pieces)).toHaveLength(32);
    expect(pieces.e1).toBe("wK");
    expect(pieces.d8).toBe("bQ");
  });

  it("draws an empty board for an invalid position", () => {
    const { container } = render(<Board position={{ e1: "wK", z9: "bK" }} />);
    expect(squares(container)).toHaveLength(64);
    expect(drawnPieces(container)).toEqual({});
  });

  it("uses the spec's square colours and white at the bottom by default", () => {
    const { container } = render(<Board position="start" />);
    const all = squares(container);
    expect(all[0]?.dataset.square).toBe("a8");
    expect(all[63]?.dataset.square).toBe("h1");
    const a8 = all[0]?.style.backgroundColor.replace(/\s/g, "");
    const b8 = all[1]?.style.backgroundColor.replace(/\s/g, "");
    expect(a8).toBe("rgb(240,217,181)");
    expect(b8).toBe("rgb(181,136,99)");
  });

  it("draws the player's board colours, piece set and coordinates, and follows a change at once", () => {
    const { container } = render(<Board position="start" />);
    const squareText = () =>
      squares(container)
        .map((sq) => sq.textContent)
        .join("");
    expect(squareText()).toContain("a");
    act(() => preferences.update({ boardColors: "blue", pieceSet: "glyphs", showCoordinates: false }));
    const all = squares(container);
    expect(all[0]?.style.backgroundColor.replace(/\s/g, "")).toBe("rgb(222,227,230)");
    expect(all[1]?.style.backgroundColor.replace(/\s/g, "")).toBe("rgb(140,162,173)");
    // The glyph set draws each piece as text; no coordinates are left on the squares.
    expect(container.querySelector("[data-square='e1'] text")?.textContent).toBe("\u265A\uFE0E");
    expect(
      squareText()
        .replace(/\uFE0E/g, "")
        .replace(/[\u2654-\u265F]/g, ""),
    ).toBe("");
  });

  it.each(["standard", "simple", "glyphs"] as const)("names every piece's drag handle in the %s set", (pieceSet) => {
    preferences.update({ pieceSet });
    render(<Board position={{ g1: "wN", e8: "bK" }} onMove={() => true} />);
    expect(screen.getByRole("button", { name: "white knight on g1" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "black king on e8" })).toBeTruthy();
  });

  it("puts black at the bottom when flipped", () => {
    const { container } = render(<Board position="start" orientation="black" />);
    expect(squares(container)[0]?.dataset.square).toBe("h1");
  });

  it("shows the fallback with a king image when rendering fails", () => {
    const onError = vi.fn();
    vi.spyOn(console, "error").mockImplementation(() => {});
    render(
      <ErrorBoundary fallback={<BoardFallback />} onError={onError}>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeTruthy();
    expect(screen.getByRole("img", { name: "A fallen chess king" })).toBeTruthy();
    expect(onError).toHaveBeenCalledTimes(1);
  });
});
