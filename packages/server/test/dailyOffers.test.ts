import type { DailyOffer } from "@chess/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as } from "./dailyPlay.ts";
import { createTestDatabase, http, startTestServer, type TestServer } from "./harness.ts";
import { type Player, registered } from "./players.ts";

/** The lobby's daily offers live: real HTTP and sockets. */
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let server: TestServer;

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startTestServer(db.env);
});

afterAll(async () => {
  await server?.close();
  await db?.drop();
});

const follow = async (p: Player) => (await p.emit<DailyOffer[]>("followDailyOffers")).data ?? [];
const added = (p: Player, offerId: string) =>
  (p.seen.get("dailyOfferAdded") ?? []).some((o) => (o as DailyOffer).offerId === offerId);

describe("daily offers pushed live", () => {
  it("reach followers, but no player blocked either way by the offer's owner", async () => {
    const { url } = server;
    const owner = await registered(url, "do");
    const friend = await registered(url, "df");
    const blocker = await registered(url, "dk");
    const blocked = await registered(url, "dd");
    const block = (by: Player, name: string) =>
      http(url, "POST", "/friend/block", { headers: as(by), body: { friendName: name } });
    expect((await block(blocker, owner.name)).status).toBe(200);
    expect((await block(owner, blocked.name)).status).toBe(200);
    for (const p of [friend, blocker, blocked]) expect(await follow(p)).toEqual([]);

    const seen = friend.next("dailyOfferAdded", 5000, (o) => o.by === owner.name);
    const made = await http(url, "POST", "/daily/offers", { headers: as(owner), body: { days: 3 } });
    expect(made.status).toBe(201);
    const offerId = made.json.offerId as string;
    expect((await seen).offerId).toBe(offerId);
    // A later offer of another player reaches everyone: by then the first one would have too.
    const later = Promise.all(
      [blocker, blocked].map((p) => p.next("dailyOfferAdded", 5000, (o) => o.by === friend.name)),
    );
    expect((await http(url, "POST", "/daily/offers", { headers: as(friend), body: { days: 1 } })).status).toBe(201);
    await later;
    expect(added(blocker, offerId)).toBe(false);
    expect(added(blocked, offerId)).toBe(false);
    // The list they would read again leaves it out too.
    expect((await follow(blocker)).map((o) => o.offerId)).not.toContain(offerId);
    expect((await follow(friend)).map((o) => o.offerId)).toContain(offerId);
    for (const p of [owner, friend, blocker, blocked]) p.socket.close();
  });
});
