import type { GameOffer } from "@chess/shared";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "../../components/Toast.tsx";
import { fakeRealtime, WithRealtime } from "../../test/realtime.tsx";
import { FriendNotifications, isConversationPath } from "./FriendNotifications.tsx";
import type { FriendsApi } from "./friendsApi.ts";
import { createRequestsBadgeStore } from "./requestsBadgeStore.ts";
import { fakeFriendsApi, requestsAnsweredLate } from "./testFriendsApi.ts";
import { createUnreadStore, unreadFrom, unreadTotal } from "./unreadStore.ts";
import { FriendsApiContext } from "./useFriends.ts";
import { RequestsBadgeContext } from "./useRequestsBadge.ts";
import { UnreadStoreContext } from "./useUnread.ts";

afterEach(cleanup);

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function setup(path = "/", respond?: Parameters<typeof fakeRealtime>[0], client: FriendsApi = fakeFriendsApi()) {
  const rt = fakeRealtime(respond);
  const unread = createUnreadStore();
  const requestsBadge = createRequestsBadgeStore();
  const view = render(
    <WithRealtime realtime={rt.realtime}>
      <FriendsApiContext.Provider value={client}>
        <RequestsBadgeContext.Provider value={requestsBadge}>
          <UnreadStoreContext.Provider value={unread}>
            <MemoryRouter initialEntries={[path]}>
              <ToastProvider>
                <FriendNotifications me="ann" />
                <Routes>
                  <Route path="*" element={<Where />} />
                </Routes>
              </ToastProvider>
            </MemoryRouter>
          </UnreadStoreContext.Provider>
        </RequestsBadgeContext.Provider>
      </FriendsApiContext.Provider>
    </WithRealtime>,
  );
  return Object.assign(rt, { unread, requestsBadge, client, unmount: view.unmount });
}

const offer: GameOffer = {
  offerId: "o1",
  username: "bob",
  baseTime: 5,
  increment: 3,
  variant: "standard",
  selectedColor: "white",
  isCreatorsHandicap: false,
  clubId: null,
  timeClass: "blitz",
  createdAt: 0,
};

