import type { Friend } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { friendsReducer, initialFriends, sameName, sortFriends } from "./friendsStore.ts";

const friend = (friendName: string, isActive = false): Friend => ({ friendName, friendSince: 0, isActive });

describe("friendsReducer (SPEC §4 Friend request)", () => {
  it("adds a received request once and removes it when answered", () => {
    let s = friendsReducer(initialFriends, {
      type: "requestsLoaded",
      requests: [{ inviterId: 1, inviterName: "ann" }],
    });
    s = friendsReducer(s, { type: "requestReceived", request: { inviterId: 2, inviterName: "bob" } });
    s = friendsReducer(s, { type: "requestReceived", request: { inviterId: 2, inviterName: "bob" } });
    expect(s.requests?.map((r) => r.inviterName)).toEqual(["ann", "bob"]);
    s = friendsReducer(s, { type: "requestAnswered", inviterId: 1 });
    expect(s.requests?.map((r) => r.inviterName)).toEqual(["bob"]);
  });

  it("keeps my waiting requests and drops one I withdraw, whatever the case of the name", () => {
    let s = friendsReducer(initialFriends, {
      type: "sentLoaded",
      sent: [
        { friendName: "Eve", sentAt: 2 },
        { friendName: "fay", sentAt: 1 },
      ],
    });
    s = friendsReducer(s, { type: "sentWithdrawn", friendName: "eve" });
    expect(s.sent?.map((r) => r.friendName)).toEqual(["fay"]);
  });

  it("drops a denied request from whichever list holds it, and nothing else", () => {
    let s = friendsReducer(initialFriends, { type: "sentLoaded", sent: [{ friendName: "Eve", sentAt: 2 }] });
    s = friendsReducer(s, {
      type: "requestsLoaded",
      requests: [
        { inviterId: 1, inviterName: "Ann" },
        { inviterId: 2, inviterName: "eve2" },
      ],
    });
    s = friendsReducer(s, { type: "requestDenied", friendName: "eve" });
    expect(s.sent).toEqual([]);
    s = friendsReducer(s, { type: "requestDenied", friendName: "ann" });
    expect(s.requests?.map((r) => r.inviterName)).toEqual(["eve2"]);
    expect(friendsReducer(initialFriends, { type: "requestDenied", friendName: "x" })).toEqual(initialFriends);
  });

  it("removes a blocked player's friendship and requests either way, whatever the case of the name", () => {
    let s = friendsReducer(initialFriends, { type: "friendsLoaded", friends: [friend("Ann"), friend("bob")] });
    s = friendsReducer(s, { type: "requestsLoaded", requests: [{ inviterId: 1, inviterName: "ANN" }] });
    s = friendsReducer(s, { type: "sentLoaded", sent: [{ friendName: "ann", sentAt: 1 }] });
    s = friendsReducer(s, { type: "blocked", friendName: "ann" });
    expect(s.friends?.map((f) => f.friendName)).toEqual(["bob"]);
    expect(s.requests).toEqual([]);
    expect(s.sent).toEqual([]);
  });

  it("takes a player who closed their account out of every list, blocked ones included", () => {
    let s = friendsReducer(initialFriends, { type: "friendsLoaded", friends: [friend("Ann"), friend("bob")] });
    s = friendsReducer(s, { type: "requestsLoaded", requests: [{ inviterId: 1, inviterName: "ANN" }] });
    s = friendsReducer(s, { type: "sentLoaded", sent: [{ friendName: "ann", sentAt: 1 }] });
    s = friendsReducer(s, {
      type: "blockedLoaded",
      blocked: [
        { username: "Ann", blockedAt: 1 },
        { username: "cid", blockedAt: 2 },
      ],
    });
    s = friendsReducer(s, { type: "accountClosed", friendName: "ann" });
    expect(s.friends?.map((f) => f.friendName)).toEqual(["bob"]);
    expect(s.requests).toEqual([]);
    expect(s.sent).toEqual([]);
    expect(s.blocked?.map((b) => b.username)).toEqual(["cid"]);
    expect(friendsReducer(initialFriends, { type: "accountClosed", friendName: "ann" })).toEqual(initialFriends);
  });
});

describe("helpers", () => {
  it("sorts online friends first, then by name", () => {
    const sorted = sortFriends([friend("dave"), friend("carl", true), friend("bob"), friend("ann", true)]);
    expect(sorted.map((f) => f.friendName)).toEqual(["ann", "carl", "bob", "dave"]);
  });

  it("compares names without case", () => {
    expect(sameName("Magnus", "magnus")).toBe(true);
    expect(sameName("magnus", "magnus2")).toBe(false);
  });
});
