import { afterEach, describe, expect, it, vi } from "vitest";
import { BoardTabs, type Seat, type TabChannel } from "./boardTabs.ts";

/** Channels of one browser: a message reaches every other channel, later (as BroadcastChannel's do). */
function browserTabs() {
  const channels = new Set<TabChannel>();
  return {
    open(): TabChannel {
      const channel: TabChannel = {
        onmessage: null,
        postMessage(message) {
          for (const other of channels)
            if (other !== channel) queueMicrotask(() => other.onmessage?.({ data: structuredClone(message) }));
        },
      };
      channels.add(channel);
      return channel;
    },
    /** A tab that dies without a word: it hears nothing and says nothing more. */
    kill(channel: TabChannel) {
      channels.delete(channel);
    },
    /** What another release of the site, or anything else on the channel, might say. */
    say(data: unknown) {
      for (const channel of channels) channel.onmessage?.({ data });
    },
  };
}

const settle = () => new Promise((r) => setTimeout(r, 0));
const seat: Seat = { gameId: "g1", color: "w" };

afterEach(() => {
  vi.useRealTimers();
});

describe("BoardTabs", () => {
  it("knows the seat another tab shows, until it shows none or goes", async () => {
    const browser = browserTabs();
    const [a, b] = [new BoardTabs(browser.open(), "a"), new BoardTabs(browser.open(), "b")];
    b.show(seat);
    await settle();
    expect(a.elsewhere(seat)).toBe(true);
    expect(b.elsewhere(seat)).toBe(false);
    b.show(null);
    await settle();
    expect(a.elsewhere(seat)).toBe(false);
    b.show(seat);
    await settle();
    b.away();
    await settle();
    expect(a.elsewhere(seat)).toBe(false);
    b.back();
    await settle();
    expect(a.elsewhere(seat)).toBe(true);
  });

  it("counts only the same seat: another game, or the other side of the board (another player), is not", async () => {
    const browser = browserTabs();
    const a = new BoardTabs(browser.open(), "a");
    const b = new BoardTabs(browser.open(), "b");
    for (const other of [
      { gameId: "g2", color: "w" },
      { gameId: "g1", color: "b" },
    ] satisfies Seat[]) {
      b.show(other);
      await settle();
      expect(a.elsewhere(seat), JSON.stringify(other)).toBe(false);
      expect(a.elsewhere(other)).toBe(true);
    }
  });

  it("learns the seats of the tabs open before it", async () => {
    const browser = browserTabs();
    const first = new BoardTabs(browser.open(), "first");
    first.show(seat);
    await settle();
    const opened = new BoardTabs(browser.open(), "opened");
    await settle();
    expect(opened.elsewhere(seat)).toBe(true);
  });

  it("confirms with a tab that still shows the seat, and not with one that died silently", async () => {
    const browser = browserTabs();
    const a = new BoardTabs(browser.open(), "a");
    const bChannel = browser.open();
    const b = new BoardTabs(bChannel, "b");
    expect(await a.confirm(seat)).toBe(false);
    b.show(seat);
    await settle();
    expect(await a.confirm(seat)).toBe(true);
    expect(a.elsewhere(seat)).toBe(true);

    browser.kill(bChannel);
    vi.useFakeTimers();
    const answer = a.confirm(seat, 250);
    await vi.advanceTimersByTimeAsync(249);
    let settled = false;
    void answer.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await answer).toBe(false);
    expect(a.elsewhere(seat)).toBe(false);
  });

  it("ignores what it cannot read", async () => {
    const browser = browserTabs();
    const a = new BoardTabs(browser.open(), "a");
    for (const data of [
      null,
      "seat",
      { kind: "seat" },
      { kind: "seat", tab: 1, seat },
      { kind: "seat", tab: "x", seat: { gameId: 7, color: "w" } },
      { kind: "seat", tab: "x", seat: { gameId: "g1", color: "white" } },
      { kind: "seat", tab: "x" },
      { kind: "hello", tab: "x" },
    ])
      expect(() => browser.say(data), JSON.stringify(data)).not.toThrow();
    await settle();
    expect(a.elsewhere(seat)).toBe(false);
  });
});
