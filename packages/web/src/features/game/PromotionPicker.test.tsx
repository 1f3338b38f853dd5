import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PromotionPicker } from "./PromotionPicker.tsx";

afterEach(cleanup);

describe("PromotionPicker", () => {
  it("offers queen, rook, bishop and knight, and reports the choice", () => {
    const onPick = vi.fn();
    render(<PromotionPicker color="w" onPick={onPick} onCancel={() => {}} />);
    const group = screen.getByRole("group", { name: "Promote to" });
    expect(Array.from(group.querySelectorAll("button")).map((b) => b.getAttribute("aria-label"))).toEqual([
      "Queen",
      "Rook",
      "Bishop",
      "Knight",
    ]);
    fireEvent.click(screen.getByRole("button", { name: "Knight" }));
    expect(onPick).toHaveBeenCalledWith("n");
  });

  it("cancels on Escape and on a click beside the choices", () => {
    const onCancel = vi.fn();
    const { container } = render(<PromotionPicker color="b" onPick={() => {}} onCancel={onCancel} />);
    fireEvent.keyDown(document, { key: "Escape" });
    fireEvent.click(container.querySelector(".promotion") as HTMLElement);
    fireEvent.click(screen.getByRole("button", { name: "Queen" }));
    expect(onCancel).toHaveBeenCalledTimes(2);
  });
});
