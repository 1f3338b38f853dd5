import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { FreeBoard } from "./FreeBoard.tsx";

afterEach(cleanup);

const firstSquare = (container: HTMLElement) => container.querySelector<HTMLElement>("[data-square]")?.dataset.square;

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
});
