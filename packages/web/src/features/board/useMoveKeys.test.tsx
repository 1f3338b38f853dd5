import { cleanup, fireEvent, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MoveStep } from "./moveKeys.ts";
import { type MoveKeysOptions, useMoveKeys } from "./useMoveKeys.ts";

afterEach(cleanup);

function Page({ onStep, options }: { onStep: (step: MoveStep) => void; options?: MoveKeysOptions }) {
  useMoveKeys(onStep, options);
  return <input aria-label="Chat" />;
}

describe("useMoveKeys", () => {
  it("steps on the page's keys, not while typing, not with a modifier", () => {
    const onStep = vi.fn();
    const { getByLabelText } = render(<Page onStep={onStep} />);
    fireEvent.keyDown(document.body, { key: "ArrowLeft" });
    fireEvent.keyDown(document.body, { key: "End" });
    fireEvent.keyDown(document.body, { key: "ArrowUp" });
    fireEvent.keyDown(document.body, { key: "ArrowRight", ctrlKey: true });
    fireEvent.keyDown(getByLabelText("Chat"), { key: "ArrowRight" });
    expect(onStep.mock.calls).toEqual([["back"], ["last"]]);
  });

  it("takes up and down where asked, and Escape", () => {
    const onStep = vi.fn();
    const onEscape = vi.fn();
    render(<Page onStep={onStep} options={{ upDown: true, onEscape }} />);
    fireEvent.keyDown(document.body, { key: "ArrowUp" });
    fireEvent.keyDown(document.body, { key: "Escape" });
    expect(onStep.mock.calls).toEqual([["first"]]);
    expect(onEscape).toHaveBeenCalledTimes(1);
  });
});
