import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MarksList } from "./MarksList.tsx";

afterEach(cleanup);

const LABELS = ["Start", "1. e4", "1... f6", "2. d4", "2... g5", "3. Qh5#"];

describe("MarksList", () => {
  it("lists each side's inaccuracies, mistakes and blunders; a click shows the move", () => {
    const onSelect = vi.fn();
    render(
      <MarksList
        qualities={[null, "best", "inaccuracy", "good", "blunder", "best"]}
        labels={LABELS}
        currentPly={4}
        white="alice"
        black="bob"
        onSelect={onSelect}
      />,
    );
    expect(screen.getByText("No inaccuracies")).toBeTruthy();
    const black = screen.getByRole("list", { name: "Black's marked moves" });
    const items = within(black).getAllByRole("button");
    expect(items.map((b) => b.textContent)).toEqual(["?!1... f6Inaccuracy", "??2... g5Blunder"]);
    expect(items[1]?.getAttribute("aria-current")).toBe("true");
    fireEvent.click(items[0] as HTMLElement);
    expect(onSelect).toHaveBeenCalledWith(2);
  });
});
