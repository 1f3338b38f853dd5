import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MoveTable } from "./MoveTable.tsx";

afterEach(cleanup);

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const SANS = ["e4", "e5", "Nf3"];
const table = () => screen.getByRole("table", { name: "Moves" });

describe("MoveTable", () => {
  it("numbers the moves and marks the one shown; a click shows another", () => {
    const onSelect = vi.fn();
    render(<MoveTable initialFen={START} sans={SANS} currentPly={2} onSelect={onSelect} />);
    const rows = within(table()).getAllByRole("row").slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(["1.e4e5", "2.Nf3"]);
    expect(within(table()).getByRole("button", { name: "e5" }).getAttribute("aria-current")).toBe("true");
    fireEvent.click(within(table()).getByRole("button", { name: "Nf3" }));
    expect(onSelect).toHaveBeenCalledWith(3);
  });

  it("is one tab stop: the move shown, else the last", () => {
    const { rerender } = render(<MoveTable initialFen={START} sans={SANS} currentPly={1} onSelect={() => {}} />);
    const tabbable = () =>
      within(table())
        .getAllByRole("button")
        .filter((b) => b.tabIndex === 0);
    expect(tabbable().map((b) => b.textContent)).toEqual(["e4"]);
    rerender(<MoveTable initialFen={START} sans={SANS} currentPly={0} onSelect={() => {}} />);
    expect(tabbable().map((b) => b.textContent)).toEqual(["Nf3"]);
  });

  it("marks a variation's branch point apart from the move shown, and draws each move's annotation", () => {
    render(
      <MoveTable
        initialFen={START}
        sans={SANS}
        currentPly={2}
        branched
        annotate={(ply) => (ply === 3 ? <span>!?</span> : null)}
        onSelect={() => {}}
      />,
    );
    const e5 = within(table()).getByRole("button", { name: "e5" });
    expect(e5.getAttribute("aria-current")).toBeNull();
    expect(e5.className).toContain("move-list__move--branch");
    expect(within(table()).getByRole("button", { name: /^Nf3/ }).textContent).toBe("Nf3!?");
  });

  it("says there are no moves", () => {
    const { rerender } = render(<MoveTable initialFen={START} sans={[]} currentPly={0} onSelect={() => {}} />);
    expect(screen.getByText("No moves yet")).toBeTruthy();
    rerender(<MoveTable initialFen={START} sans={[]} currentPly={0} onSelect={() => {}} emptyText="No moves" />);
    expect(screen.getByText("No moves")).toBeTruthy();
  });
});

describe("MoveTable: the ending", () => {
  it("writes the result after the last move, and alone when no move was played", () => {
    const { rerender } = render(
      <MoveTable
        initialFen={START}
        sans={["e4", "e5"]}
        currentPly={2}
        onSelect={() => {}}
        ending="1-0 · Black resigned"
      />,
    );
    expect(screen.getByTestId("move-list-ending").textContent).toBe("1-0 · Black resigned");
    rerender(<MoveTable initialFen={START} sans={[]} currentPly={0} onSelect={() => {}} ending="Game aborted" />);
    expect(screen.getByTestId("move-list-ending").textContent).toBe("Game aborted");
    expect(screen.queryByText("No moves yet")).toBeNull();
  });
});
