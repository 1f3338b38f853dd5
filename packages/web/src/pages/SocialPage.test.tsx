import type { Club, ClubMember, Post } from "@chess/shared";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ClubsApi } from "../features/clubs/clubsApi.ts";
import { ClubsApiContext } from "../features/clubs/index.ts";
import { ApiRequestError } from "../lib/api.ts";
import { fakeIdentity, renderWithIdentity } from "../test/identity.tsx";
import { fakeRealtime, WithRealtime } from "../test/realtime.tsx";
import { SocialPage } from "./SocialPage.tsx";

afterEach(cleanup);

const club = (clubId: number, clubName: string, isAdministrator = false): Club => ({
  clubId,
  clubName,
  isAdministrator,
  administratorId: 1,
});
const member = (id: number, username: string, rapid?: number, online = false): ClubMember => ({
  id,
  username,
  role: id === 1 ? "administrator" : "member",
  elos: rapid === undefined ? {} : { standard_rapid: rapid },
  clubElos: {},
  online,
});

function fakeClubsApi(change: Partial<ClubsApi> = {}): ClubsApi {
  const posts: Record<number, Post[]> = {
    1: [{ id: 1, author: "ann", text: "<b>not bold</b>", createdAt: Date.now() - 120_000 }],
    2: [],
  };
  return {
    create: vi.fn(async (clubName: string) => ({ clubId: 9, clubName, successMsg: "Club created" })),
    list: vi.fn(async () => [club(1, "Knights", true), club(2, "Rooks")]),
    invitations: vi.fn(async () => [{ clubId: 5, clubName: "Bishops", inviter: "eve" }]),
    answerInvitation: vi.fn(async () => ({ successMsg: "Invitation accepted" })),
    invite: vi.fn(async () => ({ successMsg: "Invitation sent" })),
    members: vi.fn(async () => [member(1, "ann", 1500, true), member(2, "bob"), member(3, "carl", 1900)]),
    leave: vi.fn(async () => ({ message: "You left the club" })),
    posts: vi.fn(async (clubId: number) => posts[clubId] ?? []),
    createPost: vi.fn(async () => ({ id: 2 })),
    events: vi.fn(async () => []),
    createEvent: vi.fn(async () => ({ id: 1 })),
    ...change,
  };
}

function renderSocial(
  client = fakeClubsApi(),
  identity = fakeIdentity({ identity: { kind: "user", username: "ann" } }),
) {
  const rt = fakeRealtime();
  renderWithIdentity(
    <WithRealtime realtime={rt.realtime}>
      <ClubsApiContext.Provider value={client}>
        <SocialPage />
      </ClubsApiContext.Provider>
    </WithRealtime>,
    identity,
    "/social",
  );
  return { client, rt };
}

