import type { GameOffer } from "@chess/shared";
import { describe, expect, it } from "vitest";
import {
  canAccept,
  initialLobby,
  isMyOffer,
  jumpstartRanges,
  jumpstartSide,
  type LobbyEvent,
  type LobbyState,
  lobbyReducer,
  offerName,
  offerTitle,
  visibleOffers,
} from "./lobbyStore.ts";

function offer(offerId: string, change: Partial<GameOffer> = {}): GameOffer {
  return {
    offerId,
    baseTime: 5,
    increment: 3,
    variant: "standard",
    selectedColor: "random",
    isCreatorsHandicap: false,
    clubId: null,
    timeClass: "blitz",
    createdAt: 1,
    ...change,
  };
}

const run = (state: LobbyState, ...events: LobbyEvent[]) => events.reduce(lobbyReducer, state);

describe("lobbyReducer", () => {
  it("starts with no list (loading) and lists what the server sends", () => {
    expect(visibleOffers(initialLobby())).toBeNull();
    const s = run(initialLobby(), { type: "offersListed", offers: [offer("a"), offer("b")] });
    expect(visibleOffers(s)?.map((o) => o.offerId)).toEqual(["a", "b"]);
    expect(visibleOffers(run(s, { type: "offersListed", offers: [] }))).toEqual([]);
  });

  it("applies lobbyChanged deltas: new offers first, removed ones gone with their ids forgotten", () => {
    const listed = run(
      initialLobby(),
      { type: "offersListed", offers: [offer("a"), offer("b")] },
      { type: "offerCreated", offer: offer("mine") },
      { type: "acceptStarted", offerId: "b" },
    );
    const s = run(listed, { type: "offersChanged", added: [offer("c"), offer("a")], removed: ["b", "mine"] });
    expect(s.offers?.map((o) => o.offerId)).toEqual(["c", "a"]);
    expect(s.myOfferIds).toEqual([]);
    expect(s.hiddenOfferIds).toEqual([]);
    // Before the first list a delta has nothing to apply to: the list that follows is whole.
    expect(run(initialLobby(), { type: "offersChanged", added: [offer("x")], removed: [] }).offers).toBeNull();
  });

  it("notes my offer that my next one replaced, and not an offer of mine that only left", () => {
    const mine = run(
      initialLobby(),
      { type: "offersListed", offers: [offer("a")] },
      { type: "offerCreated", offer: offer("old", { baseTime: 10, increment: 0 }) },
    );
    expect(mine.replaced).toBeNull();
    const replaced = run(mine, { type: "offersChanged", added: [offer("new")], removed: ["old"] });
    expect(replaced.replaced?.offerId).toBe("old");
    expect(replaced.offers?.map((o) => o.offerId)).toEqual(["new", "a"]);
    expect(run(mine, { type: "offersChanged", added: [], removed: ["old"] }).replaced).toBeNull();
    expect(run(mine, { type: "offersChanged", added: [offer("b")], removed: ["a"] }).replaced).toBeNull();
  });

  it("remembers the offers this tab created, even before the list shows them", () => {
    const s = run(initialLobby(), { type: "offerCreated", offer: offer("mine") });
    expect(visibleOffers(s)?.map((o) => o.offerId)).toEqual(["mine"]);
    expect(s.myOfferIds).toEqual(["mine"]);
    const again = run(
      s,
      { type: "offerCreated", offer: offer("mine") },
      { type: "offersListed", offers: [offer("mine")] },
    );
    expect(again.myOfferIds).toEqual(["mine"]);
    expect(visibleOffers(again)).toHaveLength(1);
  });

  it("forgets own and hidden ids once their offers left the list", () => {
    const s = run(
      initialLobby(["old", "mine"]),
      { type: "acceptStarted", offerId: "gone" },
      { type: "offersListed", offers: [offer("mine")] },
    );
    expect(s.myOfferIds).toEqual(["mine"]);
    expect(s.hiddenOfferIds).toEqual([]);
  });

  it("hides an accepted offer at once and never lets it be accepted twice", () => {
    let s = run(initialLobby(), { type: "offersListed", offers: [offer("a"), offer("b")] });
    s = run(s, { type: "acceptStarted", offerId: "a" });
    expect(visibleOffers(s)?.map((o) => o.offerId)).toEqual(["b"]);
    expect(canAccept(s, offer("a"), undefined)).toBe(false);
    // A later list still carrying the offer does not bring it back.
    s = run(s, { type: "offersListed", offers: [offer("a"), offer("b")] });
    expect(visibleOffers(s)?.map((o) => o.offerId)).toEqual(["b"]);
    expect(run(s, { type: "acceptStarted", offerId: "a" })).toBe(s);
  });

  it("keeps an offer hidden when the server says it is gone, and shows it again after another refusal", () => {
    const listed = run(initialLobby(), { type: "offersListed", offers: [offer("a")] });
    const started = run(listed, { type: "acceptStarted", offerId: "a" });
    expect(visibleOffers(run(started, { type: "acceptFailed", offerId: "a", gone: true }))).toEqual([]);
    expect(visibleOffers(run(started, { type: "acceptFailed", offerId: "a", gone: false }))).toHaveLength(1);
  });

  it("removes a cancelled offer of mine at once", () => {
    const s = run(
      initialLobby(),
      { type: "offerCreated", offer: offer("mine") },
      { type: "offerCancelled", offerId: "mine" },
    );
    expect(visibleOffers(s)).toEqual([]);
    expect(s.myOfferIds).toEqual([]);
  });
});

