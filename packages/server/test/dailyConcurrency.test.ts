import type { DailyMoved } from "@chess/shared";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ask, dailyGame, squares, startDaily } from "./dailyPlay.ts";
import { connect, createTestDatabase, http, redisEnv, startTestServer, type TestServer } from "./harness.ts";
import { guest, type Player, registered } from "./players.ts";

// Two nodes need a database both reach (PGlite is one process's) and Redis between them; alone, the two
// moves race on one node, through the same compare-and-set.
const scaled = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
let nodes: TestServer[] = [];
let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;

beforeAll(async () => {
  db = await createTestDatabase();
  const shared = redisEnv(`daily${process.pid}`);
  nodes = [await startTestServer({ ...db.env, ...shared })];
  if (scaled) nodes.push(await startTestServer({ ...db.env, ...shared }));
});

afterAll(async () => {
  for (const n of nodes) await n.close();
  await db?.drop();
});

it("stores one of two moves sent at once for one position (on two nodes when scaled), and loses nothing", async () => {
  const [a, b = a] = nodes as [TestServer, TestServer?];
  const white = await registered(a.url, "kw");
  const black = await registered(a.url, "kb");
  const gameId = await startDaily(a.url, white, black);
  // White's second tab on the other node; a spectator on each.
  const { socket: tab } = await connect(b.url, { sessionId: white.sessionId, cookie: white.cookie });
  const watchers: Player[] = [await guest(a.url), await guest(b.url)];
  for (const p of [black, ...watchers]) await p.emit("followDaily", { gameId });
  await new Promise((r) => setTimeout(r, 200));

  const [one, two] = await Promise.all([
    white.emit("dailyMove", { gameId, move: squares("e2e4"), ply: 0 }),
    ask(tab, "dailyMove", { gameId, move: squares("d2d4"), ply: 0 }),
  ]);
  const answers = [one, two];
  expect(answers.filter((x) => x.ok)).toHaveLength(1);
  expect(answers.find((x) => !x.ok)).toMatchObject({ code: "resync" });

  const game = await dailyGame(a.url, gameId);
  expect(game.ply).toBe(1);
  const stored = game.lastMove;
  expect(["e2e4", "d2d4"]).toContain(stored);
  // Each follower, on either node, heard the stored move once, and no other.
  await new Promise((r) => setTimeout(r, 500));
  for (const p of [black, ...watchers]) {
    const moved = (p.seen.get("dailyMoved") ?? []) as DailyMoved[];
    expect(moved.map((m) => m.uci)).toEqual([stored]);
  }
  // The game goes on from the stored move: Black answers it, and the loser's resend is refused.
  expect((await black.emit("dailyMove", { gameId, move: squares("g8f6"), ply: 1 })).ok).toBe(true);
  expect(await white.emit("dailyMove", { gameId, move: squares("c2c4"), ply: 1 })).toMatchObject({ code: "resync" });
  expect((await http(b.url, "GET", `/history/${gameId}`)).json.moves).toBe(`${stored === "e2e4" ? "e4" : "d4"} Nf6`);
  tab.close();
  for (const p of [white, black, ...watchers]) p.socket.close();
});
