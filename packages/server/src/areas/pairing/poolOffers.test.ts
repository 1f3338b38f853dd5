import { actorKey, type Pool, poolById } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { type OfferSeeker, type OpenOffer, offersFor, offersOfPool } from "./poolOffers.ts";

const POOL_5_0 = poolById("5+0") as Pool;

/** An open offer: `g…` by a guest, `u7` by account 7; 5+0 standard and public unless told. */
function offer(id: string, change: Partial<OpenOffer> = {}): OpenOffer {
  const userId = id.startsWith("u") ? Number(id.slice(1)) : null;
  return {
    offerId: id,
    ownerKey: actorKey({ sessionId: id, userId }),
    ownerUserId: userId,
    variant: "standard",
    baseTime: 5,
    increment: 0,
    clubId: null,
    createdAt: 1_000,
    ...change,
  };
}

const ids = (list: OpenOffer[]) => list.map((o) => o.offerId);
const account: OfferSeeker = { key: "u:1", userId: 1, mixed: false };
const guest: OfferSeeker = { key: "s:me", userId: null, mixed: false };

describe("offersOfPool", () => {
  it.each<[string, Partial<OpenOffer>, boolean]>([
    ["a public standard offer of the pool's time control", {}, true],
    ["another increment", { increment: 2 }, false],
    ["another base time", { baseTime: 3 }, false],
    ["Chess960", { variant: "fun" }, false],
    ["jumpstart", { variant: "jumpstart" }, false],
    ["a club's offer", { clubId: 4 }, false],
    ["a friend challenge", { privateTo: 1 }, false],
  ])("%s: counted %s", (_name, change, counted) => {
    expect(offersOfPool([offer("u2", change)], POOL_5_0)).toHaveLength(counted ? 1 : 0);
  });
});

describe("offersFor", () => {
  it.each<[string, OfferSeeker, OpenOffer[], string[]]>([
    [
      "an account takes accounts' offers, oldest first",
      account,
      [offer("u2", { createdAt: 2_000 }), offer("u3")],
      ["u3", "u2"],
    ],
    ["an account takes no guest's offer", account, [offer("g1")], []],
    ["unless it plays guests too", { ...account, mixed: true }, [offer("g1"), offer("u2")], ["g1", "u2"]],
    ["a guest takes guests' offers", guest, [offer("g1"), offer("u2")], ["g1"]],
    ["a guest playing accounts too takes theirs", { ...guest, mixed: true }, [offer("u2")], ["u2"]],
    ["never their own offer", account, [offer("u1")], []],
    ["a guest's own offer neither", { ...guest, key: "s:g1" }, [offer("g1")], []],
    ["nor one of another time control", account, [offer("u2", { baseTime: 3 })], []],
  ])("%s", (_name, seeker, offers, taken) => {
    expect(ids(offersFor(seeker, POOL_5_0, offers))).toEqual(taken);
  });

  it("leaves out offers of players blocked either way", () => {
    expect(ids(offersFor(account, POOL_5_0, [offer("u2"), offer("u3")], new Set([2])))).toEqual(["u3"]);
  });
});
