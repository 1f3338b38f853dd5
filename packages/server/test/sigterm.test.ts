import type { ChildProcess } from "node:child_process";
import { connect } from "node:net";
import type { GameStarted, GameUpdate } from "@chess/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, http, redisEnv } from "./harness.ts";
import { guest, type Player, play, reconnect, registered, startGame } from "./players.ts";
import { freePort, spawnServer } from "./processes.ts";
import { startTcpProxy } from "./tcpProxy.ts";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let child: ChildProcess | undefined;
const prefix = `sigterm${process.pid}`;
/** "A few seconds": the stop finishes requests and writes in flight, then the process exits. */
const STOP_WITHIN_MS = 6_000;
const withPg = Boolean(process.env.DATABASE_URL);

/** The real server as its own process (so it gets a real SIGTERM), on a fixed port of 127.0.0.1. */
const spawnStoppable = (port: number, env: Record<string, string> = {}) =>
  spawnServer(port, { ...db.env, ...redisEnv(prefix), ...env });

function exited(proc: ChildProcess, timeoutMs: number): Promise<number | null> {
  return new Promise((resolve, reject) => {
    if (proc.exitCode !== null) return resolve(proc.exitCode);
    const timer = setTimeout(() => reject(new Error(`no exit within ${timeoutMs} ms`)), timeoutMs);
    proc.once("exit", (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

function dropped(p: Player, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${p.name} was not disconnected`)), timeoutMs);
    p.socket.once("disconnect", (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/** A raw TCP connection to the node, as nginx's pooled ones are: everything received, as latin1. */
async function rawConnection(port: number) {
  const socket = connect(port, "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  let received = "";
  socket.on("data", (d: Buffer) => {
    received += d.toString("latin1");
  });
  socket.on("error", () => {});
  return { socket, received: () => received };
}

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  child?.kill("SIGKILL");
  await db?.drop();
});

it("on SIGTERM mid-move: the move is kept or refused, players are dropped, clocks are credited, the game resumes", {
  timeout: 60_000,
}, async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  child = await spawnStoppable(port);
  const started = await startGame(await guest(base), await guest(base), {
    baseTime: 5,
    increment: 0,
    selectedColor: "white",
  });
  let { white, black } = started;
  const gameId = started.game.gameId;
  const updates = await play(white, black, gameId, ["e2e4", "e7e5", "d1h5", "b8c6"]);
  // White's clock runs from black's last move, at the latest from now.
  const whiteClockFrom = Date.now();
  const before = (updates.at(-1) as GameUpdate).timeLeft;
  await new Promise((r) => setTimeout(r, 1_500));

  const drops = [dropped(white, 8_000), dropped(black, 8_000)];
  const stopping = exited(child, 8_000);
  // The move leaves, and the deploy's SIGTERM follows it before any answer can come back.
  const inFlight = white
    .emit("move", { gameId, move: { from: "f1", to: "c4" }, ply: 4 }, 8_000)
    .catch(() => ({ ok: false, code: "no_answer" }));
  const signalledAt = Date.now();
  child.kill("SIGTERM");
  expect(await stopping).toBe(0);
  const exitedAt = Date.now();
  expect(exitedAt - signalledAt).toBeLessThan(STOP_WITHIN_MS);
  // Both players see the connection drop: that is what tells them (the web shows its reconnecting banner).
  // A transport close, not a server disconnect: any Socket.IO client reconnects by itself after it.
  expect(await Promise.all(drops)).toEqual(["transport close", "transport close"]);
  // A stopping node is no player leaving: neither was told their opponent went (and given a countdown).
  for (const p of [white, black]) expect(p.seen.get("opponentPresence") ?? []).toEqual([]);
  const answer = await inFlight;

  // Down for a while, as a deploy is (the restart itself takes seconds): none of it may be charged.
  await new Promise((r) => setTimeout(r, 1_000));
  child = await spawnStoppable(port);
  const upAt = Date.now();
  white = await reconnect(base, white);
  black = await reconnect(base, black);
  const resync = await black.emit<GameStarted>("resync", { gameId });
  const snapshot = resync.data as GameStarted;
  const askedAt = Date.now();
  expect(snapshot.status).toBe("active");
  const kept = snapshot.ply === 5;
  if (answer.ok) expect(kept).toBe(true);
  expect(snapshot.moves).toEqual(["e4", "e5", "Qh5", "Nc6", ...(kept ? ["Bc4"] : [])]);

  // The side to move was charged only while a server ran: before the stop and since the restart.
  const downtime = upAt - exitedAt;
  const tolerance = 1_000;
  // And the players are told: the restart, and how long nobody served the game.
  expect(snapshot.resumed?.awayMs).toBeGreaterThanOrEqual(downtime - tolerance);
  expect(snapshot.resumed?.awayMs).toBeLessThanOrEqual(upAt - signalledAt + tolerance);
  if (kept) {
    // White moved at the latest when the signal was sent; black's clock ran from then.
    expect(snapshot.timeLeft.w).toBeLessThanOrEqual(before.w);
    expect(snapshot.timeLeft.w).toBeGreaterThanOrEqual(before.w - (signalledAt - whiteClockFrom) - tolerance);
    expect(snapshot.timeLeft.b).toBeGreaterThanOrEqual(before.b - (askedAt - whiteClockFrom - downtime) - tolerance);
  } else {
    expect(Math.abs(snapshot.timeLeft.b - before.b)).toBeLessThanOrEqual(5);
    expect(snapshot.timeLeft.w).toBeLessThan(before.w - 1_000);
    expect(snapshot.timeLeft.w).toBeGreaterThanOrEqual(before.w - (askedAt - whiteClockFrom - downtime) - tolerance);
  }

  // The player re-sends what got no answer: applied now, or recognised as already applied.
  const resent = await white.emit<{ ply: number; duplicate?: boolean }>("move", {
    gameId,
    move: { from: "f1", to: "c4" },
    ply: 4,
  });
  expect(resent).toMatchObject({ ok: true, data: { ply: 5 } });
  expect(Boolean(resent.data?.duplicate)).toBe(kept);

  const over = black.next("gameOver", 5_000);
  await play(white, black, gameId, ["g8f6", "h5f7"], 5);
  expect(await over).toMatchObject({ reason: "checkmate", winningColor: "white" });
  const record = await http(base, "GET", `/history/${gameId}`);
  expect(record.json).toMatchObject({ moves: "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#", status: "finished" });
  white.socket.close();
  black.socket.close();
  child.kill("SIGTERM");
  expect(await exited(child, 8_000)).toBe(0);
});

// With PostgreSQL, a proxy between the server and the database holds the answer to the move's INSERT, so
// the signal lands while the write is really in flight.
describe.skipIf(!withPg)("SIGTERM while a move's write waits for PostgreSQL (needs DATABASE_URL)", () => {
  it("waits for the write, exits 0, and the move counts once after the restart", { timeout: 60_000 }, async () => {
    const real = new URL(db.env.DATABASE_URL as string);
    const proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) });
    const viaProxy = new URL(real);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);
    const env = { DATABASE_URL: viaProxy.toString() };
    try {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      child = await spawnStoppable(port, env);
      const started = await startGame(await guest(base), await guest(base), {
        baseTime: 5,
        increment: 0,
        selectedColor: "white",
      });
      let { white, black } = started;
      const gameId = started.game.gameId;
      await play(white, black, gameId, ["e2e4", "e7e5"]);

      const hold = proxy.holdAnswerTo("insert into game_moves");
      const drops = [dropped(white, 8_000), dropped(black, 8_000)];
      const stopping = exited(child, 8_000);
      const inFlight = white
        .emit("move", { gameId, move: { from: "g1", to: "f3" }, ply: 2 }, 8_000)
        .catch(() => ({ ok: false, code: "no_answer" }));
      await hold.held;
      const signalledAt = Date.now();
      child.kill("SIGTERM");
      // The statement ran; its answer reaches the stopping server half a second later.
      setTimeout(() => hold.release(), 500);
      expect(await stopping).toBe(0);
      expect(Date.now() - signalledAt).toBeLessThan(STOP_WITHIN_MS);
      await Promise.all(drops);
      const answer = await inFlight;

      child = await spawnStoppable(port, env);
      white = await reconnect(base, white);
      black = await reconnect(base, black);
      const snapshot = (await black.emit<GameStarted>("resync", { gameId })).data as GameStarted;
      // The row was committed, so the move stands whatever the player was told.
      expect(snapshot.moves).toEqual(["e4", "e5", "Nf3"]);
      if (!answer.ok) {
        const resent = await white.emit<{ ply: number; duplicate?: boolean }>("move", {
          gameId,
          move: { from: "g1", to: "f3" },
          ply: 2,
        });
        expect(resent).toMatchObject({ ok: true, data: { ply: 3, duplicate: true } });
      }
      const over = white.next("gameOver", 5_000);
      expect(await black.emit("forfeit", { gameId })).toMatchObject({ ok: true });
      expect(await over).toMatchObject({ reason: "resign", winningColor: "white" });
      expect((await http(base, "GET", `/history/${gameId}`)).json.moves).toBe("e4 e5 Nf3");
      white.socket.close();
      black.socket.close();
      child.kill("SIGTERM");
      expect(await exited(child, 8_000)).toBe(0);
    } finally {
      proxy.up();
      await proxy.close();
    }
  });
});

// Behind nginx a node has pooled keep-alive connections, and browsers' websockets: neither may hold a
// stopping node past its 10 s, after which it exits 1 ("Shutdown took over 10 s").
it("on SIGTERM, a pooled connection with a request in flight and a websocket that never answers let the node go", {
  timeout: 60_000,
}, async () => {
  const port = await freePort();
  child = await spawnStoppable(port);
  const ws = await rawConnection(port);
  ws.socket.write(
    "GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n" +
      "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
  );
  await expect.poll(() => ws.received()).toMatch(/^HTTP\/1\.1 101 /);
  // A login whose body has not all arrived: in flight when the signal lands.
  const pooled = await rawConnection(port);
  const body = JSON.stringify({ username: "nobody", password: "correct horse" });
  pooled.socket.write(
    `POST /user/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
  );
  await new Promise((r) => setTimeout(r, 300));

  const stopping = exited(child, 15_000);
  child.kill("SIGTERM");
  // The node closes its websockets once it has begun to stop (a close frame: 0x88), the rest of the body
  // comes after. This client never answers the close frame.
  await expect.poll(() => ws.received().includes("\x88"), { timeout: 5_000 }).toBe(true);
  pooled.socket.write(body.slice(5));
  expect(await stopping).toBe(0);
  expect(pooled.received()).toMatch(/^HTTP\/1\.1 401 [\s\S]*\r\nconnection: close\r\n/i);
});

// A game's analysis can take minutes; the player waiting for it must not hold a deploy that long.
it("on SIGTERM, a player waiting for a game's analysis is told to retry at once, and the node goes", {
  timeout: 60_000,
}, async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // Searches far longer than the test: the analysis is surely still running when the signal lands.
  child = await spawnStoppable(port, { ANALYSIS_NODES: "50000000" });
  const { white, black, game } = await startGame(await guest(base), await guest(base));
  await play(white, black, game.gameId, ["e2e4", "e7e5"]);
  expect(await white.emit("forfeit", { gameId: game.gameId })).toMatchObject({ ok: true });
  const viewer = await registered(base, "sigan");
  const headers = { "Session-ID": viewer.sessionId };
  const waiting = http(base, "GET", `/game/analysis/${game.gameId}`, { headers });
  await expect
    .poll(async () => (await http(base, "GET", `/game/analysis/${game.gameId}/progress`, { headers })).json.status)
    .toBe("running");

  const stopping = exited(child, 15_000);
  const signalledAt = Date.now();
  child.kill("SIGTERM");
  const answer = await waiting;
  expect(answer.status).toBe(503);
  expect(answer.json).toMatchObject({ code: "restarting", message: "The server is restarting - please try again" });
  expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(await stopping).toBe(0);
  expect(Date.now() - signalledAt).toBeLessThan(STOP_WITHIN_MS);
  for (const p of [white, black, viewer]) p.socket.close();
});

// The node hands its games' leases back through Redis and writes a last heartbeat to the database on its
// way out. Neither may keep it past its limit when the network to them is partitioned at that moment:
// nothing answers, and no error comes either.
describe.skipIf(!(withPg && process.env.REDIS_URL))(
  "SIGTERM with Redis and PostgreSQL unreachable (needs DATABASE_URL and REDIS_URL)",
  () => {
    it("exits 0 in time, and the game resumes once they are back", { timeout: 60_000 }, async () => {
      const proxied = async (url: string, defaultPort: number) => {
        const real = new URL(url);
        const proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || defaultPort) });
        const via = new URL(real);
        via.hostname = "127.0.0.1";
        via.port = String(proxy.port);
        return { proxy, url: via.toString() };
      };
      const redis = await proxied(process.env.REDIS_URL as string, 6379);
      const pg = await proxied(db.env.DATABASE_URL as string, 5432);
      const env = { REDIS_URL: redis.url, DATABASE_URL: pg.url };
      try {
        const port = await freePort();
        const base = `http://127.0.0.1:${port}`;
        child = await spawnStoppable(port, env);
        const started = await startGame(await guest(base), await guest(base));
        let { white, black } = started;
        const gameId = started.game.gameId;
        await play(white, black, gameId, ["e2e4", "e7e5"]);

        redis.proxy.stall();
        pg.proxy.stall();
        const stopping = exited(child, 15_000);
        const signalledAt = Date.now();
        child.kill("SIGTERM");
        expect(await stopping).toBe(0);
        // Its bounded steps (engine jobs 3 s, then Redis and the database pool 2 s) keep it under its 10 s.
        expect(Date.now() - signalledAt).toBeLessThan(8_000);

        redis.proxy.up();
        pg.proxy.up();
        child = await spawnStoppable(port, env);
        white = await reconnect(base, white);
        black = await reconnect(base, black);
        // The lease was not handed back: the new node takes the game over once it lapses.
        await expect
          .poll(async () => (await white.emit<GameStarted>("resync", { gameId })).data?.status, { timeout: 20_000 })
          .toBe("active");
        await play(white, black, gameId, ["g1f3"], 2);
        white.socket.close();
        black.socket.close();
        child.kill("SIGTERM");
        expect(await exited(child, 8_000)).toBe(0);
      } finally {
        for (const { proxy } of [redis, pg]) {
          proxy.up();
          await proxy.close();
        }
      }
    });
  },
);
