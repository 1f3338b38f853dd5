import type { LobbyCounts, LobbyCountsView, PoolMembership } from "@chess/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POOL_JOINS_PER_PLAYER, WAVE_MS } from "../src/areas/pairing/pairingService.ts";
import { createTestDatabase, http, redisEnv, startTestServer, type TestServer, useTestServer } from "./harness.ts";
import { guest, type Player, registered, startGame } from "./players.ts";

// Behind a proxy, so the rate-limit test's player comes from an address of its own: the per-address
// allowance (POOL_JOINS_PER_ADDRESS) is shared by every other test here.
const app = useTestServer({ TRUST_PROXY: "true" });

/** Long enough for two waves to have run. */
const TWO_WAVES_MS = 2 * WAVE_MS + 500;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const close = (...players: Player[]) => {
  for (const p of players) p.socket.close();
};

async function join(p: Player, poolId: string, mixed?: boolean) {
  const answer = await p.emit<PoolMembership>("joinPool", mixed === undefined ? { poolId } : { poolId, mixed });
  expect(answer, `${p.name} joins ${poolId}`).toMatchObject({ ok: true, data: { poolId } });
}

/** The next lobbyCounts in which `poolId` shows `waiting` players. */
const waitingIn = (watcher: Player, poolId: string, waiting: number) =>
  watcher.next("lobbyCounts", 6_000, (c: LobbyCounts) => c.pools.find((p) => p.poolId === poolId)?.waiting === waiting);

