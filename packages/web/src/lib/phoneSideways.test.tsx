import { render } from "@testing-library/react";
import { useRef } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useSidewaysStart } from "./phoneSideways.ts";

/** A ResizeObserver whose callbacks the test calls, as the browser would on a change of the page's size. */
const observers: Array<() => void> = [];
class FakeResizeObserver {
  private readonly callback: () => void;
  constructor(callback: () => void) {
    this.callback = callback;
    observers.push(this.callback);
  }
  observe() {}
  disconnect() {
    observers.splice(observers.indexOf(this.callback), 1);
  }
}

function Page() {
  const target = useRef<HTMLDivElement>(null);
  useSidewaysStart(target);
  return <div ref={target}>board</div>;
}

describe("useSidewaysStart", () => {
  const scrollIntoView = HTMLElement.prototype.scrollIntoView;
  let scrolls: number;
  beforeEach(() => {
    scrolls = 0;
    vi.useFakeTimers();
    vi.stubGlobal("ResizeObserver", FakeResizeObserver);
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: query.includes("landscape") }));
    HTMLElement.prototype.scrollIntoView = () => {
      scrolls += 1;
    };
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    HTMLElement.prototype.scrollIntoView = scrollIntoView;
    observers.length = 0;
  });

  it("scrolls to the target, and again while the page above it grows", () => {
    render(<Page />);
    expect(scrolls).toBe(1);
    for (const resized of [...observers]) resized();
    expect(scrolls).toBe(2);
  });

  it("leaves the page where the player put it once they scroll, and after a few seconds", () => {
    const first = render(<Page />);
    window.dispatchEvent(new Event("wheel"));
    expect(observers).toHaveLength(0);
    first.unmount();

    render(<Page />);
    vi.advanceTimersByTime(3_000);
    expect(observers).toHaveLength(0);
    expect(scrolls).toBe(2);
  });

  it("does nothing on other screens", () => {
    vi.stubGlobal("matchMedia", () => ({ matches: false }));
    render(<Page />);
    expect(scrolls).toBe(0);
    expect(observers).toHaveLength(0);
  });
});
