import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "../../components/ErrorBoundary.tsx";
import { Board } from "./Board.tsx";
import { BoardFallback } from "./BoardFallback.tsx";
import { type BoardLook, BoardLookProvider, DEFAULT_BOARD_LOOK } from "./boardLook.tsx";
import { destinations } from "./boardRules.ts";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
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

  it("draws the look it is given (the player's colours, pieces, coordinates) and follows a change at once", () => {
    const drawn = (look: BoardLook) => (
      <BoardLookProvider value={look}>
        <Board position="start" />
      </BoardLookProvider>
    );
    const { container, rerender } = render(drawn(DEFAULT_BOARD_LOOK));
    const squareText = () =>
      squares(container)
        .map((sq) => sq.textContent)
        .join("");
    expect(squareText()).toContain("a");
    rerender(drawn({ ...DEFAULT_BOARD_LOOK, boardColors: "blue", pieceSet: "glyphs", showCoordinates: false }));
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
    render(
      <BoardLookProvider value={{ ...DEFAULT_BOARD_LOOK, pieceSet }}>
        <Board position={{ g1: "wN", e8: "bK" }} onMove={() => true} />
      </BoardLookProvider>,
    );
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

  describe("tap-tap moves", () => {
    const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const at = (container: HTMLElement, sq: string) => container.querySelector<HTMLElement>(`[data-square='${sq}']`)!;
    const click = (container: HTMLElement, sq: string) => fireEvent.click(at(container, sq), { button: 0 });
    // react-chessboard puts a square's own styles on the div inside it.
    const styleOf = (sq: HTMLElement) => (sq.lastElementChild as HTMLElement).style;
    const marked = (container: HTMLElement) =>
      squares(container)
        .filter((sq) => styleOf(sq).backgroundImage.includes("radial-gradient"))
        .map((sq) => sq.dataset.square)
        .sort();

    function setup() {
      const onMove = vi.fn(() => true);
      const onSquareClick = vi.fn();
      const { container } = render(
        <Board
          position={START}
          onMove={onMove}
          onSquareClick={onSquareClick}
          canDragPiece={(piece) => piece[0] === "w"}
          destinations={(from) => destinations(START, from)}
        />,
      );
      return { container, onMove, onSquareClick };
    }

    it("marks a tapped piece's destinations and moves it with a tap on one", () => {
      const { container, onMove, onSquareClick } = setup();
      click(container, "e2");
      expect(marked(container)).toEqual(["e3", "e4"]);
      expect(styleOf(at(container, "e2")).backgroundColor).not.toBe("");
      click(container, "e4");
      expect(onMove).toHaveBeenCalledWith({ from: "e2", to: "e4", piece: "wP" });
      expect(marked(container)).toEqual([]);
      expect(onSquareClick).not.toHaveBeenCalled();
    });

    it("switches to another own piece and deselects on the piece again", () => {
      const { container, onMove } = setup();
      click(container, "e2");
      click(container, "g1");
      expect(marked(container)).toEqual(["f3", "h3"]);
      click(container, "g1");
      expect(marked(container)).toEqual([]);
      expect(onMove).not.toHaveBeenCalled();
    });

    it("deselects on an empty square that is no destination, passing the click on", () => {
      const { container, onMove, onSquareClick } = setup();
      click(container, "e2");
      click(container, "e5");
      expect(marked(container)).toEqual([]);
      expect(onMove).not.toHaveBeenCalled();
      expect(onSquareClick).toHaveBeenCalledWith("e5");
    });

    it("silences the drag library's English: no live region of its own, no instructions on the pieces", async () => {
      const { container } = setup();
      await new Promise((r) => setTimeout(r, 0));
      const region = container.querySelector('[id^="DndLiveRegion"]');
      expect(region).not.toBeNull();
      expect(region?.getAttribute("aria-live")).toBe("off");
      expect(region?.getAttribute("role")).toBeNull();
      expect(container.querySelectorAll('[aria-describedby^="DndDescribedBy"]')).toHaveLength(0);
      expect(container.querySelector('[aria-live="assertive"]')).toBeNull();
    });

    it("is one Tab stop whose keys go over the squares, pick a piece up and put it down", () => {
      const { container, onMove } = setup();
      const board = screen.getByRole("region", { name: "Chessboard" });
      expect(board.tabIndex).toBe(0);
      // No piece is a Tab stop of its own.
      expect(container.querySelectorAll('[aria-roledescription="draggable"][tabindex="0"]')).toHaveLength(0);
      board.focus();
      const key = (k: string) => fireEvent.keyDown(board, { key: k });
      const cursorAt = () =>
        squares(container)
          .filter((sq) => styleOf(sq).boxShadow.includes("inset"))
          .map((sq) => sq.dataset.square);
      const heard = () => board.querySelector("#board-cursor")?.textContent;
      key("ArrowUp");
      expect(cursorAt()).toEqual(["e2"]);
      expect(heard()).toBe("e2, white pawn");
      key("Enter");
      expect(marked(container)).toEqual(["e3", "e4"]);
      expect(heard()).toBe("e2, white pawn, picked up");
      key("ArrowUp");
      key("ArrowUp");
      expect(heard()).toBe("e4, empty");
      key(" ");
      expect(onMove).toHaveBeenCalledWith({ from: "e2", to: "e4", piece: "wP" });
      // Escape lets a picked-up piece go.
      key("ArrowLeft");
      key("ArrowDown");
      key("ArrowDown");
      expect(cursorAt()).toEqual(["d2"]);
      key("Enter");
      expect(marked(container)).toEqual(["d3", "d4"]);
      key("Escape");
      expect(marked(container)).toEqual([]);
    });

    it("leaves a board that cannot move out of the Tab order", () => {
      render(<Board position="start" />);
      expect(screen.getByRole("region", { name: "Chessboard" }).tabIndex).toBe(-1);
    });

    it("selects nothing of the other side", () => {
      const { container, onSquareClick } = setup();
      click(container, "e7");
      expect(marked(container)).toEqual([]);
      expect(onSquareClick).toHaveBeenCalledWith("e7");
    });
  });
});
