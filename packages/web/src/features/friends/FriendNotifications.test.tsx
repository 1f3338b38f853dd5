import type { GameOffer } from "@chess/shared";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ToastProvider } from "../../components/Toast.tsx";
import { fakeRealtime, WithRealtime } from "../../test/realtime.tsx";
import { FriendNotifications, isConversationPath } from "./FriendNotifications.tsx";

afterEach(cleanup);

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function setup(path = "/", respond?: Parameters<typeof fakeRealtime>[0]) {
  const rt = fakeRealtime(respond);
  render(
    <WithRealtime realtime={rt.realtime}>
      <MemoryRouter initialEntries={[path]}>
        <ToastProvider>
          <FriendNotifications me="ann" />
          <Routes>
            <Route path="*" element={<Where />} />
          </Routes>
        </ToastProvider>
      </MemoryRouter>
    </WithRealtime>,
  );
  return rt;
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
