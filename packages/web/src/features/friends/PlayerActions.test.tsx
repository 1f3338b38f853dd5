import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ApiRequestError } from "../../lib/api.ts";
import { fakeRealtime, WithRealtime } from "../../test/realtime.tsx";
import { PlayerActions } from "./PlayerActions.tsx";
import { fakeFriendsApi } from "./testFriendsApi.ts";
import { FriendsApiContext } from "./useFriends.ts";

afterEach(cleanup);

function setup(username: string, client = fakeFriendsApi()) {
  const rt = fakeRealtime((event) =>
    event === "createFriendChallenge"
      ? { ok: true, data: { offer: { offerId: "o1" } as never, isSuccessful: true } }
      : undefined,
  );
  render(
    <MemoryRouter>
      <WithRealtime realtime={rt.realtime}>
        <FriendsApiContext.Provider value={client}>
          <PlayerActions username={username} />
        </FriendsApiContext.Provider>
      </WithRealtime>
    </MemoryRouter>,
  );
  return { client, rt };
}

const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;

describe("PlayerActions", () => {
  it("offers a stranger Add friend, Message and Challenge when their settings allow it", async () => {
    const client = fakeFriendsApi({
      contact: async (name) => ({
        username: name,
        isFriend: false,
        online: true,
        canMessage: true,
        canChallenge: true,
      }),
    });
    const { rt } = setup("zoe", client);
    expect(await screen.findByRole("link", { name: "Message" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Message" }).getAttribute("href")).toBe("/messages/zoe");
    fireEvent.click(button("Challenge"));
    await act(async () => fireEvent.click(button("Send challenge")));
    expect(rt.requests.find((r) => r.event === "createFriendChallenge")?.payload).toMatchObject({ friendName: "zoe" });
    await act(async () => fireEvent.click(button("Add friend")));
    expect(client.sendRequest).toHaveBeenCalledWith("zoe");
    expect(screen.getByText("Friend Request Sent")).toBeTruthy();
  });

  it("disables Message and Challenge with the reason when the player's settings refuse them", async () => {
    setup(
      "zoe",
      fakeFriendsApi({
        contact: async (name) => ({
          username: name,
          isFriend: false,
          online: true,
          canMessage: false,
          messageRefusal: "This player accepts messages from friends only",
          canChallenge: false,
          challengeRefusal: "This player does not accept challenges",
        }),
      }),
    );
    expect(await screen.findByText("Message: This player accepts messages from friends only.")).toBeTruthy();
    expect(screen.getByText("Challenge: This player does not accept challenges.")).toBeTruthy();
    expect(button("Message").disabled).toBe(true);
    expect(button("Challenge").disabled).toBe(true);
  });

  it("shows the server's refusal", async () => {
    setup(
      "zoe",
      fakeFriendsApi({ sendRequest: async () => Promise.reject(new ApiRequestError(409, "Already asked")) }),
    );
    const add = await screen.findByRole("button", { name: "Add friend" });
    await act(async () => fireEvent.click(add));
    expect(screen.getByRole("status").textContent).toBe("Already asked");
    expect(button("Add friend").disabled).toBe(false);
  });

  it("lets a friend be messaged and, when online, challenged", async () => {
    const { rt } = setup("bob");
    expect(await screen.findByRole("link", { name: "Message" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Message" }).getAttribute("href")).toBe("/messages/bob");
    expect(screen.queryByRole("button", { name: "Add friend" })).toBeNull();
    fireEvent.click(button("Challenge"));
    await act(async () => fireEvent.click(button("Send challenge")));
    expect(rt.requests.find((r) => r.event === "createFriendChallenge")?.payload).toMatchObject({ friendName: "bob" });
    expect(await screen.findByText(/Waiting for bob/)).toBeTruthy();
  });

  it("does not offer a challenge to an offline friend", async () => {
    setup("carl");
    expect(await screen.findByRole("link", { name: "Message" })).toBeTruthy();
    expect(button("Challenge").disabled).toBe(true);
    expect(button("Challenge").title).toBe("This player is offline");
    expect(screen.getByText("Challenge: This player is offline.")).toBeTruthy();
  });
});
