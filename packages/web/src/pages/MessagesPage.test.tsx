import type { FriendMessage } from "@chess/shared";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { IdentityContext } from "../features/accounts/IdentityProvider.tsx";
import type { Identity } from "../features/accounts/identityStore.ts";
import { FriendsApiContext, UnreadStoreContext } from "../features/friends/index.ts";
import { fakeFriendsApi } from "../features/friends/testFriendsApi.ts";
import { createUnreadStore, unreadFrom } from "../features/friends/unreadStore.ts";
import { ApiRequestError } from "../lib/api.ts";
import { fakeIdentity } from "../test/identity.tsx";
import { fakeRealtime, WithRealtime } from "../test/realtime.tsx";
import { MessagesPage } from "./MessagesPage.tsx";

afterEach(cleanup);

const at = (h: number, m = 0) => new Date(2025, 2, 12, h, m).getTime();
const msg = (timeSent: number, message: string, senderName = "bob", friendName = "ann"): FriendMessage => ({
  message,
  senderName,
  friendName,
  timeSent,
});

function renderMessages(
  client = fakeFriendsApi(),
  identity: Identity = { kind: "user", username: "ann" },
  respond?: Parameters<typeof fakeRealtime>[0],
  unread = createUnreadStore(),
) {
  const rt = fakeRealtime(respond);
  render(
    <WithRealtime realtime={rt.realtime}>
      <IdentityContext.Provider value={fakeIdentity({ identity })}>
        <FriendsApiContext.Provider value={client}>
          <UnreadStoreContext.Provider value={unread}>
            <MemoryRouter initialEntries={["/messages/bob"]}>
              <Routes>
                <Route path="/messages/:friendName" element={<MessagesPage />} />
              </Routes>
            </MemoryRouter>
          </UnreadStoreContext.Provider>
        </FriendsApiContext.Provider>
      </IdentityContext.Provider>
    </WithRealtime>,
  );
  return { client, rt, unread };
}

const list = () => screen.getByRole("list", { name: "Messages with bob" });
const texts = () => Array.from(list().querySelectorAll(".conversation__text")).map((el) => el.textContent ?? "");

