import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ChallengeModal } from "./ChallengeModal.tsx";

afterEach(cleanup);

describe("ChallengeModal", () => {
  it("offers the 12 presets with 10+0 and random chosen, and sends the choice", () => {
    const onSend = vi.fn();
    const onClose = vi.fn();
    render(<ChallengeModal friendName="bob" onSend={onSend} onClose={onClose} />);
    const dialog = screen.getByRole("dialog", { name: "Challenge bob" });
    const presets = dialog.querySelectorAll(".challenge__preset");
    expect(presets).toHaveLength(12);
    expect(screen.getByRole("button", { name: "10+0" }).getAttribute("aria-pressed")).toBe("true");
    expect((screen.getByLabelText("Random") as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: "3+2" }));
    fireEvent.click(screen.getByLabelText("Black"));
    fireEvent.click(screen.getByRole("button", { name: "Send challenge" }));
    expect(onSend).toHaveBeenCalledWith({ baseTime: 3, increment: 2 }, "black");
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("closes on Escape without sending", () => {
    const onSend = vi.fn();
    const onClose = vi.fn();
    render(<ChallengeModal friendName="bob" onSend={onSend} onClose={onClose} />);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onSend).not.toHaveBeenCalled();
  });
});
