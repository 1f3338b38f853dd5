import type { ChildProcess } from "node:child_process";
import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, http } from "./harness.ts";
import { guest, type Player, reconnect } from "./players.ts";
import { freePort, hasRedisServer, spawnServer, startRedis, stop } from "./processes.ts";
import { startTcpProxy } from "./tcpProxy.ts";

/** The plies stored for a game, read straight from the database. */
async function storedPlies(gameId: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: db?.env.DATABASE_URL });
  await client.connect();
  try {
    const rows = await client.query<{ ply: number }>("select ply from game_moves where game_id = $1 order by ply", [
      gameId,
    ]);
    return rows.rows.map((r) => r.ply);
  } finally {
    await client.end();
  }
}

// Two nodes as real processes on PostgreSQL and a Redis of this file's own (so it can be restarted).
const runs = Boolean(process.env.DATABASE_URL) && hasRedisServer();
const NEEDS = "needs DATABASE_URL and redis-server; CI has both";

let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let redisPort = 0;
let redis: ChildProcess | undefined;
const nodes: ChildProcess[] = [];

async function startNode(redisVia = redisPort): Promise<{ url: string; proc: ChildProcess }> {
  const port = await freePort();
  const proc = await spawnServer(port, {
    ...db?.env,
    REDIS_URL: `redis://127.0.0.1:${redisVia}`,
    REDIS_PREFIX: "failover",
  });
  nodes.push(proc);
  return { url: `http://127.0.0.1:${port}`, proc };
}