describe("FriendNotifications", () => {
  it("prompts Accept challenge? and accepts with acceptGameOffer", async () => {
    const rt = setup();
    rt.serverEmit("friendChallengeReceived", { offer, from: "bob" });
    const prompt = screen.getByRole("alertdialog", { name: "Accept challenge?" });
    expect(prompt.textContent).toContain("bob challenges you: 5+3 Standard, you play Black.");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Accept" })));
    expect(rt.requests.at(-1)).toEqual({ event: "acceptGameOffer", payload: { offerId: "o1" } });
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("denies with denyFriendChallenge", async () => {
    const rt = setup();
    rt.serverEmit("friendChallengeReceived", { offer, from: "bob" });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Deny" })));
    expect(rt.requests.at(-1)).toEqual({ event: "denyFriendChallenge", payload: { offerId: "o1" } });
  });

  it("removes the prompt when the challenge is withdrawn", () => {
    const rt = setup();
    rt.serverEmit("friendChallengeReceived", { offer, from: "bob" });
    rt.serverEmit("friendChallengeRemoved", "o1");
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("shows a failed accept", async () => {
    const rt = setup("/", (event) =>
      event === "acceptGameOffer"
        ? { ok: false, code: "gone", message: "This offer is no longer available" }
        : undefined,
    );
    rt.serverEmit("friendChallengeReceived", { offer, from: "bob" });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Accept" })));
    expect(screen.getByRole("status", { name: "Could not accept the challenge" }).textContent).toContain(
      "This offer is no longer available",
    );
  });

  it("toasts a friend request I sent being accepted, with a way to write to the new friend", async () => {
    const rt = setup("/social");
    // My own yes, answered in this tab or another: nothing to tell me.
    rt.serverEmit("friendAdded", { friendName: "bob", acceptedBy: "Ann" });
    expect(screen.queryByRole("status", { name: "New friend" })).toBeNull();
    rt.serverEmit("friendAdded", { friendName: "eve", acceptedBy: "eve" });
    const toast = screen.getByRole("status", { name: "New friend" });
    expect(toast.textContent).toContain("eve accepted your friend request.");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Message" })));
    expect(screen.getByTestId("where").textContent).toBe("/messages/eve");
  });

  it("toasts friend requests and messages from elsewhere, with a link to the conversation", () => {
    const rt = setup("/social");
    rt.serverEmit("friendRequestReceived", { inviterId: 2, inviterName: "bob" });
    expect(screen.getByRole("status", { name: "Friend request" }).textContent).toContain(
      "bob wants to be your friend.",
    );
    rt.serverEmit("friendMessage", { message: "hi ann", senderName: "bob", friendName: "ann", timeSent: 1 });
    const toast = screen.getByRole("status", { name: "Message from bob" });
    expect(toast.textContent).toContain("hi ann");
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    expect(screen.getByTestId("where").textContent).toBe("/messages/bob");
  });

  it("stays quiet for my own messages and inside that conversation", () => {
    const rt = setup("/messages/Bob");
    rt.serverEmit("friendMessage", { message: "hi", senderName: "bob", friendName: "ann", timeSent: 1 });
    rt.serverEmit("friendMessage", { message: "mine", senderName: "ann", friendName: "carl", timeSent: 2 });
    expect(screen.queryByRole("status")).toBeNull();
  });
});

describe("unread counts behind the navigation badge", () => {
  it("reads them on connection, counts messages from elsewhere, and clears what another tab read", async () => {
    const client = fakeFriendsApi({ unread: vi.fn(async () => ({ total: 2, byFriend: { bob: 2 } })) });
    const rt = setup("/social", undefined, client);
    await waitFor(() => expect(unreadTotal(rt.unread.getState())).toBe(2));
    rt.serverEmit("friendMessage", { message: "again", senderName: "bob", friendName: "ann", timeSent: 3 });
    rt.serverEmit("friendMessage", { message: "yo", senderName: "carl", friendName: "ann", timeSent: 4 });
    rt.serverEmit("friendMessage", { message: "mine", senderName: "ann", friendName: "bob", timeSent: 5 });
    expect(rt.unread.getState().byFriend).toEqual({ bob: 3, carl: 1 });
    rt.serverEmit("friendMessagesRead", { friendName: "bob" });
    expect(rt.unread.getState().byFriend).toEqual({ carl: 1 });
    rt.reconnect();
    await waitFor(() => expect(client.unread).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(unreadFrom(rt.unread.getState(), "bob")).toBe(2));
    rt.unmount();
    expect(unreadTotal(rt.unread.getState())).toBe(0);
  });

  it("does not count the conversation on screen", async () => {
    const rt = setup("/messages/bob");
    await waitFor(() => expect(rt.client.unread).toHaveBeenCalled());
    rt.serverEmit("friendMessage", { message: "hi", senderName: "bob", friendName: "ann", timeSent: 1 });
    expect(unreadTotal(rt.unread.getState())).toBe(0);
  });
});

describe("friend requests behind the navigation badge", () => {
  it("reads them on connection, follows new, withdrawn and denied ones, and reads again on a new friend", async () => {
    const rt = setup();
    const names = () => rt.requestsBadge.getState().waiting.map((r) => r.inviterName);
    await waitFor(() => expect(names()).toEqual(["dave"]));
    rt.serverEmit("friendRequestReceived", { inviterId: 7, inviterName: "eve" });
    rt.serverEmit("friendRequestReceived", { inviterId: 8, inviterName: "finn" });
    expect(names()).toEqual(["dave", "eve", "finn"]);
    rt.serverEmit("friendRequestWithdrawn", { inviterId: 7 });
    rt.serverEmit("friendRequestDenied", { friendName: "Finn" });
    expect(names()).toEqual(["dave"]);
    // Accepted in another tab: the server's list is read again.
    vi.mocked(rt.client.requests).mockResolvedValueOnce([]);
    rt.serverEmit("friendAdded", { friendName: "dave", acceptedBy: "ann" });
    await waitFor(() => expect(names()).toEqual([]));
    rt.unmount();
    expect(rt.requestsBadge.getState().waiting).toEqual([]);
  });

  it("keeps a request that came live when the answer to a read asked for before it comes after it", async () => {
    const { requests, answerFirst } = requestsAnsweredLate([{ inviterId: 9, inviterName: "zoe" }]);
    const rt = setup("/", undefined, fakeFriendsApi({ requests }));
    const names = () => rt.requestsBadge.getState().waiting.map((r) => r.inviterName);
    await waitFor(() => expect(requests).toHaveBeenCalled());
    rt.serverEmit("friendRequestReceived", { inviterId: 9, inviterName: "zoe" });
    await act(async () => answerFirst([]));
    await waitFor(() => expect(requests).toHaveBeenCalledTimes(2));
    expect(names()).toEqual(["zoe"]);
  });
});

it.each([
  ["/messages/bob", "bob", true],
  ["/messages/Bob/", "bob", true],
  ["/messages/bo%62", "bob", true],
  ["/messages/bobby", "bob", false],
  ["/social", "bob", false],
  ["/messages/%E0%A4%A", "bob", false],
])("isConversationPath(%s, %s) = %s", (path, name, expected) => {
  expect(isConversationPath(path, name)).toBe(expected);
});
