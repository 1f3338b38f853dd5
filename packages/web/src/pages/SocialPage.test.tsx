import type { Club, ClubMember, Post } from "@chess/shared";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OPEN_INVITATIONS } from "../features/clubs/ClubInvitationNotifier.tsx";
import type { ClubsApi } from "../features/clubs/clubsApi.ts";
import { ClubsApiContext, JoinRequestsBadgeContext } from "../features/clubs/index.ts";
import { createJoinRequestsBadgeStore } from "../features/clubs/joinRequestsBadgeStore.ts";
import { UnreadStoreContext } from "../features/friends/index.ts";
import { createUnreadStore } from "../features/friends/unreadStore.ts";
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
  joinPolicy: "invite",
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
    search: vi.fn(async () => [
      { clubId: 7, clubName: "Open Pawns", memberCount: 12, joinPolicy: "open" as const, status: "none" as const },
      { clubId: 8, clubName: "Quiet Rooks", memberCount: 1, joinPolicy: "request" as const, status: "none" as const },
    ]),
    join: vi.fn(async (clubId: number) =>
      clubId === 7
        ? { successMsg: "You joined the club", joined: true }
        : { successMsg: "Request sent - the administrator will answer", joined: false },
    ),
    joinRequests: vi.fn(async () => [{ username: "zed", requestedAt: Date.now() }]),
    answerJoinRequest: vi.fn(async () => ({ successMsg: "Request accepted" })),
    setJoinPolicy: vi.fn(async () => ({ successMsg: "Saved" })),
    waitingJoinRequests: vi.fn(async () => []),
    ...change,
  };
}

