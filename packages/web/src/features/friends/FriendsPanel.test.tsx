import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "../../components/Toast.tsx";
import { ApiRequestError } from "../../lib/api.ts";
import { fakeIdentity, renderWithIdentity } from "../../test/identity.tsx";
import { fakeRealtime, WithRealtime } from "../../test/realtime.tsx";
import { FriendsPanel } from "./FriendsPanel.tsx";
import { fakeFriendsApi, requestsAnsweredLate } from "./testFriendsApi.ts";
import { createUnreadStore } from "./unreadStore.ts";
import { FriendsApiContext } from "./useFriends.ts";
import { UnreadStoreContext } from "./useUnread.ts";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function setup(client = fakeFriendsApi(), respond?: Parameters<typeof fakeRealtime>[0], unread = createUnreadStore()) {
  const rt = fakeRealtime(respond);
  renderWithIdentity(
    <WithRealtime realtime={rt.realtime}>
      <FriendsApiContext.Provider value={client}>
        <UnreadStoreContext.Provider value={unread}>
          <ToastProvider>
            <FriendsPanel />
          </ToastProvider>
        </UnreadStoreContext.Provider>
      </FriendsApiContext.Provider>
    </WithRealtime>,
    fakeIdentity({ identity: { kind: "user", username: "ann" } }),
  );
  return { client, rt, unread };
}

const card = (name: string) =>
  screen.getAllByTestId("friend-card").find((c) => c.getAttribute("data-friend") === name) as HTMLElement;