describe("MessagesPage", () => {
  it("shows Access Denied to a guest", () => {
    const { client } = renderMessages(fakeFriendsApi(), { kind: "guest", username: "Guest-1" });
    expect(screen.getByRole("heading", { name: "Access Denied" })).toBeTruthy();
    expect(client.messages).not.toHaveBeenCalled();
  });

  it("shows the friend, presence, and the newest page with times", async () => {
    const client = fakeFriendsApi({
      messages: vi.fn(async () => [msg(at(9, 5), "hello"), msg(at(9, 7), "hi bob!", "ann", "bob")]),
    });
    renderMessages(client);
    expect(screen.getByRole("heading", { level: 2, name: "bob" })).toBeTruthy();
    await waitFor(() => expect(texts()).toEqual(["hello", "hi bob!"]));
    expect(client.messages).toHaveBeenCalledWith("bob", 1);
    expect(list().textContent).toContain("09:05");
    await waitFor(() => expect(screen.getByTestId("friend-presence").textContent).toContain("Online"));
    expect(screen.queryByRole("button", { name: "Load older messages" })).toBeNull();
    expect(screen.getByText("This is the beginning of your conversation.")).toBeTruthy();
  });

  it("loads older pages and prepends them", async () => {
    const newest = Array.from({ length: 20 }, (_, i) => msg(at(10, i), `new ${i}`));
    const older = Array.from({ length: 3 }, (_, i) => msg(at(8, i), `old ${i}`));
    const client = fakeFriendsApi({
      messages: vi.fn(async (_name: string, pageNo: number) => (pageNo === 1 ? newest : older)),
    });
    renderMessages(client);
    const button = await screen.findByRole("button", { name: "Load older messages" });
    await act(async () => fireEvent.click(button));
    expect(client.messages).toHaveBeenLastCalledWith("bob", 2);
    expect(texts().slice(0, 4)).toEqual(["old 0", "old 1", "old 2", "new 0"]);
    expect(texts()).toHaveLength(23);
    expect(screen.queryByRole("button", { name: "Load older messages" })).toBeNull();
  });

  it("sends trimmed text on Enter, never blank, and shows live messages once", async () => {
    const sent = msg(at(11), "good game", "ann", "bob");
    const { rt } = renderMessages(fakeFriendsApi(), undefined, (event) =>
      event === "friendMessage" ? { ok: true, data: sent } : undefined,
    );
    await screen.findByText(/No messages yet/);
    const input = screen.getByLabelText("Message") as HTMLInputElement;
    const send = screen.getByRole("button", { name: "Send" }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(input, { target: { value: "   " } });
    fireEvent.submit(input.closest("form") as HTMLFormElement);
    expect(rt.events()).not.toContain("friendMessage");
    fireEvent.change(input, { target: { value: "  good game  " } });
    await act(async () => fireEvent.submit(input.closest("form") as HTMLFormElement));
    expect(rt.requests.at(-1)).toEqual({
      event: "friendMessage",
      payload: { message: "good game", friendName: "bob" },
    });
    expect(input.value).toBe("");
    // The server's broadcast of the same message does not show it twice.
    rt.serverEmit("friendMessage", sent);
    rt.serverEmit("friendMessage", msg(at(11, 1), "thanks!"));
    rt.serverEmit("friendMessage", msg(at(11, 2), "elsewhere", "carl"));
    expect(texts()).toEqual(["good game", "thanks!"]);
    // One day, one separator.
    expect(within(list()).getAllByRole("heading", { level: 3 })).toHaveLength(1);
  });

  it("shows a send refusal", async () => {
    renderMessages(fakeFriendsApi(), undefined, (event) =>
      event === "friendMessage"
        ? { ok: false, code: "forbidden", message: "You can only do this with a friend" }
        : undefined,
    );
    await screen.findByText(/No messages yet/);
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "hi" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Send" })));
    expect(screen.getByRole("alert").textContent).toBe("You can only do this with a friend");
  });

  it("shows the 403 of a stranger's conversation", async () => {
    renderMessages(
      fakeFriendsApi({
        messages: vi.fn(async () => {
          throw new ApiRequestError(403, "You can only do this with a friend");
        }),
      }),
    );
    expect((await screen.findByRole("alert")).textContent).toBe("You can only do this with a friend");
  });

  it("says there is no such player for a name nobody has, with no box and no profile link", async () => {
    renderMessages(
      fakeFriendsApi({
        list: vi.fn(async () => []),
        messages: vi.fn(async () => {
          throw new ApiRequestError(404, "No player with that username");
        }),
      }),
    );
    expect(await screen.findByText(/There is no player named bob\./)).toBeTruthy();
    expect(screen.getByTestId("friend-presence").textContent).toBe("No such player");
    expect(screen.queryByRole("link", { name: "Profile" })).toBeNull();
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(screen.queryByText(/friend request/)).toBeNull();
  });

  it("says why a player who takes no messages from me cannot be written to, where the box would be", async () => {
    renderMessages(
      fakeFriendsApi({
        contact: vi.fn(async (name: string) => ({
          username: name,
          isFriend: false,
          online: true,
          canMessage: false,
          messageRefusal: "This player accepts messages from friends only",
          canChallenge: true,
        })),
      }),
    );
    expect(await screen.findByText("This player accepts messages from friends only.")).toBeTruthy();
    expect(screen.queryByRole("textbox")).toBeNull();
  });

  it("reads the conversation on opening, as messages arrive, and after a reconnection", async () => {
    const unread = createUnreadStore();
    unread.dispatch({ type: "loaded", counts: { total: 3, byFriend: { bob: 2, carl: 1 } }, viewing: null });
    const { client, rt } = renderMessages(fakeFriendsApi(), undefined, undefined, unread);
    await screen.findByText(/No messages yet/);
    expect(client.markRead).toHaveBeenCalledWith("bob");
    expect(unreadFrom(unread.getState(), "bob")).toBe(0);
    expect(unreadFrom(unread.getState(), "carl")).toBe(1);
    rt.serverEmit("friendMessage", msg(at(11, 1), "still there?"));
    rt.serverEmit("friendMessage", msg(at(11, 2), "elsewhere", "carl"));
    rt.serverEmit("friendMessage", msg(at(11, 3), "mine", "ann", "bob"));
    expect(client.markRead).toHaveBeenCalledTimes(2);
    rt.reconnect();
    expect(client.markRead).toHaveBeenCalledTimes(3);
  });

  it("does not mark anything read for a guest", () => {
    const { client } = renderMessages(fakeFriendsApi(), { kind: "guest", username: "Guest-1" });
    expect(client.markRead).not.toHaveBeenCalled();
  });
});
