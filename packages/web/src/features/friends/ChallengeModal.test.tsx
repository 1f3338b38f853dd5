import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ChallengeModal } from "./ChallengeModal.tsx";

afterEach(cleanup);

describe("ChallengeModal", () => {
  it("offers Create Game's presets with 10+0 and random chosen, and sends the choice", async () => {
    const onSend = vi.fn();
    const onClose = vi.fn();
    render(<ChallengeModal friendName="bob" onSend={onSend} onClose={onClose} />);
    screen.getByRole("dialog", { name: "Challenge bob" });
    expect(screen.getByRole("button", { name: "10+0" }).getAttribute("aria-pressed")).toBe("true");
    expect((screen.getByLabelText("Random") as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: "3+2" }));
    fireEvent.click(screen.getByLabelText("Black"));
    fireEvent.click(screen.getByRole("button", { name: "Send challenge" }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onSend).toHaveBeenCalledWith(
      expect.objectContaining({ baseTime: 3, increment: 2, variant: "standard", selectedColor: "black" }),
    );
  });

  it("sends a custom time control and another variant", async () => {
    const onSend = vi.fn();
    render(<ChallengeModal friendName="bob" onSend={onSend} onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText("Variant"), { target: { value: "fun" } });
    fireEvent.click(screen.getByRole("button", { name: "Custom" }));
    fireEvent.change(screen.getByLabelText(/Minutes per side/), { target: { value: "2.5" } });
    fireEvent.change(screen.getByLabelText(/Increment in seconds/), { target: { value: "7" } });
    fireEvent.click(screen.getByRole("button", { name: "Send challenge" }));
    await waitFor(() =>
      expect(onSend).toHaveBeenCalledWith(expect.objectContaining({ baseTime: 2.5, increment: 7, variant: "fun" })),
    );
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