describe("FriendsPanel", () => {
  it("lists friends online first with presence, since-date and actions", async () => {
    setup();
    const grid = await screen.findByRole("list", { name: "Your friends" });
    const cards = within(grid).getAllByTestId("friend-card");
    expect(cards.map((c) => c.getAttribute("data-friend"))).toEqual(["bob", "carl"]);
    expect(cards[0]?.textContent).toContain("Online");
    // The word once: the dot beside it says nothing of its own ("Online Online" before).
    expect(cards[0]?.textContent?.match(/Online/g)).toHaveLength(1);
    expect(cards[1]?.textContent?.match(/Offline/g)).toHaveLength(1);
    expect(cards[0]?.textContent).toContain("Friends since 2 Nov 2024");
    expect(within(card("bob")).getByRole("link", { name: "Message" }).getAttribute("href")).toBe("/messages/bob");
    expect(within(card("bob")).getByRole("button", { name: "Challenge" })).toBeTruthy();
    expect(within(card("bob")).getByRole("button", { name: "Block" })).toBeTruthy();
    // An offline friend cannot be challenged (SPEC §6).
    expect((within(card("bob")).getByRole("button", { name: "Challenge" }) as HTMLButtonElement).disabled).toBe(false);
    const offline = within(card("carl")).getByRole("button", { name: "Challenge" }) as HTMLButtonElement;
    expect(offline.disabled).toBe(true);
    expect(offline.title).toBe("carl is offline");
  });

  it("sends a friend request; Add friend is disabled when blank; errors in a red box", async () => {
    const client = fakeFriendsApi({
      sendRequest: vi
        .fn()
        .mockResolvedValueOnce({ successMsg: "Friend Request Sent" })
        .mockRejectedValueOnce(new ApiRequestError(404, "No player with that username")),
    });
    setup(client);
    const input = screen.getByLabelText("Friend's username") as HTMLInputElement;
    const add = screen.getByRole("button", { name: "Add friend" }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.change(input, { target: { value: "  eve " } });
    await act(async () => fireEvent.click(add));
    expect(client.sendRequest).toHaveBeenCalledWith("eve");
    expect(screen.getByRole("status").textContent).toBe("Friend Request Sent");
    expect(input.value).toBe("");

    fireEvent.change(input, { target: { value: "nobody" } });
    await act(async () => fireEvent.click(add));
    const error = screen.getByRole("alert");
    expect(error.textContent).toBe("No player with that username");
    expect(error.className).toContain("friends__error");
  });

  it("accepts and denies requests with the spec's messages, and shows new ones live", async () => {
    const { client, rt } = setup();
    const requests = await screen.findByRole("region", { name: "Friend requests" });
    expect(requests.textContent).toContain("dave wants to be your friend");
    await act(async () => fireEvent.click(within(requests).getByRole("button", { name: "Accept" })));
    expect(client.answerRequest).toHaveBeenCalledWith(4, true);
    expect(screen.getByRole("status").textContent).toBe("You are now friends");
    expect(screen.queryByRole("region", { name: "Friend requests" })).toBeNull();

    rt.serverEmit("friendRequestReceived", { inviterId: 6, inviterName: "fay" });
    const again = screen.getByRole("region", { name: "Friend requests" });
    await act(async () => fireEvent.click(within(again).getByRole("button", { name: "Deny" })));
    expect(client.answerRequest).toHaveBeenLastCalledWith(6, false);
    expect(screen.getByRole("status").textContent).toBe("Friendship successfully denied");
  });

  it("lists my requests still waiting and withdraws one; a request withdrawn from me leaves live", async () => {
    const client = fakeFriendsApi({
      sentRequests: vi.fn(async () => [{ friendName: "eve", sentAt: Date.UTC(2026, 10, 20) }]),
    });
    const { rt } = setup(client);
    const waiting = await screen.findByRole("region", { name: "Waiting for an answer" });
    expect(waiting.textContent).toContain("Asked eve on 20 Nov 2026");
    await act(async () => fireEvent.click(within(waiting).getByRole("button", { name: "Withdraw" })));
    expect(client.withdrawRequest).toHaveBeenCalledWith("eve");
    expect(screen.queryByRole("region", { name: "Waiting for an answer" })).toBeNull();
    expect(screen.getByRole("status").textContent).toBe("Friend request withdrawn");
    // dave's request to me, withdrawn by dave.
    const requests = await screen.findByRole("region", { name: "Friend requests" });
    expect(requests.textContent).toContain("dave");
    rt.serverEmit("friendRequestWithdrawn", { inviterId: 4 });
    expect(screen.queryByRole("region", { name: "Friend requests" })).toBeNull();
  });

  it("catches up on a request sent while the socket was away, once it is back", async () => {
    let requests: Array<{ inviterId: number; inviterName: string }> = [];
    const client = fakeFriendsApi({ requests: vi.fn(async () => requests) });
    const { rt } = setup(client);
    await screen.findByRole("list", { name: "Your friends" });
    expect(client.requests).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("region", { name: "Friend requests" })).toBeNull();
    requests = [{ inviterId: 9, inviterName: "zoe" }];
    rt.reconnect();
    expect((await screen.findByRole("region", { name: "Friend requests" })).textContent).toContain("zoe");
  });

  it("keeps a request shown live when the answer to a load asked for before it comes after it", async () => {
    const { requests, answerFirst } = requestsAnsweredLate([{ inviterId: 9, inviterName: "zoe" }]);
    const { rt } = setup(fakeFriendsApi({ requests }));
    await screen.findByRole("list", { name: "Your friends" });
    act(() => rt.serverEmit("friendRequestReceived", { inviterId: 9, inviterName: "zoe" }));
    expect((await screen.findByRole("region", { name: "Friend requests" })).textContent).toContain("zoe");
    await act(async () => answerFirst([]));
    expect(screen.getByRole("region", { name: "Friend requests" }).textContent).toContain("zoe");
  });

  it("drops my waiting request live when it is denied", async () => {
    const client = fakeFriendsApi({
      sentRequests: vi.fn(async () => [{ friendName: "eve", sentAt: Date.UTC(2026, 10, 20) }]),
    });
    const { rt } = setup(client);
    await screen.findByRole("region", { name: "Waiting for an answer" });
    rt.serverEmit("friendRequestDenied", { friendName: "eve" });
    expect(screen.queryByRole("region", { name: "Waiting for an answer" })).toBeNull();
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("drops a friend blocked in another tab, and lists them as blocked", async () => {
    let blocked: Array<{ username: string; blockedAt: number }> = [];
    const client = fakeFriendsApi({
      list: vi.fn(async () => [{ friendName: "eve", friendSince: Date.UTC(2024, 10, 2), isActive: true }]),
      blocked: vi.fn(async () => blocked),
    });
    const { rt } = setup(client);
    await waitFor(() => expect(card("eve")).toBeTruthy());
    blocked = [{ username: "eve", blockedAt: Date.now() }];
    rt.serverEmit("friendBlocked", { friendName: "eve" });
    await waitFor(() => expect(screen.queryAllByTestId("friend-card")).toHaveLength(0));
    expect(client.blocked).toHaveBeenCalledTimes(2);
  });

  it("drops a friend who closed their account at once", async () => {
    const { rt } = setup();
    await waitFor(() => expect(card("bob")).toBeTruthy());
    rt.serverEmit("friendAccountClosed", { friendName: "Bob" });
    await waitFor(() => expect(screen.getAllByTestId("friend-card").map((c) => c.dataset.friend)).toEqual(["carl"]));
  });

  it("shows a new friend as soon as my request is accepted elsewhere", async () => {
    let friends = [{ friendName: "bob", friendSince: Date.UTC(2024, 10, 2), isActive: true }];
    const { rt } = setup(fakeFriendsApi({ list: vi.fn(async () => friends) }));
    await screen.findByRole("list", { name: "Your friends" });
    expect(screen.queryByText("eve")).toBeNull();
    friends = [...friends, { friendName: "eve", friendSince: Date.now(), isActive: true }];
    rt.serverEmit("friendAdded", { friendName: "eve", acceptedBy: "eve" });
    await waitFor(() => expect(card("eve")).toBeTruthy());
  });

  it("challenges a friend, waits with Cancel, and cancels the offer", async () => {
    const { rt } = setup(fakeFriendsApi(), (event) =>
      event === "createFriendChallenge"
        ? {
            ok: true,
            data: { offer: { offerId: "o9" } as never, isSuccessful: true },
          }
        : undefined,
    );
    await screen.findAllByTestId("friend-card");
    fireEvent.click(within(card("bob")).getByRole("button", { name: "Challenge" }));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Send challenge" })));
    expect(rt.requests.find((r) => r.event === "createFriendChallenge")?.payload).toEqual({
      baseTime: 10,
      increment: 0,
      variant: "standard",
      selectedColor: "random",
      isCreatorsHandicap: false,
      clubId: null,
      friendName: "bob",
    });
    expect(within(card("bob")).getByRole("status").textContent).toContain("Waiting for bob…");
    expect((within(card("carl")).getByRole("button", { name: "Challenge" }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => fireEvent.click(within(card("bob")).getByRole("button", { name: "Cancel" })));
    expect(rt.requests.at(-1)).toEqual({ event: "cancelOffer", payload: { offerId: "o9" } });
    expect(within(card("bob")).queryByRole("status")).toBeNull();
  });

  it("shows the offline refusal for 3 s", async () => {
    setup(fakeFriendsApi(), (event) =>
      event === "createFriendChallenge"
        ? { ok: false, code: "offline", message: "Challenge failed - friend is offline." }
        : undefined,
    );
    await screen.findAllByTestId("friend-card");
    vi.useFakeTimers();
    // bob went offline since the list was loaded: the server says so.
    fireEvent.click(within(card("bob")).getByRole("button", { name: "Challenge" }));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Send challenge" })));
    expect(within(card("bob")).getByRole("alert").textContent).toBe("Challenge failed - friend is offline.");
    act(() => vi.advanceTimersByTime(2_999));
    expect(within(card("bob")).queryByRole("alert")).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(within(card("bob")).queryByRole("alert")).toBeNull();
  });

  it("clears the waiting state when the friend declines", async () => {
    const { rt } = setup(fakeFriendsApi(), (event) =>
      event === "createFriendChallenge"
        ? { ok: true, data: { offer: { offerId: "o9" } as never, isSuccessful: true } }
        : undefined,
    );
    await screen.findAllByTestId("friend-card");
    fireEvent.click(within(card("bob")).getByRole("button", { name: "Challenge" }));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Send challenge" })));
    rt.serverEmit("friendChallengeRemoved", "o9");
    expect(within(card("bob")).getByRole("status").textContent).toBe("bob declined the challenge.");
  });

  it("blocks after confirmation", async () => {
    const { client } = setup();
    await screen.findAllByTestId("friend-card");
    fireEvent.click(within(card("carl")).getByRole("button", { name: "Block" }));
    const dialog = screen.getByRole("dialog", { name: "Block carl?" });
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Block" })));
    expect(client.block).toHaveBeenCalledWith("carl");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getAllByTestId("friend-card").map((c) => c.getAttribute("data-friend"))).toEqual(["bob"]);
    expect(screen.getByRole("status").textContent).toBe("Player blocked");
    // The blocked list is read again and shows carl.
    await waitFor(() => expect(client.blocked).toHaveBeenCalledTimes(2));
  });

  it("shows unread messages on each friend's Message link, live", async () => {
    const unread = createUnreadStore();
    unread.dispatch({ type: "loaded", counts: { total: 2, byFriend: { bob: 2 } }, viewing: null });
    setup(fakeFriendsApi(), undefined, unread);
    await screen.findAllByTestId("friend-card");
    const message = within(card("bob")).getByRole("link", { name: "Message, 2 unread messages" });
    expect(message.textContent).toBe("Message2");
    expect(within(card("carl")).getByRole("link", { name: "Message" })).toBeTruthy();
    act(() =>
      unread.dispatch({
        type: "received",
        message: { message: "hi", senderName: "carl", friendName: "ann", timeSent: 1 },
        me: "ann",
        viewing: null,
      }),
    );
    expect(within(card("carl")).getByRole("link", { name: "Message, 1 unread message" })).toBeTruthy();
    act(() => unread.dispatch({ type: "read", friendName: "bob" }));
    expect(within(card("bob")).getByRole("link", { name: "Message" })).toBeTruthy();
  });

  it("lists blocked players and unblocks one with a toast", async () => {
    const client = fakeFriendsApi({
      blocked: vi.fn(async () => [
        { username: "eve", blockedAt: Date.UTC(2025, 2, 3) },
        { username: "mal", blockedAt: Date.UTC(2025, 1, 1) },
      ]),
    });
    setup(client);
    const section = await screen.findByRole("region", { name: "Blocked players" });
    const rows = within(section).getAllByTestId("blocked-player");
    expect(rows.map((r) => r.getAttribute("data-player"))).toEqual(["eve", "mal"]);
    expect(rows[0]?.textContent).toContain("blocked 3 Mar 2025");
    await act(async () => fireEvent.click(within(rows[0] as HTMLElement).getByRole("button", { name: "Unblock" })));
    expect(client.unblock).toHaveBeenCalledWith("eve");
    expect(
      within(section)
        .getAllByTestId("blocked-player")
        .map((r) => r.getAttribute("data-player")),
    ).toEqual(["mal"]);
    expect(screen.getByRole("status", { name: "Player unblocked" }).textContent).toContain(
      "eve can message and challenge you again.",
    );
  });

  it("keeps the row and toasts the failure when unblocking fails; no section without blocks", async () => {
    const client = fakeFriendsApi({
      blocked: vi.fn(async () => [{ username: "eve", blockedAt: 0 }]),
      unblock: vi.fn(async () => {
        throw new ApiRequestError(429, "Too many requests");
      }),
    });
    setup(client);
    const section = await screen.findByRole("region", { name: "Blocked players" });
    await act(async () => fireEvent.click(within(section).getByRole("button", { name: "Unblock" })));
    expect(within(section).getAllByTestId("blocked-player")).toHaveLength(1);
    expect(screen.getByRole("status", { name: "Could not unblock eve" }).textContent).toContain("Too many requests");
    cleanup();
    setup();
    await screen.findAllByTestId("friend-card");
    expect(screen.queryByRole("region", { name: "Blocked players" })).toBeNull();
  });
});
