import type { ChatMessage } from "@chess/shared";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeRealtime, WithRealtime } from "../../test/realtime.tsx";
import { GamePanelTabs } from "./GamePanelTabs.tsx";

afterEach(cleanup);

const line = (username: string, text: string, chatId = "g1"): ChatMessage => ({
  username,
  text,
  chatType: "game",
  chatId,
  timeSent: Date.now(),
});

describe("GamePanelTabs", () => {
  it("counts the opponent's lines on the Chat tab while the moves are shown, until the chat is opened", () => {
    const rt = fakeRealtime();
    render(
      <WithRealtime realtime={rt.realtime}>
        <GamePanelTabs moves={<p>the moves</p>} chat={<p>the chat</p>} chatId="g1" me="alice" />
      </WithRealtime>,
    );
    const chatTab = () => screen.getByRole("tab", { name: /^Chat/ });
    expect(chatTab().getAttribute("aria-label")).toBeNull();
    rt.serverEmit("chatMessage", line("bob", "good luck"));
    // My own line (from another tab) and another game's are no news.
    rt.serverEmit("chatMessage", line("alice", "thanks"));
    rt.serverEmit("chatMessage", line("carl", "hi", "g2"));
    expect(chatTab().getAttribute("aria-label")).toBe("Chat, 1 new message");
    rt.serverEmit("chatMessage", line("bob", "have fun"));
    expect(chatTab().querySelector(".count-badge")?.textContent).toBe("2");
    expect(chatTab().getAttribute("aria-label")).toBe("Chat, 2 new messages");

    fireEvent.click(chatTab());
    expect(chatTab().querySelector(".count-badge")).toBeNull();
    // Lines that come while the chat is read are read.
    rt.serverEmit("chatMessage", line("bob", "your move"));
    fireEvent.click(screen.getByRole("tab", { name: "Moves" }));
    expect(chatTab().querySelector(".count-badge")).toBeNull();
  });
});
