import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "../../lib/api.ts";
import { InvitationsModal } from "./InvitationsModal.tsx";

afterEach(cleanup);

const invitations = [{ clubId: 4, clubName: "Rooks", inviter: "ann" }];

describe("InvitationsModal", () => {
  it("lists invitations with Accept and Decline, and closes once one is accepted", async () => {
    const onAnswer = vi.fn(async () => {});
    const onClose = vi.fn();
    render(<InvitationsModal invitations={invitations} onAnswer={onAnswer} onClose={onClose} />);
    const dialog = screen.getByRole("dialog", { name: "Your club-invitations" });
    expect(dialog.textContent).toContain("Rooks");
    expect(dialog.textContent).toContain("invited by ann");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Accept" })));
    expect(onAnswer).toHaveBeenCalledWith(invitations[0], true);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("stays open after a decline while other invitations wait, and closes after the last", async () => {
    const two = [...invitations, { clubId: 5, clubName: "Pawns", inviter: "bo" }];
    const onAnswer = vi.fn(async () => {});
    const onClose = vi.fn();
    const { rerender } = render(<InvitationsModal invitations={two} onAnswer={onAnswer} onClose={onClose} />);
    await act(async () => fireEvent.click(screen.getAllByRole("button", { name: "Decline" })[0] as HTMLElement));
    expect(onAnswer).toHaveBeenLastCalledWith(two[0], false);
    expect(onClose).not.toHaveBeenCalled();
    rerender(<InvitationsModal invitations={two.slice(1)} onAnswer={onAnswer} onClose={onClose} />);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Decline" })));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it.each([
    [true, "Accept", "Failed to accept invite: There is no invitation to this club"],
    [false, "Decline", "Failed to decline invite: There is no invitation to this club"],
  ])("alerts a failure (accepted=%s)", async (_accepted, button, message) => {
    const alert = vi.fn();
    const onAnswer = vi.fn(async () => {
      throw new ApiRequestError(404, "There is no invitation to this club");
    });
    render(<InvitationsModal invitations={invitations} onAnswer={onAnswer} onClose={() => {}} alert={alert} />);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: button })));
    expect(alert).toHaveBeenCalledWith(message);
  });

  it("says when there is nothing, and closes on Escape", () => {
    const onClose = vi.fn();
    render(<InvitationsModal invitations={[]} onAnswer={vi.fn()} onClose={onClose} />);
    expect(screen.getByText("No pending invitations.")).toBeTruthy();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
