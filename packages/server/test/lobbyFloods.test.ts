import type { GameOffer, LobbyChanged } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { useTestServer } from "./harness.ts";
import { guest, type Player } from "./players.ts";

/** Behind a proxy (TRUST_PROXY): each guest says which address it comes from. */
const app = useTestServer({ TRUST_PROXY: "true" });
const guestFrom = (address: string) => guest(app.url, { headers: { "x-forwarded-for": address } });
const offer = (baseTime = 5) => ({ baseTime, increment: 0 });
const closeAll = (players: Player[]) => {
  for (const p of players) p.socket.close();
};

describe("a lobby no one can flood", () => {
  it("keeps one open lobby offer per player: a new one replaces it, and watchers get the change alone", async () => {
    const maker = await guestFrom("198.51.100.1");
    const watcher = await guestFrom("198.51.100.2");
    expect((await watcher.emit("refreshLobby", { changes: true })).ok).toBe(true);
    const first = await maker.emit<GameOffer>("createGameOffer", offer(5));
    const added = await watcher.next("lobbyChanged", 2_000, (c: LobbyChanged) => c.added.length > 0);
    expect(added).toEqual({ roomUid: "lobby", added: [first.data], removed: [] });

    const swapped = watcher.next("lobbyChanged", 2_000, (c: LobbyChanged) => c.removed.length > 0);
    const second = await maker.emit<GameOffer>("createGameOffer", offer(10));
    expect(await swapped).toEqual({ roomUid: "lobby", added: [second.data], removed: [first.data?.offerId] });
    const listed = await watcher.emit<{ offers: GameOffer[] }>("refreshLobby", { changes: true });
    expect(listed.data?.offers.map((o) => o.offerId)).toEqual([second.data?.offerId]);
    // A watcher that asked for changes is never sent whole lists after the first.
    expect(watcher.seen.get("updateLobby")).toHaveLength(2);
    closeAll([maker, watcher]);
  });

  it("sends a watcher of the spec alone whole lists, at most one per interval however many offers come", async () => {
    const watcher = await guestFrom("198.51.100.3");
    await watcher.emit("refreshLobby");
    const makers = await Promise.all([1, 2, 3, 4, 5].map((i) => guestFrom(`198.51.100.${10 + i}`)));
    const before = watcher.seen.get("updateLobby")?.length ?? 0;
    const last = watcher.next("updateLobby", 3_000, (u) => u.offers.length >= 5);
    await Promise.all(makers.map((m) => m.emit("createGameOffer", offer())));
    await last;
    await new Promise((r) => setTimeout(r, 400));
    const lists = (watcher.seen.get("updateLobby")?.length ?? 0) - before;
    expect(lists).toBeGreaterThanOrEqual(1);
    expect(lists).toBeLessThanOrEqual(2);
    for (const m of makers) await m.emit("cancelOffer");
    closeAll([watcher, ...makers]);
  });

  it("limits open offers per address and offers made per minute, with clear refusals", async () => {
    const crowd = await Promise.all([1, 2, 3, 4, 5, 6].map(() => guestFrom("203.0.113.7")));
    const answers = [];
    for (const g of crowd) answers.push(await g.emit("createGameOffer", offer()));
    expect(answers.slice(0, 5).every((a) => a.ok)).toBe(true);
    expect(answers[5]).toEqual({
      ok: false,
      code: "too_many",
      message: "Too many open offers from your address - wait for one to be taken",
    });
    for (const g of crowd) await g.emit("cancelOffer");

    const churner = await guestFrom("203.0.113.8");
    const made = [];
    for (let i = 0; i < 11; i++) made.push(await churner.emit("createGameOffer", offer()));
    expect(made.slice(0, 10).every((a) => a.ok)).toBe(true);
    expect(made[10]).toMatchObject({ ok: false, code: "rate_limited" });
    await churner.emit("cancelOffer");
    closeAll([...crowd, churner]);
  });

  it("counts the open offers of one IPv6 /64 together, whatever addresses its guests use", async () => {
    const crowd = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => guestFrom(`2001:db8:70:1::${i}`)));
    const answers = [];
    for (const g of crowd) answers.push(await g.emit("createGameOffer", offer()));
    expect(answers.map((a) => a.ok)).toEqual([true, true, true, true, true, false]);
    expect(answers[5]).toMatchObject({ code: "too_many" });
    const neighbour = await guestFrom("2001:db8:70:2::1");
    expect((await neighbour.emit("createGameOffer", offer())).ok).toBe(true);
    for (const g of [...crowd, neighbour]) await g.emit("cancelOffer");
    closeAll([...crowd, neighbour]);
  });

  it("shares one allowance of global chat among the guests of an address", async () => {
    const guests = await Promise.all([1, 2, 3, 4].map(() => guestFrom("203.0.113.9")));
    const answers = [];
    for (let i = 0; i < 12; i++) {
      const g = guests[i % guests.length] as Player;
      answers.push(await g.emit("chatMessage", { text: `hello ${i}`, chatType: "global", chatId: "global" }));
    }
    expect(answers.filter((a) => a.ok)).toHaveLength(10);
    expect(answers[10]).toMatchObject({ ok: false, code: "rate_limited" });
    const elsewhere = await guestFrom("203.0.113.10");
    expect((await elsewhere.emit("chatMessage", { text: "hi", chatType: "global", chatId: "global" })).ok).toBe(true);
    closeAll([...guests, elsewhere]);
  });
});
