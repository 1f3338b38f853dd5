import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
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
  it("offers Add friend to a stranger, with Message and Challenge waiting for the friendship", async () => {
    const { client } = setup("zoe");
    await waitFor(() => expect(client.list).toHaveBeenCalled());
    expect(((await screen.findByRole("button", { name: "Message" })) as HTMLButtonElement).disabled).toBe(true);
    expect(button("Challenge").title).toBe("Add zoe as a friend first");
    await act(async () => fireEvent.click(button("Add friend")));
    expect(client.sendRequest).toHaveBeenCalledWith("zoe");
    expect(screen.getByRole("status").textContent).toBe("Friend Request Sent");
    expect(button("Request sent").disabled).toBe(true);
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
    expect(button("Challenge").title).toBe("carl is offline");
  });
});
