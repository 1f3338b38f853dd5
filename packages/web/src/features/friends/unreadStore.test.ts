import type { FriendMessage } from "@chess/shared";
import { describe, expect, it, vi } from "vitest";
import {
  conversationFriend,
  createUnreadStore,
  initialUnread,
  type UnreadState,
  unreadFrom,
  unreadLabel,
  unreadList,
  unreadReducer,
  unreadTotal,
} from "./unreadStore.ts";

const from = (senderName: string, friendName = "ann"): FriendMessage => ({
  message: "hi",
  senderName,
  friendName,
  timeSent: 1,
});
const loaded = (byFriend: Record<string, number>, viewing: string | null = null): UnreadState =>
  unreadReducer(initialUnread, {
    type: "loaded",
    counts: { total: Object.values(byFriend).reduce((a, b) => a + b, 0), byFriend },
    viewing,
  });

describe("unreadReducer", () => {
  it("takes the server's counts, except the conversation on screen", () => {
    expect(loaded({ Bob: 2, carl: 1 }).byFriend).toEqual({ Bob: 2, carl: 1 });
    expect(loaded({ Bob: 2, carl: 1 }, "bob").byFriend).toEqual({ carl: 1 });
    expect(loaded({ Bob: 0 }).byFriend).toEqual({});
  });

  it.each([
    ["a friend's message elsewhere counts", from("bob"), null, "bob", 3],
    ["whatever the case of the name", from("BOB"), null, "bob", 3],
    ["a new friend starts at 1", from("dave"), null, "dave", 1],
    ["my own message does not count", from("ann", "bob"), null, "bob", 2],
    ["nor one from the conversation on screen", from("bob"), "Bob", "bob", 2],
  ] as const)("%s", (_what, message, viewing, friend, expected) => {
    const s = unreadReducer(loaded({ Bob: 2 }), { type: "received", message, me: "ann", viewing });
    expect(unreadFrom(s, friend)).toBe(expected);
  });

  it("clears one conversation when read and everything on reset", () => {
    let s = loaded({ Bob: 2, carl: 1 });
    s = unreadReducer(s, { type: "read", friendName: "bob" });
    expect(s.byFriend).toEqual({ carl: 1 });
    expect(unreadReducer(s, { type: "read", friendName: "nobody" })).toBe(s);
    expect(unreadReducer(s, { type: "reset" })).toEqual(initialUnread);
  });
});

describe("unread views", () => {
  it("totals, lists the most unread first, and says it in words", () => {
    const s = loaded({ carl: 1, bob: 4, ann: 1 });
    expect(unreadTotal(s)).toBe(6);
    expect(unreadFrom(s, "BOB")).toBe(4);
    expect(unreadFrom(s, "eve")).toBe(0);
    expect(unreadList(s).map((r) => r.friendName)).toEqual(["bob", "ann", "carl"]);
    expect(unreadLabel(1)).toBe("1 unread message");
    expect(unreadLabel(3)).toBe("3 unread messages");
  });

  it.each([
    ["/messages/bob", "bob"],
    ["/messages/Bob/", "Bob"],
    ["/messages/bo%62", "bob"],
    ["/messages/bob/extra", null],
    ["/social", null],
    ["/messages/%E0%A4%A", null],
  ])("conversationFriend(%s) = %s", (path, expected) => {
    expect(conversationFriend(path)).toBe(expected);
  });
});

describe("createUnreadStore", () => {
  it("tells its listeners of changes only", () => {
    const store = createUnreadStore();
    const listener = vi.fn();
    const off = store.subscribe(listener);
    store.dispatch({ type: "received", message: from("bob"), me: "ann", viewing: null });
    store.dispatch({ type: "read", friendName: "carl" });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(unreadTotal(store.getState())).toBe(1);
    off();
    store.dispatch({ type: "reset" });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