describe("quick pairing", () => {
  it("pairs two guests who join the 3+2 pool into one unrated game, in random colours", async () => {
    const [a, b] = await Promise.all([guest(app.url), guest(app.url)]);
    const joined = a.next("poolChanged");
    await join(a, "3+2");
    expect(await joined).toEqual({ poolId: "3+2", mixed: true });
    const started = [a.next("gameStarted", 8_000), b.next("gameStarted", 8_000)] as const;
    const paired = [
      a.next("poolChanged", 8_000, (m) => m.poolId === null),
      b.next("poolChanged", 8_000, (m) => m.poolId === null),
    ] as const;
    await join(b, "3+2");
    const [ga, gb] = await Promise.all(started);
    expect(ga.gameId).toBe(gb.gameId);
    expect(ga.isWhite).toBe(!gb.isWhite);
    expect(ga.opponent).toBe(b.name);
    expect(gb.opponent).toBe(a.name);
    expect(ga.gameLength).toEqual({ w: 180_000, b: 180_000 });
    expect(ga.rated).toBe(false);
    for (const m of await Promise.all(paired)) expect(m).toEqual({ poolId: null, mixed: true, reason: "paired" });
    // Playing now: joining again is refused until the game ends.
    expect(await a.emit("joinPool", { poolId: "3+2" })).toMatchObject({ ok: false, code: "busy" });
    close(a, b);
  });

  it("pairs two accounts into a rated game", async () => {
    const [a, b] = await Promise.all([registered(app.url, "poolA"), registered(app.url, "poolB")]);
    const started = [a.next("gameStarted", 8_000), b.next("gameStarted", 8_000)] as const;
    await join(a, "1+0");
    await join(b, "1+0");
    const [ga, gb] = await Promise.all(started);
    expect(ga.gameId).toBe(gb.gameId);
    expect(ga.rated).toBe(true);
    expect(ga.eloDeltas.winEloDelta).toBeGreaterThan(0);
    close(a, b);
  });

  it("never pairs blocked players, and pairs each of them with someone else", async () => {
    const [a, b, c] = await Promise.all([
      registered(app.url, "blkA"),
      registered(app.url, "blkB"),
      registered(app.url, "blkC"),
    ]);
    const blocked = await http(app.url, "POST", "/friend/block", {
      headers: { cookie: a.cookie ?? "" },
      body: { friendName: b.name },
    });
    expect(blocked.status).toBe(200);
    await join(a, "5+0");
    await join(b, "5+0");
    await sleep(TWO_WAVES_MS);
    expect(a.seen.get("gameStarted")).toBeUndefined();
    expect(b.seen.get("gameStarted")).toBeUndefined();
    // The longest waiting (a) gets the newcomer; b, blocked by a, waits on.
    const started = [a.next("gameStarted", 8_000), c.next("gameStarted", 8_000)] as const;
    await join(c, "5+0");
    const [ga, gc] = await Promise.all(started);
    expect(ga.gameId).toBe(gc.gameId);
    expect(b.seen.get("gameStarted")).toBeUndefined();
    expect(await b.emit("leavePool")).toEqual({ ok: true });
    close(a, b, c);
  });

  it("pairs a guest with an account by default, in a casual game", async () => {
    const [g, u] = await Promise.all([guest(app.url), registered(app.url, "mixDef")]);
    const started = [g.next("gameStarted", 8_000), u.next("gameStarted", 8_000)] as const;
    await join(g, "10+0");
    await join(u, "10+0");
    const [gg, gu] = await Promise.all(started);
    expect(gg.gameId).toBe(gu.gameId);
    expect(gg.rated).toBe(false);
    expect(gu.eloDeltas).toEqual({ winEloDelta: 0, drawEloDelta: 0, lossEloDelta: 0 });
    close(g, u);
  });

  it("pairs a guest with an account only when neither opted out", async () => {
    const [g, u] = await Promise.all([guest(app.url), registered(app.url, "mix")]);
    await join(g, "10+0", true);
    await join(u, "10+0", false);
    await sleep(TWO_WAVES_MS);
    expect(g.seen.get("gameStarted")).toBeUndefined();
    const started = [g.next("gameStarted", 8_000), u.next("gameStarted", 8_000)] as const;
    await join(u, "10+0", true);
    const [gg, gu] = await Promise.all(started);
    expect(gg.gameId).toBe(gu.gameId);
    expect(gg.rated).toBe(false);
    close(g, u);
  });

  it("takes a player out when they leave, disconnect or start another game", async () => {
    const watcher = await guest(app.url);
    const view = await watcher.emit<LobbyCountsView>("watchLobbyCounts");
    expect(view.ok).toBe(true);
    expect(view.data?.myPool).toEqual({ poolId: null, mixed: false });
    const [a, b, c, d] = await Promise.all([guest(app.url), guest(app.url), guest(app.url), guest(app.url)]);

    let shown = waitingIn(watcher, "1+2", 1);
    await join(a, "1+2");
    await shown;
    const left = a.next("poolChanged", 5_000, (m) => m.poolId === null);
    shown = waitingIn(watcher, "1+2", 0);
    expect(await a.emit("leavePool", { poolId: "1+2" })).toEqual({ ok: true });
    expect(await left).toEqual({ poolId: null, mixed: true, reason: "left" });
    await shown;

    shown = waitingIn(watcher, "1+2", 1);
    await join(b, "1+2");
    await shown;
    shown = waitingIn(watcher, "1+2", 0);
    b.socket.close();
    await shown;

    // A lobby game started by a waiting player takes them out of the pool.
    await join(c, "1+2");
    const out = c.next("poolChanged", 5_000, (m) => m.poolId === null);
    await startGame(c, d);
    expect(await out).toMatchObject({ poolId: null, reason: "playing" });
    // Nobody is left for a newcomer.
    const e = await guest(app.url);
    await join(e, "1+2");
    await sleep(TWO_WAVES_MS);
    expect(e.seen.get("gameStarted")).toBeUndefined();
    close(watcher, a, c, d, e);
  });

  it("keeps a player in one pool at a time, once even from two tabs, never paired with themselves", async () => {
    const watcher = await guest(app.url);
    await watcher.emit("watchLobbyCounts");
    const tab1 = await guest(app.url);
    const tab2 = await guest(app.url, { sessionId: tab1.sessionId });
    await join(tab1, "2+1");
    const moved = waitingIn(watcher, "15+10", 1);
    const told = tab1.next("poolChanged", 5_000, (m) => m.poolId === "15+10");
    await join(tab2, "15+10");
    const counts = await moved;
    expect(counts.pools.find((p) => p.poolId === "2+1")?.waiting).toBe(0);
    // Every tab of the player hears where they wait now.
    expect(await told).toEqual({ poolId: "15+10", mixed: true });
    await join(tab1, "15+10");
    await sleep(TWO_WAVES_MS);
    expect(tab1.seen.get("gameStarted")).toBeUndefined();
    const view = await watcher.emit<LobbyCountsView>("watchLobbyCounts");
    expect(view.data?.pools.find((p) => p.poolId === "15+10")?.waiting).toBe(1);
    const mine = await tab2.emit<LobbyCountsView>("watchLobbyCounts");
    expect(mine.data?.myPool).toEqual({ poolId: "15+10", mixed: true });
    close(watcher, tab1, tab2);
  });

  it("counts a game against the computer in play, but in no pool: nobody was paired for it", async () => {
    const watcher = await guest(app.url);
    const view = await watcher.emit<LobbyCountsView>("watchLobbyCounts");
    const before = view.data as LobbyCounts;
    const g = await guest(app.url);
    const started = await g.emit<{ gameId: string }>("playComputer", {
      level: 1,
      baseTime: 90,
      increment: 30,
      color: "white",
    });
    expect(started.ok).toBe(true);
    // Read afresh (a game against the computer need not push counts to watchers at once).
    let counted = before;
    for (let i = 0; i < 50 && counted.gamesInPlay <= before.gamesInPlay; i++) {
      await sleep(100);
      counted = (await watcher.emit<LobbyCountsView>("watchLobbyCounts")).data as LobbyCounts;
    }
    expect(counted.gamesInPlay).toBeGreaterThan(before.gamesInPlay);
    expect(counted.pools.find((p) => p.poolId === "90+30")?.playing).toBe(
      before.pools.find((p) => p.poolId === "90+30")?.playing,
    );
    expect((await g.emit("abort", { gameId: started.data?.gameId })).ok).toBe(true);
    close(watcher, g);
  });

  it("takes an open lobby offer of the pool's time control at once, and the tile counts it until then", async () => {
    const watcher = await guest(app.url);
    await watcher.emit("watchLobbyCounts");
    const [owner, comer] = await Promise.all([guest(app.url), guest(app.url)]);
    const offered = watcher.next("lobbyCounts", 6_000, (c) => c.pools.find((p) => p.poolId === "15+10")?.offers === 1);
    const made = await owner.emit<{ offerId: string }>("createGameOffer", {
      baseTime: 15,
      increment: 10,
      variant: "standard",
      selectedColor: "white",
    });
    expect(made.ok).toBe(true);
    expect((await offered).pools.find((p) => p.poolId === "15+10")?.waiting).toBe(0);

    const started = [owner.next("gameStarted"), comer.next("gameStarted")] as const;
    const gone = watcher.next("lobbyCounts", 6_000, (c) => c.pools.find((p) => p.poolId === "15+10")?.offers === 0);
    // Paired at once: the answer says so, and the pool never held the player.
    expect(await comer.emit("joinPool", { poolId: "15+10" })).toEqual({
      ok: true,
      data: { poolId: null, mixed: true, reason: "paired" },
    });
    const [go, gc] = await Promise.all(started);
    expect(go.gameId).toBe(gc.gameId);
    // As if the offer had been accepted in the lobby: the colour its owner chose.
    expect(go.isWhite).toBe(true);
    expect(gc.gameLength).toEqual({ w: 900_000, b: 900_000 });
    expect((await gone).pools.find((p) => p.poolId === "15+10")?.waiting).toBe(0);
    expect((await owner.emit<{ offers: unknown[] }>("refreshLobby")).ok).toBe(true);
    close(watcher, owner, comer);
  });

  it("a player waiting in a pool takes an offer made since at the next wave: a rated game between accounts", async () => {
    const [waiter, owner] = await Promise.all([registered(app.url, "wOffA"), registered(app.url, "wOffB")]);
    await join(waiter, "2+1");
    const started = [waiter.next("gameStarted", 8_000), owner.next("gameStarted", 8_000)] as const;
    const left = waiter.next("poolChanged", 8_000, (m) => m.poolId === null);
    const made = await owner.emit("createGameOffer", {
      baseTime: 2,
      increment: 1,
      variant: "standard",
      selectedColor: "random",
    });
    expect(made.ok).toBe(true);
    const [gw, go] = await Promise.all(started);
    expect(gw.gameId).toBe(go.gameId);
    expect(gw.rated).toBe(true);
    expect((await left).poolId).toBeNull();
    close(waiter, owner);
  });

  it("leaves an offer that is not for the player: a guest's for an account, or a blocked player's", async () => {
    const [waiter, blocker, g] = await Promise.all([
      registered(app.url, "nOffA"),
      registered(app.url, "nOffB"),
      guest(app.url),
    ]);
    const blocked = await http(app.url, "POST", "/friend/block", {
      headers: { cookie: blocker.cookie ?? "" },
      body: { friendName: waiter.name },
    });
    expect(blocked.status).toBe(200);
    const offer = { baseTime: 10, increment: 5, variant: "standard", selectedColor: "random" };
    expect((await g.emit("createGameOffer", offer)).ok).toBe(true);
    expect((await blocker.emit("createGameOffer", offer)).ok).toBe(true);
    await join(waiter, "10+5", false);
    await sleep(TWO_WAVES_MS);
    for (const p of [waiter, blocker, g]) expect(p.seen.get("gameStarted")).toBeUndefined();
    const view = (await waiter.emit<LobbyCountsView>("watchLobbyCounts")).data as LobbyCountsView;
    expect(view.myPool.poolId).toBe("10+5");
    expect(view.pools.find((p) => p.poolId === "10+5")).toMatchObject({ waiting: 1, offers: 2 });
    // Playing guests too, the waiter takes the guest's offer (the blocker's stays out of reach).
    const started = [waiter.next("gameStarted", 8_000), g.next("gameStarted", 8_000)] as const;
    expect(await waiter.emit("joinPool", { poolId: "10+5", mixed: true })).toMatchObject({
      ok: true,
      data: { poolId: null, reason: "paired" },
    });
    const [gw, gg] = await Promise.all(started);
    expect(gw.gameId).toBe(gg.gameId);
    expect(blocker.seen.get("gameStarted")).toBeUndefined();
    close(waiter, blocker, g);
  });

  it("counts players online, games in play and each pool's players", async () => {
    const watcher = await guest(app.url);
    const before = (await watcher.emit<LobbyCountsView>("watchLobbyCounts")).data as LobbyCountsView;
    expect(before.pools.map((p) => p.poolId)).toEqual([
      "1+0",
      "1+2",
      "2+1",
      "3+2",
      "5+0",
      "5+5",
      "10+0",
      "10+5",
      "15+10",
      "60+15",
      "90+30",
      "120+60",
    ]);
    expect(before.playersOnline).toBeGreaterThanOrEqual(1);
    const playing = before.pools.find((p) => p.poolId === "60+15")?.playing ?? 0;
    const [a, b] = await Promise.all([guest(app.url), guest(app.url)]);
    const online = await watcher.next("lobbyCounts", 6_000, (c) => c.playersOnline >= before.playersOnline + 2);
    expect(online.playersOnline).toBeGreaterThanOrEqual(before.playersOnline + 2);
    const inPlay = watcher.next(
      "lobbyCounts",
      10_000,
      (c) => c.pools.find((p) => p.poolId === "60+15")?.playing === playing + 2,
    );
    await join(a, "60+15");
    await join(b, "60+15");
    const after = await inPlay;
    // Earlier tests' games may be aborted meanwhile (first-move limit): the total covers at least the pools'.
    expect(after.gamesInPlay).toBeGreaterThanOrEqual(after.pools.reduce((n, p) => n + p.playing, 0) / 2);
    expect(after.gamesInPlay).toBeGreaterThanOrEqual(1);
    expect(after.pools.find((p) => p.poolId === "60+15")?.waiting).toBe(0);
    // Not watching any more: nothing is sent.
    expect(await watcher.emit("unwatchLobbyCounts")).toEqual({ ok: true });
    const count = watcher.seen.get("lobbyCounts")?.length ?? 0;
    const c = await guest(app.url);
    await sleep(2_500);
    expect(watcher.seen.get("lobbyCounts")?.length ?? 0).toBe(count);
    close(watcher, a, b, c);
  });

  it.each([
    [{ poolId: "4+4" }, "poolId must be one of"],
    [{ poolId: "3+2", mixed: "yes" }, "mixed"],
    [{}, "poolId"],
    [null, "Invalid input"],
  ])("refuses joinPool %j with a clear error and changes nothing", async (payload, message) => {
    const g = await guest(app.url);
    const answer = await g.emit("joinPool", payload);
    expect(answer).toMatchObject({ ok: false, code: "validation" });
    expect(answer.message).toContain(message);
    const view = await g.emit<LobbyCountsView>("watchLobbyCounts");
    expect(view.data?.myPool.poolId).toBeNull();
    close(g);
  });

  it("refuses an event without a callback through eventRefused", async () => {
    const g = await guest(app.url);
    const refused = g.next("eventRefused");
    (g.socket as unknown as { emit(event: string, payload: unknown): void }).emit("joinPool", { poolId: "7+7" });
    expect(await refused).toMatchObject({ event: "joinPool", code: "validation" });
    close(g);
  });

  it("limits how fast a player joins pools, like offers", async () => {
    const g = await guest(app.url, { headers: { "x-forwarded-for": "203.0.113.7" } });
    for (let i = 0; i < POOL_JOINS_PER_PLAYER.limit; i++) await join(g, i % 2 ? "90+30" : "120+60");
    expect(await g.emit("joinPool", { poolId: "90+30" })).toMatchObject({ ok: false, code: "rate_limited" });
    close(g);
  });
});

