import { FRIEND_MESSAGES_PAGE, type FriendMessage } from "@chess/shared";
import { describe, expect, it } from "vitest";
import {
  belongsTo,
  conversationReducer,
  dayLabel,
  groupByDay,
  initialConversation,
  mergeMessages,
  nextPage,
} from "./conversationStore.ts";

const msg = (timeSent: number, message = `m${timeSent}`, senderName = "bob", friendName = "ann"): FriendMessage => ({
  message,
  senderName,
  friendName,
  timeSent,
});
const page = (from: number, count: number) => Array.from({ length: count }, (_, i) => msg(from + i));

describe("mergeMessages", () => {
  it("merges oldest first and keeps each message once", () => {
    const merged = mergeMessages([msg(3), msg(5)], [msg(1), msg(3), msg(4)]);
    expect(merged.map((m) => m.timeSent)).toEqual([1, 3, 4, 5]);
  });

  it("tells apart different messages sent in the same millisecond, keeping their order", () => {
    const merged = mergeMessages([msg(3, "a"), msg(3, "b")], [msg(3, "a", "ANN", "bob"), msg(3, "b")]);
    expect(merged.map((m) => `${m.senderName}:${m.message}`)).toEqual(["bob:a", "bob:b", "ANN:a"]);
  });

  it("dedupes names without regard to case", () => {
    expect(mergeMessages([msg(1, "x", "Bob")], [msg(1, "x", "bob")])).toHaveLength(1);
  });
});

describe("conversationReducer paging", () => {
  it("loads page 1, then prepends older pages until one is not full", () => {
    let s = conversationReducer(initialConversation, {
      type: "pageLoaded",
      pageNo: 1,
      messages: page(100, FRIEND_MESSAGES_PAGE),
    });
    expect(s).toMatchObject({ status: "ready", pages: 1, hasOlder: true });
    expect(nextPage(s)).toBe(2);

    s = conversationReducer(s, { type: "olderRequested" });
    expect(s.loadingOlder).toBe(true);
    s = conversationReducer(s, { type: "pageLoaded", pageNo: 2, messages: page(80, FRIEND_MESSAGES_PAGE) });
    expect(s.messages[0]?.timeSent).toBe(80);
    expect(s.messages).toHaveLength(40);
    expect(s).toMatchObject({ pages: 2, hasOlder: true, loadingOlder: false });

    s = conversationReducer(s, { type: "pageLoaded", pageNo: 3, messages: page(75, 5) });
    expect(s.messages).toHaveLength(45);
    expect(s.hasOlder).toBe(false);
  });

  it("has no older page when the first is not full, or empty", () => {
    const s = conversationReducer(initialConversation, { type: "pageLoaded", pageNo: 1, messages: [] });
    expect(s).toMatchObject({ status: "ready", hasOlder: false, messages: [] });
  });

  it("absorbs overlap after live messages shifted the pages", () => {
    let s = conversationReducer(initialConversation, { type: "pageLoaded", pageNo: 1, messages: page(100, 20) });
    s = conversationReducer(s, { type: "received", message: msg(200), me: "ann", friendName: "bob" });
    // The server's page 2 now starts one message later: its last item was on page 1.
    s = conversationReducer(s, { type: "pageLoaded", pageNo: 2, messages: page(81, 20) });
    expect(s.messages).toHaveLength(40);
    expect(new Set(s.messages.map((m) => m.timeSent)).size).toBe(40);
  });

  it("refreshing page 1 after a reconnection keeps older pages and their hasOlder", () => {
    let s = conversationReducer(initialConversation, { type: "pageLoaded", pageNo: 1, messages: page(100, 20) });
    s = conversationReducer(s, { type: "pageLoaded", pageNo: 2, messages: page(80, 20) });
    s = conversationReducer(s, { type: "pageLoaded", pageNo: 1, messages: page(101, 20) });
    expect(s).toMatchObject({ pages: 2, hasOlder: true });
    expect(s.messages).toHaveLength(41);
  });

  it("fails the first load with the server's message; an older page failure keeps the messages", () => {
    const failed = conversationReducer(initialConversation, {
      type: "pageFailed",
      pageNo: 1,
      message: "You can only do this with a friend",
    });
    expect(failed).toMatchObject({ status: "failed", error: "You can only do this with a friend" });

    let s = conversationReducer(initialConversation, { type: "pageLoaded", pageNo: 1, messages: page(100, 20) });
    s = conversationReducer(s, { type: "olderRequested" });
    s = conversationReducer(s, { type: "pageFailed", pageNo: 2, message: "Failed" });
    expect(s).toMatchObject({ status: "ready", loadingOlder: false, error: "Failed", hasOlder: true });
    expect(s.messages).toHaveLength(20);
  });
});

describe("live messages", () => {
  it("takes messages of this conversation in either direction, once", () => {
    let s = conversationReducer(initialConversation, { type: "pageLoaded", pageNo: 1, messages: [] });
    const mine = msg(10, "hi", "ann", "bob");
    s = conversationReducer(s, { type: "received", message: mine, me: "ann", friendName: "bob" });
    s = conversationReducer(s, { type: "received", message: mine, me: "ann", friendName: "bob" });
    s = conversationReducer(s, {
      type: "received",
      message: msg(11, "yo", "Bob", "Ann"),
      me: "ann",
      friendName: "bob",
    });
    expect(s.messages.map((m) => m.message)).toEqual(["hi", "yo"]);
  });

  it("ignores other conversations", () => {
    const s = conversationReducer(initialConversation, {
      type: "received",
      message: msg(1, "psst", "carl", "ann"),
      me: "ann",
      friendName: "bob",
    });
    expect(s).toBe(initialConversation);
    expect(belongsTo(msg(1, "x", "ann", "carl"), "ann", "bob")).toBe(false);
    expect(belongsTo(msg(1, "x", "bob", "carl"), "ann", "bob")).toBe(false);
  });
});

describe("days", () => {
  const now = new Date(2025, 2, 12, 15, 0).getTime();
  it("labels today, yesterday and older days", () => {
    expect(dayLabel(new Date(2025, 2, 12, 0, 1).getTime(), now)).toBe("Today");
    expect(dayLabel(new Date(2025, 2, 11, 23, 59).getTime(), now)).toBe("Yesterday");
    expect(dayLabel(new Date(2025, 2, 1, 12).getTime(), now)).toMatch(/^Saturday,? 1 March 2025$/);
  });

  it("groups consecutive messages by day", () => {
    const days = groupByDay(
      [
        msg(new Date(2025, 2, 11, 9).getTime()),
        msg(new Date(2025, 2, 11, 22).getTime()),
        msg(new Date(2025, 2, 12, 8).getTime()),
      ],
      now,
    );
    expect(days.map((d) => [d.label, d.messages.length])).toEqual([
      ["Yesterday", 2],
      ["Today", 1],
    ]);
  });
});
