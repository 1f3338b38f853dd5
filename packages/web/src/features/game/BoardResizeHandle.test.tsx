import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BoardResizeHandle } from "./BoardResizeHandle.tsx";

afterEach(cleanup);

describe("BoardResizeHandle", () => {
  it("is a slider over the board's width, stepped by the arrow keys and reset by a double click", () => {
    const onResize = vi.fn();
    render(<BoardResizeHandle width={600} min={280} max={900} onResize={onResize} />);
    const handle = screen.getByRole("slider", { name: "Board size" });
    expect(handle.getAttribute("aria-valuenow")).toBe("600");
    fireEvent.keyDown(handle, { key: "ArrowRight" });
    expect(onResize).toHaveBeenLastCalledWith(616, true);
    fireEvent.keyDown(handle, { key: "ArrowDown" });
    expect(onResize).toHaveBeenLastCalledWith(584, true);
    fireEvent.keyDown(handle, { key: "End" });
    expect(onResize).toHaveBeenLastCalledWith(900, true);
    fireEvent.doubleClick(handle);
    expect(onResize).toHaveBeenLastCalledWith(null, true);
  });

  it("follows a drag and keeps the size only when the pointer is let go", () => {
    const onResize = vi.fn();
    render(<BoardResizeHandle width={600} min={280} max={900} onResize={onResize} />);
    const handle = screen.getByRole("slider", { name: "Board size" });
    handle.setPointerCapture = () => {};
    fireEvent.pointerDown(handle, { button: 0, pointerId: 1, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(handle, { pointerId: 1, clientX: 150, clientY: 120 });
    expect(onResize).toHaveBeenLastCalledWith(650, false);
    fireEvent.pointerMove(handle, { pointerId: 1, clientX: 110, clientY: 20 });
    expect(onResize).toHaveBeenLastCalledWith(520, false);
    fireEvent.pointerUp(handle, { pointerId: 1 });
    expect(onResize).toHaveBeenLastCalledWith(520, true);
  });
});