// Two nodes need a database both can reach (PGlite is one process's) and Redis between them.
const scaled = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

describe.skipIf(!scaled)("quick pairing on two nodes (needs DATABASE_URL and REDIS_URL)", () => {
  let nodes: TestServer[] = [];
  let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  beforeAll(async () => {
    db = await createTestDatabase();
    const shared = redisEnv(`pairing${process.pid}`);
    nodes = [await startTestServer({ ...db.env, ...shared }), await startTestServer({ ...db.env, ...shared })];
  });
  afterAll(async () => {
    for (const n of nodes) await n.close();
    await db?.drop();
  });

  it("pairs players connected to different nodes into exactly one game, and both nodes count them", async () => {
    const [a, b] = nodes as [TestServer, TestServer];
    const watcher = await guest(b.url);
    await watcher.emit("watchLobbyCounts");
    const [onA, onB] = [await guest(a.url), await guest(b.url)];
    const seenOnB = waitingIn(watcher, "5+5", 1);
    await join(onA, "5+5");
    await seenOnB;
    const started = [onA.next("gameStarted", 8_000), onB.next("gameStarted", 8_000)] as const;
    await join(onB, "5+5");
    const [ga, gb] = await Promise.all(started);
    expect(ga.gameId).toBe(gb.gameId);
    await sleep(TWO_WAVES_MS);
    expect(onA.seen.get("gameStarted")).toHaveLength(1);
    expect(onB.seen.get("gameStarted")).toHaveLength(1);
    close(watcher, onA, onB);
  });
});
