import type { GameOffer } from "@chess/shared";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeIdentity, renderWithIdentity } from "../../test/identity.tsx";
import { fakeRealtime, WithRealtime } from "../../test/realtime.tsx";
import { LobbyPanel } from "./LobbyPanel.tsx";
import { LobbyStart } from "./LobbyStart.tsx";

const offer = (offerId: string, change: Partial<GameOffer> = {}): GameOffer => ({
  offerId,
  baseTime: 5,
  increment: 3,
  variant: "standard",
  selectedColor: "white",
  isCreatorsHandicap: false,
  clubId: null,
  timeClass: "blitz",
  createdAt: 1,
  ...change,
});

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setup(respond?: Parameters<typeof fakeRealtime>[0], username = "alice") {
  const rt = fakeRealtime(respond);
  renderWithIdentity(
    <WithRealtime realtime={rt.realtime}>
      <LobbyStart />
      <LobbyPanel />
    </WithRealtime>,
    fakeIdentity({ identity: { kind: "user", username } }),
  );
  return rt;
}

describe("LobbyPanel", () => {
  it("joins the lobby on connect and lists offers as 'name / time'", () => {
    const rt = setup();
    expect(rt.events()).toEqual(["refreshLobby"]);
    rt.serverEmit("updateLobby", {
      roomUid: "lobby",
      offers: [offer("a"), offer("b", { username: "bob", elo: 1234, timeClass: "rapid", baseTime: 10, increment: 0 })],
    });
    expect(screen.getByText("Anonymous / 5+3")).toBeTruthy();
    expect(screen.getByText("bob / 10+0")).toBeTruthy();
    expect(screen.getByText("1234")).toBeTruthy();
    expect(screen.getByText("Rapid")).toBeTruthy();
    expect(screen.getAllByText("Standard")).toHaveLength(2);
    rt.reconnect();
    expect(rt.events()).toEqual(["refreshLobby", "refreshLobby"]);
    // It asks for changes, and applies them.
    expect(rt.requests[0]?.payload).toEqual({ changes: true });
    rt.serverEmit("lobbyChanged", { roomUid: "lobby", added: [offer("c", { username: "carol" })], removed: ["a"] });
    expect(screen.getByText("carol / 5+3")).toBeTruthy();
    expect(screen.queryByText("Anonymous / 5+3")).toBeNull();
  });

  it("says when my new offer replaced my open one", () => {
    const rt = setup();
    rt.serverEmit("updateLobby", { roomUid: "lobby", offers: [] });
    rt.serverEmit("offerCreated", offer("old", { username: "alice", baseTime: 10, increment: 0 }));
    expect(screen.queryByRole("status")).toBeNull();
    rt.serverEmit("lobbyChanged", { roomUid: "lobby", added: [offer("new", { username: "alice" })], removed: ["old"] });
    expect(screen.getByRole("status").textContent).toBe("Your new offer replaces your 10+0 offer");
    expect(screen.queryByText("alice / 10+0")).toBeNull();
  });

  it("shows a jumpstart card's ranges and who takes the handicap; standard cards keep the colour", () => {
    const rt = setup();
    const js = { variant: "jumpstart" as const, lower_move_limit: 20, upper_move_limit: 40 };
    rt.serverEmit("updateLobby", {
      roomUid: "lobby",
      offers: [
        offer("j1", { ...js, username: "bob", lower_eval_limit: 1, upper_eval_limit: 3, isCreatorsHandicap: true }),
        offer("j2", { ...js, lower_eval_limit: 0, upper_eval_limit: 1, isCreatorsHandicap: false }),
        offer("s", { username: "carol" }),
      ],
    });
    const card = (name: string) => screen.getByRole("button", { name: `Accept ${name}` });
    // A jumpstart card's name says so; a standard card's is its title alone.
    const bob = within(card("bob / 5+3 · Jumpstart"));
    expect(bob.getByText("Jumpstart")).toBeTruthy();
    expect(bob.getByText("eval 1\u20133")).toBeTruthy();
    expect(bob.getByText("moves 20\u201340")).toBeTruthy();
    expect(bob.getByRole("img", { name: "Creator takes the handicap" }).getAttribute("title")).toBe(
      "Creator takes the handicap",
    );
    const anon = within(card("Anonymous / 5+3 · Jumpstart"));
    expect(anon.getByText("eval 0\u20131")).toBeTruthy();
    expect(anon.getByRole("img", { name: "Creator plays the favoured side" })).toBeTruthy();
    expect(anon.queryByText("Creator plays white")).toBeNull();
    const carol = within(card("carol / 5+3"));
    expect(carol.getByText("Creator plays white")).toBeTruthy();
    expect(carol.queryByRole("img")).toBeNull();
    expect(carol.queryByText(/eval/)).toBeNull();
  });

  it("says so when the lobby is empty", () => {
    const rt = setup();
    rt.serverEmit("updateLobby", { roomUid: "lobby", offers: [] });
    expect(screen.getByText("No offers available")).toBeTruthy();
  });

  it("accepts another player's offer once, hiding it at once", async () => {
    const rt = setup();
    rt.serverEmit("updateLobby", { roomUid: "lobby", offers: [offer("a", { username: "bob" })] });
    fireEvent.click(screen.getByRole("button", { name: "Accept bob / 5+3" }));
    expect(screen.queryByText("bob / 5+3")).toBeNull();
    expect(rt.requests.at(-1)).toEqual({ event: "acceptGameOffer", payload: { offerId: "a" } });
    rt.serverEmit("updateLobby", { roomUid: "lobby", offers: [offer("a", { username: "bob" })] });
    expect(screen.queryByText("bob / 5+3")).toBeNull();
    await waitFor(() => expect(rt.events().filter((e) => e === "acceptGameOffer")).toHaveLength(1));
  });

  it("shows the refusal and lists the offer again when it still exists", async () => {
    const rt = setup((event) =>
      event === "acceptGameOffer" ? { ok: false, code: "busy", message: "You are already playing a game" } : undefined,
    );
    rt.serverEmit("updateLobby", { roomUid: "lobby", offers: [offer("a", { username: "bob" })] });
    fireEvent.click(screen.getByRole("button", { name: "Accept bob / 5+3" }));
    expect((await screen.findByRole("alert")).textContent).toBe("You are already playing a game");
    expect(screen.getByText("bob / 5+3")).toBeTruthy();
  });

  it("lets me cancel my own offer after confirming", async () => {
    const confirm = vi.fn<(q: string) => boolean>().mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.stubGlobal("confirm", confirm);
    const rt = setup();
    rt.serverEmit("updateLobby", { roomUid: "lobby", offers: [offer("mine", { username: "alice" })] });
    expect(screen.queryByRole("button", { name: /Accept/ })).toBeNull();
    const cancel = screen.getByRole("button", { name: "Cancel offer alice / 5+3" });
    fireEvent.click(cancel);
    expect(confirm).toHaveBeenCalledWith("Do you want to cancel your offer?");
    expect(rt.events()).not.toContain("cancelOffer");
    fireEvent.click(cancel);
    await waitFor(() => expect(screen.getByText("No offers available")).toBeTruthy());
    expect(rt.requests.at(-1)).toEqual({ event: "cancelOffer", payload: { offerId: "mine" } });
  });

  it("recognises a guest's own offer, made with Create Game beside the tiles, by the id it was created with", async () => {
    const created = offer("g1");
    const rt = setup((event) => (event === "createGameOffer" ? { ok: true, data: created } : undefined), "Guest-1");
    rt.serverEmit("updateLobby", { roomUid: "lobby", offers: [] });
    fireEvent.click(screen.getByRole("button", { name: "Create Game" }));
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(rt.events()).toContain("createGameOffer");
    // The server answers the creator's socket with offerCreated, as well as the ack.
    rt.serverEmit("offerCreated", created);
    expect(screen.getByRole("button", { name: "Cancel offer Anonymous / 5+3" })).toBeTruthy();
    expect(JSON.parse(sessionStorage.getItem("myOfferIds") ?? "[]")).toEqual(["g1"]);
  });

  // The server refuses a jumpstart offer whose custom range no position is found for when it is made
  // (packages/server/test/jumpstart.test.ts): the dialog says why and stays open, and no offer is listed as mine.
  it("shows why a custom jumpstart range is refused when the offer is made, and lists no offer", async () => {
    const refusal = "No position in that range could be found - try a wider range";
    let answer: (ack: { ok: false; code: "no_position"; message: string }) => void = () => {};
    const rt = setup(
      (event) => (event === "createGameOffer" ? new Promise((resolve) => (answer = resolve)) : undefined),
      "Guest-1",
    );
    rt.serverEmit("updateLobby", { roomUid: "lobby", offers: [] });
    fireEvent.click(screen.getByRole("button", { name: "Create Game" }));
    const dialog = screen.getByRole("dialog", { name: "Create Game" });
    fireEvent.change(within(dialog).getByLabelText("Variant"), { target: { value: "jumpstart" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Custom ranges" }));
    fireEvent.change(within(dialog).getByRole("slider", { name: "Lowest handicap (pawns)" }), {
      target: { value: "5" },
    });
    fireEvent.change(within(dialog).getByRole("slider", { name: "Lowest move count" }), { target: { value: "64" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    expect(within(dialog).getByText("5.0\u20135.0")).toBeTruthy();
    expect(within(dialog).getByText("64\u2013100")).toBeTruthy();
    await waitFor(() => expect(rt.events()).toContain("createGameOffer"));
    expect(rt.requests.find((r) => r.event === "createGameOffer")?.payload).toEqual(
      expect.objectContaining({
        variant: "jumpstart",
        lower_eval_limit: 5,
        upper_eval_limit: 5,
        lower_move_limit: 64,
        upper_move_limit: 100,
      }),
    );
    const finding = () =>
      within(dialog)
        .queryAllByRole("status")
        .filter((s) => s.textContent?.includes("Finding a starting position"));
    expect(finding()).toHaveLength(1);

    answer({ ok: false, code: "no_position", message: refusal });
    expect((await within(dialog).findByRole("alert")).textContent).toBe(refusal);
    expect(finding()).toEqual([]);
    expect(screen.getByRole("dialog", { name: "Create Game" })).toBe(dialog);
    expect(screen.queryByRole("button", { name: /^Cancel offer/ })).toBeNull();
    expect(screen.getByText("No offers available")).toBeTruthy();
    expect(JSON.parse(sessionStorage.getItem("myOfferIds") ?? "[]")).toEqual([]);
    expect(rt.events().filter((e) => e === "createGameOffer")).toHaveLength(1);
  });
});