/** Both nodes count each other (Socket.IO's node count over Redis). */
async function meshed(urls: string[]) {
  for (const url of urls) {
    const deadline = Date.now() + 15_000;
    while (Number((await http(url, "GET", "/health")).json?.nodes) < urls.length) {
      if (Date.now() > deadline) throw new Error(`${url} does not see the other node`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

const squares = (uci: string) => ({ from: uci.slice(0, 2), to: uci.slice(2, 4) });

/** Sends a move until it is accepted: "unavailable" is the retryable answer while a game changes node. */
async function moveUntilAccepted(p: Player, gameId: string, uci: string, ply: number, ms = 25_000) {
  const deadline = Date.now() + ms;
  const refusals: string[] = [];
  for (;;) {
    const ack = await p
      .emit<{ ply: number }>("move", { gameId, move: squares(uci), ply }, 4_000)
      .catch(() => ({ ok: false, code: "timeout", message: "no answer" }));
    if (ack.ok) return { ack, refusals };
    if (ack.code !== "unavailable" && ack.code !== "timeout") throw new Error(`${uci} refused: ${ack.message}`);
    refusals.push(ack.code);
    if (Date.now() > deadline) throw new Error(`${uci} not accepted within ${ms} ms: ${refusals.join(", ")}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/**
 * Two nodes that see each other, White a guest on the first, Black on the second, and a game between
 * them: White offered on node one, Black accepted on node two, which therefore writes it.
 */
async function twoNodesWithGame(opts: { twoRedisVia?: number } = {}) {
  const one = await startNode();
  const two = await startNode(opts.twoRedisVia);
  await meshed([one.url, two.url]);
  const white = await guest(one.url);
  const black = await guest(two.url);
  return { one, two, white, black, gameId: await gameBetween(white, black) };
}

/** White offers a 5+0 game, Black accepts it (on Black's node, which therefore writes it); its id. */
async function gameBetween(white: Player, black: Player): Promise<string> {
  const created = await white.emit<{ offerId: string }>("createGameOffer", {
    baseTime: 5,
    increment: 0,
    variant: "standard",
    selectedColor: "white",
  });
  const started = [white.next("gameStarted"), black.next("gameStarted")];
  expect((await black.emit("acceptGameOffer", { offerId: created.data?.offerId })).ok).toBe(true);
  const [game] = await Promise.all(started);
  return game?.gameId as string;
}

beforeAll(async () => {
  if (!runs) return;
  db = await createTestDatabase();
  redisPort = await freePort();
  redis = await startRedis(redisPort);
});

afterAll(async () => {
  await Promise.all(nodes.map((n) => stop(n, "SIGKILL")));
  await stop(redis, "SIGKILL");
  await db?.drop();
});

describe.skipIf(!runs)(`a two-node cluster under faults (${NEEDS})`, () => {
  it("goes on through the other node when the node writing the game is killed", { timeout: 90_000 }, async () => {
    const { one, two, white, ...game } = await twoNodesWithGame();
    let { black } = game;
    const { gameId } = game;
    await moveUntilAccepted(white, gameId, "f2f3", 0);
    await moveUntilAccepted(black, gameId, "e7e5", 1);
    const before = (await white.emit<{ timeLeft: { w: number; b: number } }>("resync", { gameId })).data?.timeLeft;
    // White thinks for 3 s before the node dies: that time is White's, whoever writes the game next.
    await new Promise((r) => setTimeout(r, 3_000));

    await stop(two.proc, "SIGKILL");
    black = await reconnect(one.url, black);
    // Nobody listens on the dead node's channel any more: node one takes the game over without waiting
    // for the lease to lapse.
    const t = Date.now();
    await moveUntilAccepted(white, gameId, "g2g4", 2);
    expect(Date.now() - t).toBeLessThan(5_000);
    const over = [white.next("gameOver", 10_000), black.next("gameOver", 10_000)];
    await moveUntilAccepted(black, gameId, "d8h4", 3);
    const [seen] = await Promise.all(over);
    expect(seen).toMatchObject({ winningColor: "black" });

    const record = await http(one.url, "GET", `/history/${gameId}`);
    expect(record.json.moves).toBe("f3 e5 g4 Qh4#");
    const after = (await white.emit<{ timeLeft: { w: number; b: number } }>("resync", { gameId })).data?.timeLeft;
    // White's 3 s of thinking are charged (the dead node's last heartbeat is at most 0.5 s old), but not
    // all the seconds the game had no node.
    expect(after?.w).toBeLessThanOrEqual((before?.w ?? 0) - 2_400);
    expect(after?.w).toBeGreaterThan((before?.w ?? 0) - 11_000);
    expect(after?.b).toBeLessThanOrEqual(before?.b ?? 0);
    white.socket.close();
    black.socket.close();
    await stop(one.proc);
  });

  it("charges only until the last node that wrote the game, not one that took its lease and died", {
    timeout: 90_000,
  }, async () => {
    const { one, two, white, black, gameId } = await twoNodesWithGame();
    await moveUntilAccepted(white, gameId, "f2f3", 0);
    await moveUntilAccepted(black, gameId, "e7e5", 1);
    const asked = Date.now();
    const before = (await white.emit<{ timeLeft: { w: number; b: number } }>("resync", { gameId })).data?.timeLeft;
    const told = Date.now();
    // White thinks for 2 s before the node writing the game dies.
    await new Promise((r) => setTimeout(r, 2_000));
    const killing = Date.now();
    await stop(two.proc, "SIGKILL");
    const killed = Date.now();
    // A third node takes the dead node's lease and dies before its takeover is stored: the lease names a
    // node that never served the game, and no heartbeat of it says when the game was last served.
    const redisClient = new Redis(redisPort, "127.0.0.1");
    try {
      await redisClient.set(`failover:game:${gameId}:node`, "ghost-node", "PX", 30_000);
    } finally {
      redisClient.disconnect();
    }

    // White's move makes node one take the game over from the ghost.
    await moveUntilAccepted(white, gameId, "g2g4", 2);
    const after = (await white.emit<{ timeLeft: { w: number; b: number } }>("resync", { gameId })).data?.timeLeft;
    const charged = (before?.w ?? 0) - (after?.w ?? 0);
    // White's thinking until the writer died is charged (its last heartbeat is at most 0.5 s old), not
    // refunded for want of a heartbeat of the ghost's.
    expect(charged).toBeGreaterThan(killing - told - 700);
    expect(charged).toBeLessThan(killed - asked + 1_500);
    expect(after?.b).toBeLessThanOrEqual(before?.b ?? 0);
    white.socket.close();
    black.socket.close();
    await stop(one.proc);
  });

  it("hands the games of a node stopped with SIGTERM to the other node at once", { timeout: 90_000 }, async () => {
    const { one, two, white, ...game } = await twoNodesWithGame();
    let { black } = game;
    const { gameId } = game;
    await moveUntilAccepted(white, gameId, "d2d4", 0);
    await moveUntilAccepted(black, gameId, "d7d5", 1);
    expect(await stop(two.proc, "SIGTERM")).toBe(0);
    black = await reconnect(one.url, black);
    // The lease was given back: no waiting for it to lapse.
    const t = Date.now();
    await moveUntilAccepted(white, gameId, "c2c4", 2);
    expect(Date.now() - t).toBeLessThan(5_000);
    await moveUntilAccepted(black, gameId, "e7e6", 3);
    const view = await black.emit<{ moves: string[]; status: string }>("resync", { gameId });
    expect(view.data).toMatchObject({ moves: ["d4", "d5", "c4", "e6"], status: "active" });
    white.socket.close();
    black.socket.close();
    await stop(one.proc);
  });

  it("has the computer move on the node that takes its game over", { timeout: 90_000 }, async () => {
    const one = await startNode();
    const two = await startNode();
    await meshed([one.url, two.url]);
    let player = await guest(one.url);
    // Level 8 thinks for a second as White: node one dies before it has moved.
    const started = player.next("gameStarted");
    const asked = await player.emit<{ gameId: string }>("playComputer", {
      level: 8,
      baseTime: 5,
      increment: 0,
      color: "black",
    });
    expect(asked.ok).toBe(true);
    const gameId = asked.data?.gameId as string;
    await started;
    await stop(one.proc, "SIGKILL");
    expect(await storedPlies(gameId)).toEqual([]);

    player = await reconnect(two.url, player);
    const computerMoved = player.next("update", 20_000, (u) => u.gameId === gameId && u.ply === 1);
    // Looking at the game from node two finds its writer dead: node two takes it over and the computer,
    // whose turn it is there, moves.
    await player.emit("resync", { gameId });
    await computerMoved;
    expect(await storedPlies(gameId)).toEqual([1]);
    const { ack } = await moveUntilAccepted(player, gameId, "e7e5", 1);
    expect(ack.ok).toBe(true);
    await player.next("update", 20_000, (u) => u.gameId === gameId && u.ply === 3);
    expect(await storedPlies(gameId)).toEqual([1, 2, 3]);
    player.socket.close();
    await stop(two.proc);
  });

  it("survives a Redis restart mid-game: no crash, no lost or doubled move, nodes converge", {
    timeout: 90_000,
  }, async () => {
    const { one, two, white, black, gameId } = await twoNodesWithGame();
    const line = ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6"];
    const mover = (ply: number) => (ply % 2 === 0 ? white : black);
    for (let ply = 0; ply < 3; ply++) await moveUntilAccepted(mover(ply), gameId, line[ply] as string, ply);

    await stop(redis, "SIGKILL");
    await new Promise((r) => setTimeout(r, 1_000));
    redis = await startRedis(redisPort);
    for (let ply = 3; ply < 7; ply++) await moveUntilAccepted(mover(ply), gameId, line[ply] as string, ply);
    // Converged: both nodes count each other again, and a move made on one reaches the other at once.
    await meshed([one.url, two.url]);
    const echo = white.next("update", 10_000, (u) => u.ply === 8);
    await moveUntilAccepted(black, gameId, line[7] as string, 7);
    await echo;

    expect(one.proc.exitCode).toBeNull();
    expect(two.proc.exitCode).toBeNull();
    const view = await white.emit<{ moves: string[] }>("resync", { gameId });
    expect(view.data?.moves).toEqual(["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"]);
    white.socket.close();
    black.socket.close();
  });
});

describe.skipIf(!runs)(`a node cut off from Redis alone (${NEEDS})`, () => {
  it("stops writing its games and sends their players on; the other node takes over, one writer throughout", {
    timeout: 90_000,
  }, async () => {
    const proxy = await startTcpProxy({ host: "127.0.0.1", port: redisPort });
    try {
      // Node two (Black's, so the game's writer) reaches Redis through the proxy; node one directly.
      const { one, two, white, ...game } = await twoNodesWithGame({ twoRedisVia: proxy.port });
      let { black } = game;
      const { gameId } = game;
      await moveUntilAccepted(white, gameId, "e2e4", 0);
      await moveUntilAccepted(black, gameId, "e7e5", 1);

      const dropped = new Promise<[number, string]>((resolve) =>
        black.socket.once("disconnect", (reason) => resolve([Date.now(), reason])),
      );
      const cutAt = Date.now();
      proxy.stall();
      // Node two can no longer renew its lease: within a lease (6 s, renewed every 2 s) it lets the game go
      // and drops its players' sockets; node one takes the game over with the next epoch.
      // White, on node one, keeps trying a move: it is taken once node one holds the game.
      const taken = moveUntilAccepted(white, gameId, "g1f3", 2).then(() => Date.now());
      const [droppedAt, reason] = await dropped;
      expect(droppedAt - cutAt).toBeLessThan(12_000);
      // As after a network drop, so that any Socket.IO client reconnects by itself (through the load balancer).
      expect(reason).toBe("transport close");
      // Node two let go of the game before node one could take it: never two nodes serving it at once.
      expect(droppedAt).toBeLessThanOrEqual(await taken);
      black = await reconnect(one.url, black);
      await moveUntilAccepted(black, gameId, "b8c6", 3);
      await moveUntilAccepted(white, gameId, "f1b5", 4);

      // Node two is up and its database reachable, yet it wrote nothing more: every move is stored once.
      expect(two.proc.exitCode).toBeNull();
      const record = await white.emit<{ moves: string[]; ply: number }>("resync", { gameId });
      expect(record.data).toMatchObject({ moves: ["e4", "e5", "Nf3", "Nc6", "Bb5"], ply: 5 });
      const stored = await storedPlies(gameId);
      expect(stored).toEqual([1, 2, 3, 4, 5]);
      white.socket.close();
      black.socket.close();
      proxy.up();
      await stop(one.proc);
      await stop(two.proc);
    } finally {
      await proxy.close();
    }
  });
});

describe.skipIf(!runs)(`a node whose Redis stalls (${NEEDS})`, () => {
  it("still sends a move to an opponent on the same node at once, and to the other nodes once Redis is back", {
    timeout: 60_000,
  }, async () => {
    const proxy = await startTcpProxy({ host: "127.0.0.1", port: redisPort });
    try {
      // White and Black both play on node two, which reaches Redis through the proxy; a watcher on node one.
      const one = await startNode();
      const two = await startNode(proxy.port);
      await meshed([one.url, two.url]);
      const [white, black] = [await guest(two.url), await guest(two.url)];
      const gameId = await gameBetween(white, black);
      const watcher = await guest(one.url);
      expect((await watcher.emit("watch", { gameId })).ok).toBe(true);
      await moveUntilAccepted(white, gameId, "e2e4", 0);
      await watcher.next("update", 10_000, (u) => u.gameId === gameId && u.ply === 1);

      // Redis answers nothing, for less than a lease: the game stays on node two and its moves are stored.
      proxy.stall();
      const heard = white.next("update", 2_000, (u) => u.gameId === gameId && u.ply === 2);
      const watched = watcher.next("update", 20_000, (u) => u.gameId === gameId && u.ply === 2);
      expect((await black.emit("move", { gameId, move: squares("e7e5"), ply: 1 })).ok).toBe(true);
      // White sees it while Redis is still stalled (it used to wait for Redis, White's clock running).
      expect(await heard).toMatchObject({ fen: expect.stringContaining("4p3/4P3"), currentTurn: "w" });
      expect(await storedPlies(gameId)).toEqual([1, 2]);
      proxy.up();
      // The watcher on the other node hears of it through the stream, once Redis is back.
      await watched;
      white.socket.close();
      black.socket.close();
      watcher.socket.close();
      await stop(one.proc);
      await stop(two.proc);
    } finally {
      await proxy.close();
    }
  });
});
