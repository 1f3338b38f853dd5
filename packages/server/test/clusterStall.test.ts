import type { GameStarted, GameUpdate } from "@chess/shared";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createTestDatabase, http, redisEnv, startTestServer, type TestServer } from "./harness.ts";
import { guest, type Player, play } from "./players.ts";
import { startTcpProxy, type TcpProxy } from "./tcpProxy.ts";

// Two nodes on one PostgreSQL that stalls (a partition: nothing answers, nothing fails). The machine's
// PostgreSQL and Redis serve other test files, so each node reaches the database through a proxy of its own.
const scaled = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const NEEDS = "needs DATABASE_URL and REDIS_URL; CI sets both";
const STATEMENT_TIMEOUT_MS = 5_000;

interface Cluster {
  a: TestServer;
  b: TestServer;
  proxies: TcpProxy[];
  direct: pg.Client;
}

async function twoNodes(fn: (c: Cluster) => Promise<void>): Promise<void> {
  const db = await createTestDatabase();
  const real = new URL(db.env.DATABASE_URL as string);
  const proxies = [
    await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) }),
    await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) }),
  ];
  const via = (proxy: TcpProxy) => {
    const url = new URL(real);
    url.hostname = "127.0.0.1";
    url.port = String(proxy.port);
    return url.toString();
  };
  const direct = new pg.Client({ connectionString: real.toString() });
  await direct.connect();
  const shared = redisEnv(`stall${process.pid}_${Math.random().toString(36).slice(2, 6)}`);
  const nodes: TestServer[] = [];
  try {
    for (const proxy of proxies) nodes.push(await startTestServer({ ...shared, DATABASE_URL: via(proxy) }));
    const deadline = Date.now() + 15_000;
    for (const n of nodes) {
      while (Number((await http(n.url, "GET", "/health")).json.nodes) < 2 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    await fn({ a: nodes[0] as TestServer, b: nodes[1] as TestServer, proxies, direct });
  } finally {
    for (const p of proxies) p.up();
    for (const n of nodes) await n.close();
    for (const p of proxies) await p.close();
    await direct.end();
    await db.drop();
  }
}

async function waitHealthy(url: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await http(url, "GET", "/health")).status === 200) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not get its database back`);
}

async function storedMoves(direct: pg.Client, gameId: string): Promise<string[]> {
  const rows = await direct.query<{ san: string }>("select san from game_moves where game_id = $1 order by ply", [
    gameId,
  ]);
  return rows.rows.map((r) => r.san);
}

/** A game between a guest on node A (White) and one on node B, accepted on B: B writes it. */
async function gameAcross(a: TestServer, b: TestServer) {
  const onA = await guest(a.url);
  const onB = await guest(b.url);
  const created = await onA.emit<{ offerId: string }>("createGameOffer", {
    baseTime: 5,
    increment: 0,
    variant: "standard",
    selectedColor: "white",
  });
  const started = [onA.next("gameStarted"), onB.next("gameStarted")];
  expect((await onB.emit("acceptGameOffer", { offerId: created.data?.offerId })).ok).toBe(true);
  const [game] = await Promise.all(started);
  return { white: onA, black: onB, gameId: game?.gameId as string };
}

const updates = (p: Player) => (p.seen.get("update") ?? []) as GameUpdate[];

describe.skipIf(!scaled).concurrent(`two nodes, the database stalled (${NEEDS})`, () => {
  it(
    "answers a move passed from one node to the game's writer within the statement timeout, and never applies it behind the mover's back",
    { timeout: 60_000 },
    () =>
      twoNodes(async ({ a, b, proxies, direct }) => {
        const { white, black, gameId } = await gameAcross(a, b);
        // White's moves travel from A to B.
        await play(white, black, gameId, ["e2e4", "e7e5"]);
        for (const p of proxies) p.stall();
        const stalledAt = Date.now();

        const move = { gameId, move: { from: "g1", to: "f3" }, ply: 2 };
        const sent = Date.now();
        const answer = await white.emit("move", move, 15_000);
        const waited = Date.now() - sent;
        // Not "failed, try again": B cannot know yet whether the write will be stored.
        expect(answer).toMatchObject({ ok: false, code: "unsettled" });
        expect(waited).toBeLessThan(STATEMENT_TIMEOUT_MS + 750);
        // Tried again in the stall: answered by the deadline as well.
        const again = Date.now();
        expect((await white.emit("move", move, 15_000)).ok).toBe(false);
        expect(Date.now() - again).toBeLessThan(STATEMENT_TIMEOUT_MS + 750);
        // A resignation passed on from A is bounded the same way, and ends nothing while the stall lasts.
        const resigned = Date.now();
        expect((await white.emit("forfeit", { gameId }, 15_000)).ok).toBe(false);
        expect(Date.now() - resigned).toBeLessThan(STATEMENT_TIMEOUT_MS + 750);
        // The clocks stand still, and both players are told, White on the other node too.
        expect(white.seen.get("clocksHeld")).toBeDefined();
        expect(black.seen.get("clocksHeld")).toBeDefined();
        expect(updates(black)).toHaveLength(2);

        await new Promise((r) => setTimeout(r, stalledAt + 15_000 - Date.now()));
        const resumed = black.next("clocksResumed", 20_000);
        for (const p of proxies) p.up();
        await Promise.all([waitHealthy(a.url), waitHealthy(b.url)]);
        await resumed;
        // What the players were shown is what is stored: the stalled write never reached the database.
        const stored = await storedMoves(direct, gameId);
        expect(stored).toEqual(["e4", "e5"]);
        expect(updates(black)).toHaveLength(2);
        expect(white.seen.get("gameOver")).toBeUndefined();
        const view = await white.emit<GameStarted>("resync", { gameId });
        expect(view.data).toMatchObject({ ply: 2, status: "active", currentTurn: "w", clockRunning: true });
        // And the move goes through now, once.
        const echoed = black.next("update", 5_000, (u) => u.ply === 3);
        expect(await white.emit("move", move, 10_000)).toMatchObject({ ok: true, data: { ply: 3 } });
        expect((await echoed).move.san).toBe("Nf3");
        expect(await storedMoves(direct, gameId)).toEqual(["e4", "e5", "Nf3"]);
        white.socket.close();
        black.socket.close();
      }),
  );
});
