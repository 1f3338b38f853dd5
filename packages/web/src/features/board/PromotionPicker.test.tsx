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

  it("takes the focus while open, keeps the keys it gets, and gives the focus back", () => {
    const before = document.createElement("button");
    document.body.append(before);
    before.focus();
    const onKey = vi.fn();
    document.addEventListener("keydown", onKey);
    const { unmount } = render(<PromotionPicker color="w" onPick={() => {}} onCancel={() => {}} />);
    expect(document.activeElement?.getAttribute("aria-label")).toBe("Queen");
    fireEvent.keyDown(document.activeElement as Element, { key: "ArrowLeft" });
    expect(onKey).not.toHaveBeenCalled();
    unmount();
    expect(document.activeElement).toBe(before);
    document.removeEventListener("keydown", onKey);
    before.remove();
  });
});