describe("SocialPage", () => {
  it("shows Access Denied to a guest, with a link to My Profile", () => {
    const { client } = renderSocial(fakeClubsApi(), fakeIdentity());
    expect(screen.getByRole("heading", { name: "Access Denied" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "My Profile" }).getAttribute("href")).toBe("/my-profile");
    expect(client.list).not.toHaveBeenCalled();
    expect(document.title).toBe("Social · Chess");
  });

  it("shows Access Denied when the server says the session is not logged in", async () => {
    renderSocial(
      fakeClubsApi({
        list: vi.fn(async () => {
          throw new ApiRequestError(401, "Cannot list clubs - you are not logged in");
        }),
      }),
    );
    expect(await screen.findByRole("heading", { name: "Access Denied" })).toBeTruthy();
  });

  it("selects the first club and shows its posts as text, chat, calendar and members", async () => {
    const { rt } = renderSocial();
    const sidebar = screen.getByRole("navigation", { name: "My clubs" });
    await waitFor(() => expect(within(sidebar).getByRole("button", { name: /Knights/ })).toBeTruthy());
    expect(
      within(sidebar)
        .getByRole("button", { name: /Knights/ })
        .getAttribute("aria-current"),
    ).toBe("true");
    expect(screen.getByRole("heading", { level: 2, name: "Knights" })).toBeTruthy();
    // Post text is text: the tags show, nothing is bold.
    expect(await screen.findByText("<b>not bold</b>")).toBeTruthy();
    expect(screen.getByText("2 min ago")).toBeTruthy();
    expect(rt.requests).toContainEqual({ event: "getChatHistory", payload: { chatId: "club:1" } });
    expect(screen.getByRole("table")).toBeTruthy();
    const ranking = await screen.findByRole("list", { name: "Members by rating" });
    await waitFor(() =>
      expect(
        within(ranking)
          .getAllByRole("link")
          .map((a) => a.textContent),
      ).toEqual(["1Offlinecarl1900", "2OnlineannAdmin1500", "3Offlinebob1200"]),
    );
    expect(within(ranking).getAllByRole("link")[0]?.getAttribute("href")).toBe("/profile?username=carl");
  });

  it("switches clubs and counts invitations", async () => {
    const { client, rt } = renderSocial();
    const invitations = await screen.findByRole("button", { name: "Club invitations" });
    await waitFor(() => expect(invitations.textContent).toBe("1"));
    fireEvent.click(await screen.findByRole("button", { name: /Rooks/ }));
    expect(screen.getByRole("heading", { level: 2, name: "Rooks" })).toBeTruthy();
    await waitFor(() => expect(client.posts).toHaveBeenCalledWith(2));
    expect(rt.requests).toContainEqual({ event: "getChatHistory", payload: { chatId: "club:2" } });
  });

  it("publishes a post: Enter sends, Escape cancels, Send disabled when blank", async () => {
    const { client } = renderSocial();
    fireEvent.click(await screen.findByRole("button", { name: "Create post" }));
    const feed = screen.getByRole("region", { name: "Posts" });
    const input = within(feed).getByLabelText("Post text") as HTMLInputElement;
    expect((within(feed).getByRole("button", { name: "Send" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(input, { key: "Escape" });
    expect(screen.queryByLabelText("Post text")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Create post" }));
    const again = screen.getByLabelText("Post text") as HTMLInputElement;
    fireEvent.change(again, { target: { value: "  Tournament on Friday  " } });
    await act(async () => fireEvent.submit(again.closest("form") as HTMLFormElement));
    expect(client.createPost).toHaveBeenCalledWith(1, "Tournament on Friday");
    expect(screen.queryByLabelText("Post text")).toBeNull();
  });

  it("leaves the selected club after confirmation and selects the first remaining one", async () => {
    const list = vi
      .fn<ClubsApi["list"]>()
      .mockResolvedValueOnce([club(1, "Knights", true), club(2, "Rooks")])
      .mockResolvedValue([club(2, "Rooks")]);
    const { client } = renderSocial(fakeClubsApi({ list }));
    fireEvent.click(await screen.findByRole("button", { name: "Club settings" }));
    fireEvent.click(
      within(screen.getByRole("dialog", { name: "Administer Club" })).getByRole("button", { name: "Leave Club" }),
    );
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Yes, Leave" })));
    expect(client.leave).toHaveBeenCalledWith(1);
    expect(screen.getByRole("status").textContent).toBe("You left the club");
    await waitFor(() => expect(screen.getByRole("heading", { level: 2, name: "Rooks" })).toBeTruthy());
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows the leave failure", async () => {
    renderSocial(
      fakeClubsApi({
        leave: vi.fn(async () => {
          throw new ApiRequestError(404, "Club not found");
        }),
      }),
    );
    fireEvent.click(await screen.findByRole("button", { name: "Club settings" }));
    fireEvent.click(screen.getByRole("button", { name: "Leave Club" }));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Yes, Leave" })));
    expect(screen.getByRole("alert").textContent).toBe("Failed to leave club: Club not found");
  });

  it("accepts an invitation and selects the joined club", async () => {
    const list = vi
      .fn<ClubsApi["list"]>()
      .mockResolvedValueOnce([club(1, "Knights", true)])
      .mockResolvedValue([club(1, "Knights", true), club(5, "Bishops")]);
    const { client } = renderSocial(fakeClubsApi({ list }));
    fireEvent.click(await screen.findByRole("button", { name: "Club invitations" }));
    const dialog = screen.getByRole("dialog", { name: "Your club-invitations" });
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Accept" })));
    expect(client.answerInvitation).toHaveBeenCalledWith(5, true);
    await waitFor(() => expect(screen.getByRole("heading", { level: 2, name: "Bishops" })).toBeTruthy());
    expect(within(dialog).getByText("No pending invitations.")).toBeTruthy();
  });

  it("creates a club from the + button", async () => {
    const { client } = renderSocial();
    fireEvent.click(await screen.findByRole("button", { name: "Create club" }));
    const dialog = screen.getByRole("dialog", { name: "Create a club" });
    fireEvent.change(within(dialog).getByLabelText("Club name"), { target: { value: "Pawns" } });
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Create" })));
    expect(client.create).toHaveBeenCalledWith("Pawns");
    expect(within(dialog).getByText("Club created")).toBeTruthy();
  });
});