describe("isMyOffer / canAccept", () => {
  const s = run(initialLobby(["guest-offer"]), {
    type: "offersListed",
    offers: [offer("guest-offer"), offer("alice-offer", { username: "alice" }), offer("other")],
  });

  it("knows a guest's offers by id and a user's by name", () => {
    expect(isMyOffer(s, offer("guest-offer"), undefined)).toBe(true);
    expect(isMyOffer(s, offer("alice-offer", { username: "alice" }), "alice")).toBe(true);
    expect(isMyOffer(s, offer("alice-offer", { username: "alice" }), "bob")).toBe(false);
    expect(isMyOffer(s, offer("other"), "alice")).toBe(false);
  });

  it("never takes another guest's offer for mine because the names match", () => {
    const guests = offer("another-guest", { username: "Guest-4821", guest: true });
    expect(isMyOffer(s, guests, "Guest-4821")).toBe(false);
    expect(offerTitle(guests)).toBe("Guest-4821 / 5+3");
  });

  it("never offers to accept my own", () => {
    expect(canAccept(s, offer("guest-offer"), undefined)).toBe(false);
    expect(canAccept(s, offer("alice-offer", { username: "alice" }), "alice")).toBe(false);
    expect(canAccept(s, offer("other"), "alice")).toBe(true);
  });
});

describe("offerTitle (SPEC §2)", () => {
  it.each([
    [offer("a"), "Anonymous / 5+3"],
    [offer("b", { username: "alice", baseTime: 0.5, increment: 0 }), "alice / ½+0"],
    [offer("c", { username: "bob", baseTime: 120, increment: 60 }), "bob / 120+60"],
  ])("%#: %s", (o, title) => {
    expect(offerTitle(o)).toBe(title);
  });
});

describe("offerName", () => {
  it.each([
    [offer("s"), "Anonymous / 5+3"],
    [offer("f", { variant: "fun", baseTime: 10, increment: 0 }), "Anonymous / 10+0 · Chess960"],
    [offer("j", { variant: "jumpstart", username: "bob" }), "bob / 5+3 · Jumpstart"],
  ])("%#: %s", (o, name) => {
    expect(offerName(o)).toBe(name);
  });
});

describe("jumpstartRanges", () => {
  it("shows a jumpstart offer's eval and move ranges, nothing for standard", () => {
    const js = offer("j", {
      variant: "jumpstart",
      lower_eval_limit: 0,
      upper_eval_limit: 1,
      lower_move_limit: 10,
      upper_move_limit: 20,
    });
    expect(jumpstartRanges(js)).toEqual({ eval: "eval 0\u20131", moves: "moves 10\u201320" });
    expect(jumpstartRanges({ ...js, lower_eval_limit: 0.4, upper_eval_limit: 2.6 })?.eval).toBe("eval 0.4\u20132.6");
    expect(jumpstartRanges(offer("s"))).toBeUndefined();
  });

  it("names the icon after who takes the handicap, nothing for standard", () => {
    const js = offer("j", { variant: "jumpstart" });
    expect(jumpstartSide({ ...js, isCreatorsHandicap: false })).toEqual({
      icon: "crown",
      title: "Creator plays the favoured side",
    });
    expect(jumpstartSide({ ...js, isCreatorsHandicap: true })).toEqual({
      icon: "swords",
      title: "Creator takes the handicap",
    });
    expect(jumpstartSide(offer("s"))).toBeUndefined();
  });
});