function renderSocial(
  client = fakeClubsApi(),
  identity = fakeIdentity({ identity: { kind: "user", username: "ann" } }),
  unread = createUnreadStore(),
  at: string | { pathname: string; state: unknown } = "/social",
) {
  const rt = fakeRealtime();
  renderWithIdentity(
    <WithRealtime realtime={rt.realtime}>
      <ClubsApiContext.Provider value={client}>
        <UnreadStoreContext.Provider value={unread}>
          <SocialPage />
        </UnreadStoreContext.Provider>
      </ClubsApiContext.Provider>
    </WithRealtime>,
    identity,
    at,
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

  it("says in words that invitations wait, and opens them from there", async () => {
    renderSocial();
    const sidebar = screen.getByRole("navigation", { name: "My clubs" });
    expect(await within(sidebar).findByText("A club invited you")).toBeTruthy();
    fireEvent.click(within(sidebar).getByRole("button", { name: "See the invitation" }));
    const dialog = screen.getByRole("dialog", { name: "Your club-invitations" });
    expect(await within(dialog).findByText(/Bishops/)).toBeTruthy();
  });

  it("opens the invitations at once when an invitation's toast sent the player here", async () => {
    const { client } = renderSocial(fakeClubsApi(), undefined, undefined, {
      pathname: "/social",
      state: OPEN_INVITATIONS,
    });
    const dialog = await screen.findByRole("dialog", { name: "Your club-invitations" });
    expect(await within(dialog).findByText(/Bishops/)).toBeTruthy();
    expect(client.invitations).toHaveBeenCalled();
  });

  it("switches clubs and counts invitations", async () => {
    const { client, rt } = renderSocial();
    const invitations = await screen.findByRole("button", { name: /^Club invitations/ });
    await waitFor(() => expect(invitations.textContent).toBe("1"));
    // The number in the corner is part of the button's name.
    expect(invitations.getAttribute("aria-label")).toBe("Club invitations (1)");
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
    fireEvent.click(await screen.findByRole("button", { name: /^Club invitations/ }));
    const dialog = screen.getByRole("dialog", { name: "Your club-invitations" });
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Accept" })));
    expect(client.answerInvitation).toHaveBeenCalledWith(5, true);
    await waitFor(() => expect(screen.getByRole("heading", { level: 2, name: "Bishops" })).toBeTruthy());
    expect(within(dialog).getByText("No pending invitations.")).toBeTruthy();
  });

  it("finds clubs to join: asks to join one by request, joins an open one and shows it", async () => {
    const list = vi
      .fn<ClubsApi["list"]>()
      .mockResolvedValueOnce([club(1, "Knights", true)])
      .mockResolvedValue([club(1, "Knights", true), club(7, "Open Pawns")]);
    const { client } = renderSocial(fakeClubsApi({ list }));
    fireEvent.click(await screen.findByRole("button", { name: "Find a club" }));
    const dialog = screen.getByRole("dialog", { name: "Find a club" });
    expect(await within(dialog).findByText("12 members · Anyone can join")).toBeTruthy();
    expect(within(dialog).getByText("1 member · Join by request")).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Request to join Quiet Rooks" })));
    expect(client.join).toHaveBeenCalledWith(8);
    expect(within(dialog).getByRole("status").textContent).toBe("Request sent - the administrator will answer");
    expect(within(dialog).getByText("Requested")).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Join Open Pawns" })));
    await waitFor(() => expect(screen.getByRole("heading", { level: 2, name: "Open Pawns" })).toBeTruthy());
    expect(screen.queryByRole("dialog", { name: "Find a club" })).toBeNull();
  });

  it("lets the administrator choose who may join and answer the requests waiting", async () => {
    const { client } = renderSocial();
    fireEvent.click(await screen.findByRole("button", { name: "Club settings" }));
    const dialog = screen.getByRole("dialog", { name: "Administer Club" });
    const policy = within(dialog).getByLabelText("Who can join") as HTMLSelectElement;
    expect(policy.value).toBe("invite");
    await act(async () => fireEvent.change(policy, { target: { value: "request" } }));
    expect(client.setJoinPolicy).toHaveBeenCalledWith(1, "request");
    await act(async () => fireEvent.click(await within(dialog).findByRole("button", { name: "Accept zed" })));
    expect(client.answerJoinRequest).toHaveBeenCalledWith(1, "zed", true);
    expect(within(dialog).queryByRole("button", { name: "Accept zed" })).toBeNull();
  });

  it("counts the requests waiting to join a club its administrator runs, beside the club", async () => {
    const store = createJoinRequestsBadgeStore();
    store.dispatch({
      type: "loaded",
      items: [
        { clubId: 1, clubName: "Knights", username: "zed" },
        { clubId: 1, clubName: "Knights", username: "amy" },
      ],
    });
    const rt = fakeRealtime();
    renderWithIdentity(
      <WithRealtime realtime={rt.realtime}>
        <ClubsApiContext.Provider value={fakeClubsApi()}>
          <JoinRequestsBadgeContext.Provider value={store}>
            <SocialPage />
          </JoinRequestsBadgeContext.Provider>
        </ClubsApiContext.Provider>
      </WithRealtime>,
      fakeIdentity({ identity: { kind: "user", username: "ann" } }),
      "/social",
    );
    const sidebar = await screen.findByRole("navigation", { name: "My clubs" });
    expect(await within(sidebar).findByText("2 requests to join")).toBeTruthy();
    store.dispatch({ type: "gone", which: (r) => r.username === "zed" });
    expect(await within(sidebar).findByText("1 request to join")).toBeTruthy();
  });

  it("creates a club from the + button", async () => {
    const { client } = renderSocial();
    fireEvent.click(await screen.findByRole("button", { name: "Create club" }));
    const dialog = screen.getByRole("dialog", { name: "Create a club" });
    fireEvent.change(within(dialog).getByLabelText("Club name"), { target: { value: "Pawns" } });
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Create" })));
    expect(client.create).toHaveBeenCalledWith("Pawns", { joinPolicy: "open", description: "" });
    expect(within(dialog).getByText("Club created")).toBeTruthy();
  });

  it("watches the club shown and adds its live posts and notes; other clubs' stay out", async () => {
    const { rt } = renderSocial();
    await screen.findByText("<b>not bold</b>");
    expect(rt.requests).toContainEqual({ event: "watchClub", payload: { clubId: 1 } });
    const feed = screen.getByRole("region", { name: "Posts" });
    rt.serverEmit("clubPostCreated", {
      clubId: 1,
      post: { id: 7, author: "bob", text: "Live!", createdAt: Date.now() },
    });
    rt.serverEmit("clubPostCreated", { clubId: 2, post: { id: 8, author: "bob", text: "Elsewhere", createdAt: 0 } });
    rt.serverEmit("clubPostCreated", { clubId: 1, post: { id: 7, author: "bob", text: "Live!", createdAt: 0 } });
    expect(within(feed).getAllByText("Live!")).toHaveLength(1);
    expect(within(feed).queryByText("Elsewhere")).toBeNull();
    const items = within(feed)
      .getAllByRole("listitem")
      .map((li) => li.textContent ?? "");
    expect(items[0]).toContain("Live!");

    const d = new Date();
    const today = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
    const day = document.querySelector(`.club-calendar__grid button[data-date="${today}"]`) as HTMLElement;
    expect(within(day).queryByTestId("event-dot")).toBeNull();
    rt.serverEmit("clubEventCreated", {
      clubId: 1,
      event: { id: 4, title: "Arena", event_date: today, author: "bob" },
    });
    expect(within(day).getByTestId("event-dot")).toBeTruthy();
  });

  it("reads members and clubs again when members change, and everything after a reconnection", async () => {
    const { client, rt } = renderSocial();
    await screen.findByText("<b>not bold</b>");
    await waitFor(() => expect(client.members).toHaveBeenCalledTimes(1));
    const lists = vi.mocked(client.list).mock.calls.length;
    rt.serverEmit("clubMembersChanged", { clubId: 1 });
    await waitFor(() => expect(client.members).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(vi.mocked(client.list).mock.calls.length).toBe(lists + 1));
    rt.reconnect();
    await waitFor(() => expect(client.posts).toHaveBeenCalledTimes(2));
    expect(client.events).toHaveBeenCalledTimes(2);
    expect(rt.requests.filter((r) => r.event === "watchClub")).toHaveLength(2);
  });

  it("links the conversations with unread messages", async () => {
    const unread = createUnreadStore();
    unread.dispatch({ type: "loaded", counts: { total: 3, byFriend: { bob: 2, carl: 1 } }, viewing: null });
    renderSocial(fakeClubsApi(), undefined, unread);
    const box = await screen.findByRole("region", { name: "Unread messages" });
    const links = within(box).getAllByRole("link");
    expect(links.map((a) => a.getAttribute("aria-label"))).toEqual([
      "bob, 2 unread messages",
      "carl, 1 unread message",
    ]);
    expect(links[0]?.getAttribute("href")).toBe("/messages/bob");
    act(() => unread.dispatch({ type: "reset" }));
    expect(screen.queryByRole("region", { name: "Unread messages" })).toBeNull();
  });
});
