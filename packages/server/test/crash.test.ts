import type { ChildProcess } from "node:child_process";
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

it("loses no acknowledged move when the server is killed with SIGKILL mid-game", { timeout: 90_000 }, async () => {
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
