import type { ChildProcess } from "node:child_process";
import type { ArenaStandingsPage, ArenaSummary } from "@chess/shared";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Account, account, moveUntilAccepted, until } from "./arenaClients.ts";
import { createTestDatabase, http } from "./harness.ts";
import { uniqueName } from "./players.ts";
import { freePort, spawnServer, stop } from "./processes.ts";

// The one node of a site without Redis, as its own process: killed with SIGKILL mid-arena and started again on
// the same data (the "a restart of the single node"), as crash.test.ts does with a game.

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let child: ChildProcess | undefined;

const spawnNode = (port: number) =>
  spawnServer(port, { ...db.env, REDIS_URL: undefined, ARENA_COUNTDOWN_MS: "1500", ARENA_SCHEDULE: "false" });

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await stop(child, "SIGKILL");
  await db?.drop();
});

interface Paired {
  gameId: string;
  color: "w" | "b";
}
const pairings = (p: Account) => (p.seen.get("arenaPaired") ?? []) as Paired[];

/** White opens f3 and g4, Black mates with Qh4: Black wins in 4 plies (a counted game). */
async function foolsMate(players: Account[], gameId: string, fromPly = 0) {
  const white = players.find((p) => pairings(p).some((g) => g.gameId === gameId && g.color === "w"))!;
  const black = players.find((p) => pairings(p).some((g) => g.gameId === gameId && g.color === "b"))!;
  const moves = ["f2f3", "e7e5", "g2g4", "d8h4"];
  for (let ply = fromPly; ply < moves.length; ply++) {
    await moveUntilAccepted(ply % 2 === 0 ? white : black, gameId, moves[ply]!, ply);
  }
  return { white, black };
}

it("an arena goes on across a SIGKILL and restart of its only node: no result lost or counted twice, nobody in two games", {
  timeout: 240_000,
}, async () => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  child = await spawnNode(port);
  let players = await Promise.all(["ra", "rb", "rc", "rd"].map((n) => account(url, uniqueName(n))));
  const made = await http(url, "POST", "/tournaments", {
    body: { baseTime: 3, increment: 0, durationMinutes: 20 },
    headers: { cookie: players[0]!.cookie },
  });
  expect(made.status).toBe(201);
  const arena = made.json as unknown as ArenaSummary;
  for (const p of players) expect((await p.emit("joinArena", { tournamentId: arena.id })).ok).toBe(true);

  // The start: two games, each player in one.
  await until("paired", async () => (players.every((p) => pairings(p).length === 1) ? true : undefined));
  const games = [...new Set(players.map((p) => pairings(p)[0]!.gameId))];
  expect(games).toHaveLength(2);
  const [first, second] = games as [string, string];

  // The first game ends before the kill; the second is two plies in when the node dies.
  const firstEnd = await foolsMate(players, first);
  await moveUntilAccepted(
    players.find((p) => pairings(p)[0]!.gameId === second && pairings(p)[0]!.color === "w")!,
    second,
    "f2f3",
    0,
  );
  await moveUntilAccepted(
    players.find((p) => pairings(p)[0]!.gameId === second && pairings(p)[0]!.color === "b")!,
    second,
    "e7e5",
    1,
  );
  await until("first result scored", async () => {
    const page = (await http(url, "GET", `/tournaments/${arena.id}/standings`)).json as unknown as ArenaStandingsPage;
    return page.rows.some((r) => r.points === 2) ? true : undefined;
  });
  child.kill("SIGKILL");
  await new Promise((r) => child?.once("exit", r));

  child = await spawnNode(port);
  for (const p of players) p.socket.close();
  players = await Promise.all(
    players.map(async (p) => {
      const again = await account(url, p.name, p.sessionId, p.cookie);
      // What the first node told them, so that the moves below find the colours.
      again.seen.set("arenaPaired", pairings(p));
      expect((await again.emit("followArena", { tournamentId: arena.id })).ok).toBe(true);
      return again;
    }),
  );
  const secondEnd = await foolsMate(players, second, 2);

  // The arena goes on: all four are free and paired again, each in exactly one new game, none with the
  // opponent just met.
  await until("paired again", async () => (players.every((p) => pairings(p).length === 2) ? true : undefined));
  await new Promise((r) => setTimeout(r, 2_000));
  expect(players.map((p) => pairings(p).length)).toEqual([2, 2, 2, 2]);
  const next = players.map((p) => pairings(p)[1]!.gameId);
  expect(new Set(next).size).toBe(2);
  for (const g of new Set(next)) expect(next.filter((x) => x === g)).toHaveLength(2);
  // The first game's players as they are now (their sockets on the restarted node).
  const now = (p: Account) => players.find((x) => x.name === p.name)!;
  const opponents = (a: Account, b: Account) => pairings(now(a))[1]!.gameId === pairings(now(b))[1]!.gameId;
  expect(opponents(firstEnd.white, firstEnd.black)).toBe(false);
  expect(opponents(secondEnd.white, secondEnd.black)).toBe(false);

  // Each of the two results once: the winners 2 points from one game, the losers none.
  const page = (await http(url, "GET", `/tournaments/${arena.id}/standings`)).json as unknown as ArenaStandingsPage;
  const row = (p: Account) => page.rows.find((r) => r.username === p.name);
  for (const winner of [firstEnd.black, secondEnd.black]) expect(row(winner)).toMatchObject({ points: 2 });
  for (const loser of [firstEnd.white, secondEnd.white]) expect(row(loser)).toMatchObject({ points: 0 });
  expect(page.rows.map((r) => r.sheet.length)).toEqual([1, 1, 1, 1]);
  for (const p of players) p.socket.close();
});
