import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfirmLeaveModal } from "./ConfirmLeaveModal.tsx";

afterEach(cleanup);

const club = {
  clubId: 3,
  clubName: "Knights",
  isAdministrator: false,
  administratorId: 1,
  joinPolicy: "invite" as const,
};

describe("ConfirmLeaveModal", () => {
  it("asks to confirm with No, Stay and Yes, Leave", async () => {
    const onConfirm = vi.fn(async () => {});
    const onClose = vi.fn();
    render(<ConfirmLeaveModal club={club} onConfirm={onConfirm} onClose={onClose} />);
    const dialog = screen.getByRole("dialog", { name: "Confirm Leave Club" });
    expect(dialog.textContent).toContain("Knights");
    fireEvent.click(screen.getByRole("button", { name: "No, Stay" }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Yes, Leave" })));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it.each([
    ["invite", "You will need a new invitation to come back."],
    ["request", "To come back you will need to ask again, and an administrator to accept."],
    ["open", "You can join again at any time from Find a club."],
  ] as const)("says how to come back to a club that joins by %s", (joinPolicy, text) => {
    render(<ConfirmLeaveModal club={{ ...club, joinPolicy }} onConfirm={() => {}} onClose={() => {}} />);
    expect(screen.getByRole("dialog", { name: "Confirm Leave Club" }).textContent).toContain(text);
  });

  it("closes on Escape", () => {
    const onClose = vi.fn();
    render(<ConfirmLeaveModal club={club} onConfirm={() => {}} onClose={onClose} />);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
