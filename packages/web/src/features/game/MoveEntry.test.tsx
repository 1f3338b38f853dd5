import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { moveEntryGame } from "./gameSelectors.ts";
import { gameFromSnapshot } from "./gameStore.ts";
import { MoveEntry } from "./MoveEntry.tsx";
import { gameSnapshot } from "./testGame.ts";

afterEach(cleanup);

/** The game after `moves` (SAN), as the page would pass it. */
const gameAfter = (moves: string[]) =>
  gameFromSnapshot(gameSnapshot({ moves, ply: moves.length, currentTurn: moves.length % 2 ? "b" : "w" }), 0);

function setup() {
  const onMove = vi.fn(() => true);
  const page = (state: ReturnType<typeof gameAfter>) => (
    <div>
      <button type="button">Suggest Draw</button>
      <input aria-label="Chat message" />
      <MoveEntry
        game={moveEntryGame(state)}
        onMove={onMove}
        onPremove={vi.fn()}
        onCancelPremove={vi.fn()}
        onStep={vi.fn()}
        onView={vi.fn()}
      />
    </div>
  );
  const view = render(page(gameAfter([])));
  const field = screen.getByRole("textbox", { name: "Type a move" }) as HTMLInputElement;
  return { onMove, field, showGame: (moves: string[]) => view.rerender(page(gameAfter(moves))) };
}

describe("MoveEntry: typing a move anywhere", () => {
  it("starts the move in the field from wherever the focus is, and plays it with Enter", () => {
    const { onMove, field } = setup();
    const button = screen.getByRole("button", { name: "Suggest Draw" });
    button.focus();
    const key = fireEvent.keyDown(button, { key: "N" });
    expect(key).toBe(false); // the key was taken, not left to the button
    expect(document.activeElement).toBe(field);
    expect(field.value).toBe("N");
    fireEvent.change(field, { target: { value: "Nf3" } });
    fireEvent.submit(field);
    expect(onMove).toHaveBeenCalledWith({ from: "g1", to: "f3" });
  });

  it("says which move was played until the game moves on or takes it back", () => {
    const { field, showGame } = setup();
    fireEvent.change(field, { target: { value: "Nf3" } });
    fireEvent.submit(field);
    showGame(["Nf3"]);
    expect(screen.getByText("You played Nf3.")).toBeTruthy();
    showGame(["Nf3", "d5"]);
    expect(screen.queryByText("You played Nf3.")).toBeNull();
    showGame([]);
    expect(screen.queryByText("You played Nf3.")).toBeNull();
  });

  it("drops a refusal once the game moves on, or a new move is typed", () => {
    const { field, showGame } = setup();
    fireEvent.change(field, { target: { value: "Nf6" } });
    fireEvent.submit(field);
    expect(screen.getByText("Nf6 is not a legal move here.")).toBeTruthy();
    expect(field.getAttribute("aria-invalid")).toBe("true");
    showGame(["e4"]);
    expect(screen.queryByText("Nf6 is not a legal move here.")).toBeNull();
    expect(field.getAttribute("aria-invalid")).toBeNull();

    fireEvent.change(field, { target: { value: "Ke3" } });
    fireEvent.submit(field);
    expect(screen.getByText(/Ke3/)).toBeTruthy();
    fireEvent.keyDown(document.body, { key: "d" });
    expect(screen.queryByText(/Ke3/)).toBeNull();
  });

  it("starts over from the key typed, whatever the field held", () => {
    const { field } = setup();
    fireEvent.change(field, { target: { value: "Qh5" } });
    fireEvent.keyDown(document.body, { key: "e" });
    expect(field.value).toBe("e");
  });

  it.each([
    ["a key that starts no move", { key: "z" }],
    ["a space", { key: " " }],
    ["a shortcut with Ctrl", { key: "c", ctrlKey: true }],
    ["a shortcut with Alt", { key: "e", altKey: true }],
    ["a shortcut with Meta", { key: "a", metaKey: true }],
  ])("leaves %s alone", (_name, init) => {
    const { field } = setup();
    expect(fireEvent.keyDown(document.body, init)).toBe(true);
    expect(field.value).toBe("");
    expect(document.activeElement).not.toBe(field);
  });

  it("leaves typing in another field to that field", () => {
    const { field } = setup();
    const chat = screen.getByRole("textbox", { name: "Chat message" });
    chat.focus();
    expect(fireEvent.keyDown(chat, { key: "e" })).toBe(true);
    expect(document.activeElement).toBe(chat);
    expect(field.value).toBe("");
  });

  it("leaves typing alone while a modal dialog is open", () => {
    const { field } = setup();
    const modal = document.createElement("div");
    modal.setAttribute("aria-modal", "true");
    document.body.append(modal);
    try {
      expect(fireEvent.keyDown(document.body, { key: "e" })).toBe(true);
      expect(field.value).toBe("");
    } finally {
      modal.remove();
    }
  });
});
