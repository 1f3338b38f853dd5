import type { ChildProcess } from "node:child_process";
import type { GameStarted, WatchList } from "@chess/shared";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, http, redisEnv } from "./harness.ts";
import { guest, type Player, play, reconnect, startGame } from "./players.ts";
import { freePort, spawnServer } from "./processes.ts";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let child: ChildProcess | undefined;
const prefix = `crash${process.pid}`;

/** The real server as its own process (so it can be SIGKILLed), on a fixed port of 127.0.0.1. */
const spawnCrashable = (port: number) => spawnServer(port, { ...db.env, ...redisEnv(prefix) });

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  child?.kill("SIGKILL");
  await db?.drop();
});

it("loses no acknowledged move when the server is killed with SIGKILL mid-game", { timeout: 240_000 }, async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  child = await spawnCrashable(port);
  let white: Player;
  let black: Player;
  const started = await startGame(await guest(base), await guest(base), {
    baseTime: 5,
    increment: 0,
    selectedColor: "white",
  });
  white = started.white;
  black = started.black;
  const gameId = started.game.gameId;
  await play(white, black, gameId, ["e2e4", "e7e5", "g1f3", "b8c6"]);
  // The fifth move is acknowledged, then the process dies before anything else can happen.
  const ack = await white.emit("move", { gameId, move: { from: "f1", to: "b5" }, ply: 4 });
  expect(ack.ok).toBe(true);
  const clocksBefore = (await white.emit<{ timeLeft: { w: number; b: number } }>("resync", { gameId })).data?.timeLeft;
  child.kill("SIGKILL");
  await new Promise((r) => child?.once("exit", r));

  child = await spawnCrashable(port);
  white = await reconnect(base, white);
  black = await reconnect(base, black);
  const snapshot = await black.emit<{
    moves: string[];
    ply: number;
    status: string;
    timeLeft: { w: number; b: number };
  }>("resync", { gameId });
  expect(snapshot.data?.moves).toEqual(["e4", "e5", "Nf3", "Nc6", "Bb5"]);
  expect(snapshot.data?.status).toBe("active");
  // Clocks are sane: nobody gained time, and black lost at most the seconds of the outage.
  expect(snapshot.data?.timeLeft.w).toBeLessThanOrEqual(clocksBefore?.w ?? 0);
  expect(snapshot.data?.timeLeft.b).toBeGreaterThan((clocksBefore?.b ?? 0) - 15_000);

  // The game goes on from where it was.
  await play(white, black, gameId, ["a7a6"], 5);
  const resent = await black.emit<{ duplicate?: boolean }>("move", { gameId, move: { from: "a7", to: "a6" }, ply: 5 });
  expect(resent.data?.duplicate).toBe(true);
  const record = await http(base, "GET", `/history/${gameId}`);
  expect(record.json.moves).toBe("e4 e5 Nf3 Nc6 Bb5 a6");
  white.socket.close();
  black.socket.close();
});

it("charges the side to move only while a server ran, through two crashes in a row, and lists that clock", {
  timeout: 240_000,
}, async () => {
  // One server at a time on the test's database.
  if (child && child.exitCode === null) {
    child.kill("SIGKILL");
    await new Promise((r) => child?.once("exit", r));
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  child = await spawnCrashable(port);
  const started = await startGame(await guest(base), await guest(base), {
    baseTime: 5,
    increment: 0,
    selectedColor: "white",
  });
  const { gameId } = started.game;
  await play(started.white, started.black, gameId, ["e2e4", "e7e5", "g1f3", "b8c6"]);
  // White thinks from here on. Both players go: after each restart White's clock waits RECONNECT_GRACE_MS for
  // them, longer than each server below runs, so only the first run is charged (up to a heartbeat less).
  const before = (await started.white.emit<GameStarted>("resync", { gameId })).data?.timeLeft.w ?? 0;
  const firstUpAt = Date.now();
  started.white.socket.close();
  started.black.socket.close();
  let firstRun = 0;
  for (let crash = 0; crash < 2; crash++) {
    // What the restart credited is stored before it answers (with its claim on the game), so a crash
    // right after cannot undo it.
    await new Promise((r) => setTimeout(r, 1_000));
    child.kill("SIGKILL");
    await new Promise((r) => child?.once("exit", r));
    if (crash === 0) firstRun = Date.now() - firstUpAt;
    await new Promise((r) => setTimeout(r, 3_000));
    child = await spawnCrashable(port);
  }
  const watcher = await guest(base);
  const listed = (await watcher.emit<WatchList>("followWatchList")).data?.games.find((g) => g.gameId === gameId);
  const snapshot = (await watcher.emit<GameStarted>("resync", { gameId })).data;
  const charged = before - (snapshot?.timeLeft.w ?? 0);
  expect(charged).toBeLessThanOrEqual(firstRun + 500);
  expect(charged).toBeGreaterThanOrEqual(firstRun - 1_500);
  // Stopped while White is away, until RECONNECT_GRACE_MS after the restart at the latest.
  expect(snapshot?.clockRunning).toBe(false);
  expect(snapshot?.clockStartsAt).toBeGreaterThan(snapshot?.serverTime ?? 0);
  // The Watch list shows the same clock (it read the time a move row holds, the outages charged).
  expect(Math.abs((listed?.timeLeft.w ?? 0) - (snapshot?.timeLeft.w ?? 0))).toBeLessThan(1_000);

  // White comes back: the clock runs from then.
  const white = await reconnect(base, started.white);
  await new Promise((r) => setTimeout(r, 1_500));
  const later = (await white.emit<GameStarted>("resync", { gameId })).data;
  expect(later?.clockRunning).toBe(true);
  const since = (snapshot?.timeLeft.w ?? 0) - (later?.timeLeft.w ?? 0);
  expect(since).toBeGreaterThanOrEqual(1_000);
  expect(since).toBeLessThanOrEqual(2_500);
  white.socket.close();
  watcher.socket.close();
});
