import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PromotionPicker, promotionPlace } from "./PromotionPicker.tsx";

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

describe("promotionPlace: the choices stand on the promotion square's file, from its edge", () => {
  it.each([
    ["c8", "white", "25%", "top"],
    ["c8", "black", "62.5%", "bottom"],
    ["h1", "black", "0%", "top"],
    ["a1", "white", "0%", "bottom"],
  ] as const)("%s seen from %s: left %s, from the %s", (square, orientation, left, edge) => {
    expect(promotionPlace(square, orientation)).toEqual({ left, edge });
  });

  it("puts the column there, the queen on the square", () => {
    const { container } = render(
      <PromotionPicker color="b" square="d1" orientation="black" onPick={() => {}} onCancel={() => {}} />,
    );
    const choices = container.querySelector(".promotion__choices") as HTMLElement;
    expect(choices.style.left).toBe("50%");
    expect(choices.classList.contains("promotion__choices--from-top")).toBe(true);
    expect(choices.querySelector("button")?.getAttribute("aria-label")).toBe("Queen");
  });
});
