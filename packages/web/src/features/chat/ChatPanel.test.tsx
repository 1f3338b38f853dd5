import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeRealtime, WithRealtime } from "../../test/realtime.tsx";
import { ChatPanel } from "./ChatPanel.tsx";

afterEach(cleanup);

function setup(respond?: Parameters<typeof fakeRealtime>[0]) {
  const rt = fakeRealtime(respond);
  render(
    <WithRealtime realtime={rt.realtime}>
      <ChatPanel chatId="global" chatType="global" title="Chat" />
    </WithRealtime>,
  );
  return rt;
}

describe("ChatPanel", () => {
  it("asks for the history and shows it with names and times, then live lines", () => {
    const rt = setup();
    expect(rt.requests).toEqual([{ event: "getChatHistory", payload: { chatId: "global" } }]);
    const t = new Date(2024, 0, 1, 14, 5).getTime();
    rt.serverEmit("chatHistory", {
      chatId: "global",
      messages: [{ username: "alice", text: "hello", chatType: "global", chatId: "global", timeSent: t }],
    });
    expect(screen.getByText("alice")).toBeTruthy();
    expect(screen.getByText("hello")).toBeTruthy();
    expect(screen.getByText("14:05")).toBeTruthy();
    rt.serverEmit("chatMessage", { username: "bob", text: "hi!", chatType: "global", chatId: "global", timeSent: t });
    expect(screen.getByText("hi!")).toBeTruthy();
  });

  it("sends the trimmed text on Enter, never a blank one", async () => {
    const rt = setup();
    const input = screen.getByLabelText("Message") as HTMLInputElement;
    const send = screen.getByRole("button", { name: "Send" }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(input, { target: { value: "   " } });
    expect(send.disabled).toBe(true);
    fireEvent.submit(input.closest("form") as HTMLFormElement);
    expect(rt.events()).toEqual(["getChatHistory"]);
    fireEvent.change(input, { target: { value: "  good game  " } });
    expect(send.disabled).toBe(false);
    fireEvent.submit(input.closest("form") as HTMLFormElement);
    await waitFor(() => expect(input.value).toBe(""));
    expect(rt.requests.at(-1)).toEqual({
      event: "chatMessage",
      payload: { text: "good game", chatType: "global", chatId: "global" },
    });
    expect(input.maxLength).toBe(140);
  });

  it("shows the server's refusal and keeps the draft", async () => {
    setup((event) =>
      event === "chatMessage"
        ? { ok: false, code: "rate_limited", message: "You are sending messages too fast" }
        : undefined,
    );
    const input = screen.getByLabelText("Message") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "spam" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect((await screen.findByRole("alert")).textContent).toBe("You are sending messages too fast");
    expect(input.value).toBe("spam");
  });
});
