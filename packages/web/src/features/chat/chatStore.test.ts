import type { ChatMessage } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { CHAT_KEEP, chatReducer, chatText, initialChat } from "./chatStore.ts";

const line = (text: string, timeSent: number, change: Partial<ChatMessage> = {}): ChatMessage => ({
  username: "alice",
  text,
  chatType: "global",
  chatId: "global",
  timeSent,
  ...change,
});

describe("chatReducer", () => {
  it("loads the history oldest first", () => {
    const s = chatReducer(initialChat("global"), {
      type: "history",
      chatId: "global",
      messages: [line("b", 2), line("a", 1)],
    });
    expect(s.messages?.map((m) => m.text)).toEqual(["a", "b"]);
  });

  it("appends live lines of its own chat only, once each", () => {
    let s = chatReducer(initialChat("g1"), { type: "history", chatId: "g1", messages: [] });
    s = chatReducer(s, { type: "message", message: line("hi", 5, { chatId: "g1", chatType: "game" }) });
    s = chatReducer(s, { type: "message", message: line("hi", 5, { chatId: "g1", chatType: "game" }) });
    s = chatReducer(s, { type: "message", message: line("elsewhere", 6) });
    expect(s.messages?.map((m) => m.text)).toEqual(["hi"]);
  });

  it("keeps lines that arrived before the history, and ignores another chat's history", () => {
    let s = chatReducer(initialChat("global"), { type: "message", message: line("live", 10) });
    s = chatReducer(s, { type: "history", chatId: "other", messages: [line("x", 1)] });
    expect(s.messages?.map((m) => m.text)).toEqual(["live"]);
    s = chatReducer(s, { type: "history", chatId: "global", messages: [line("old", 1), line("live", 10)] });
    expect(s.messages?.map((m) => m.text)).toEqual(["old", "live"]);
  });

  it("keeps the newest lines only", () => {
    let s = initialChat("global");
    for (let i = 0; i < CHAT_KEEP + 5; i++) s = chatReducer(s, { type: "message", message: line(`m${i}`, i) });
    expect(s.messages).toHaveLength(CHAT_KEEP);
    expect(s.messages?.[0]?.text).toBe("m5");
  });
});

describe("chatText (SPEC §5)", () => {
  it.each([
    ["hello", "hello"],
    ["  hello  ", "hello"],
    ["", undefined],
    ["   ", undefined],
    ["\u200B\u2060", undefined],
    ["\n\t", undefined],
    ["x".repeat(200), "x".repeat(140)],
  ])("%j → %j", (draft, text) => {
    expect(chatText(draft)).toBe(text);
  });
});
