import type { Club, ClubJoinRequest, ClubMember } from "@chess/shared";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "../../lib/api.ts";
import { ClubSettingsModal, INVITE_MESSAGE_MS } from "./ClubSettingsModal.tsx";
import { clubsApi } from "./clubsApi.ts";
import { ClubsApiContext } from "./useClubs.ts";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const club = (isAdministrator: boolean): Club => ({
  clubId: 3,
  clubName: "Knights",
  isAdministrator,
  administratorId: 1,
  joinPolicy: "invite",
});
const member = (id: number, username: string, role: ClubMember["role"]): ClubMember => ({
  id,
  username,
  role,
  elos: {},
  clubElos: {},
  online: false,
});
const members = [member(1, "ann", "administrator"), member(2, "bob", "member")];

function setup(
  isAdmin: boolean,
  onInvite = vi.fn(async (_name: string) => ({ successMsg: "Invitation sent" })),
  waiting: ClubJoinRequest[] = [],
) {
  const onLeave = vi.fn();
  const onClose = vi.fn();
  // The administrator's joining settings read the requests waiting: none unless given.
  const api = { ...clubsApi, joinRequests: vi.fn(async () => waiting) };
  render(
    <ClubsApiContext.Provider value={api}>
      <ClubSettingsModal
        club={{ ...club(isAdmin), ...(waiting.length > 0 ? { joinPolicy: "request" as const } : {}) }}
        members={members}
        onInvite={onInvite}
        onLeave={onLeave}
        onClose={onClose}
      />
    </ClubsApiContext.Provider>,
  );
  return { onInvite, onLeave, onClose };
}

describe("ClubSettingsModal", () => {
  it("is Administer Club for the administrator, with the invite form, members with the Admin mark, and Leave Club", () => {
    const { onLeave } = setup(true);
    const dialog = screen.getByRole("dialog", { name: "Administer Club" });
    expect(within(dialog).getByLabelText("Invite by username")).toBeTruthy();
    const rows = within(dialog).getAllByRole("listitem");
    expect(rows.map((r) => r.textContent)).toEqual(["annAdmin", "bob"]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Leave Club" }));
    expect(onLeave).toHaveBeenCalledTimes(1);
  });

  it("heads the requests waiting with what they are and how many, over each name's Accept and Decline", async () => {
    setup(true, undefined, [{ username: "dan", requestedAt: 1 }]);
    const list = await screen.findByRole("list", { name: "Requests to join (1)" });
    expect(screen.getByText("Requests to join (1)").tagName).toBe("P");
    expect(within(list).getByText("dan")).toBeTruthy();
    expect(within(list).getByRole("button", { name: "Accept dan" })).toBeTruthy();
  });

  it("is Club Details for a member, without the invite form", () => {
    setup(false);
    const dialog = screen.getByRole("dialog", { name: "Club Details" });
    expect(within(dialog).queryByLabelText("Invite by username")).toBeNull();
    expect(within(dialog).getByRole("button", { name: "Leave Club" })).toBeTruthy();
  });

  it("invites the trimmed name; the message goes after 5 s", async () => {
    vi.useFakeTimers();
    const { onInvite } = setup(true);
    const input = screen.getByLabelText("Invite by username") as HTMLInputElement;
    const invite = screen.getByRole("button", { name: "Invite" }) as HTMLButtonElement;
    expect(invite.disabled).toBe(true);
    fireEvent.change(input, { target: { value: "  carl " } });
    await act(async () => fireEvent.click(invite));
    expect(onInvite).toHaveBeenCalledWith("carl");
    expect(screen.getByRole("status").textContent).toBe("Invitation sent");
    expect(input.value).toBe("");
    act(() => vi.advanceTimersByTime(INVITE_MESSAGE_MS));
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("shows an invite failure in red", async () => {
    setup(
      true,
      vi.fn(async () => {
        throw new ApiRequestError(404, "No player with that username");
      }),
    );
    fireEvent.change(screen.getByLabelText("Invite by username"), { target: { value: "nobody" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Invite" })));
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toBe("No player with that username");
    expect(alert.className).toContain("error");
  });

  it("closes on Escape", () => {
    const { onClose } = setup(false);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
