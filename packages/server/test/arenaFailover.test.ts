import type { ChildProcess } from "node:child_process";
import type { ArenaStandingsPage, ArenaSummary } from "@chess/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Account, account, moveUntilAccepted, until } from "./arenaClients.ts";
import { createTestDatabase, http } from "./harness.ts";
import { uniqueName } from "./players.ts";
import { freePort, hasRedisServer, spawnServer, startRedis, stop } from "./processes.ts";

// Two nodes as real processes on PostgreSQL and a Redis of this file's own, as failover.test.ts runs them.
const runs = Boolean(process.env.DATABASE_URL) && hasRedisServer();
const NEEDS = "needs DATABASE_URL and redis-server; CI has both";

let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let redisPort = 0;
let redis: ChildProcess | undefined;
const nodes: ChildProcess[] = [];

async function startNode(): Promise<{ url: string; proc: ChildProcess }> {
  const port = await freePort();
  const proc = await spawnServer(port, {
    ...db?.env,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    REDIS_PREFIX: "arenafailover",
    ARENA_COUNTDOWN_MS: "1500",
    ARENA_SCHEDULE: "false",
  });
  nodes.push(proc);
  return { url: `http://127.0.0.1:${port}`, proc };
}

const directed = async (url: string) => Number((await http(url, "GET", "/health")).json?.arenasDirected ?? -1);

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

describe.skipIf(!runs)(`an arena on two nodes (${NEEDS})`, () => {
  it("goes on when its directing node is killed: another directs it, no result counted twice", {
    timeout: 120_000,
  }, async () => {
    const one = await startNode();
    const two = await startNode();
    const a = await account(one.url, uniqueName("fa"));
    const b = await account(two.url, uniqueName("fb"));
    const made = await http(one.url, "POST", "/tournaments", {
      body: { baseTime: 3, increment: 0, durationMinutes: 20 },
      headers: { cookie: a.cookie },
    });
    expect(made.status).toBe(201);
    const arena = made.json as unknown as ArenaSummary;
    expect((await a.emit("joinArena", { tournamentId: arena.id })).ok).toBe(true);
    expect((await b.emit("joinArena", { tournamentId: arena.id })).ok).toBe(true);

    // Paired across nodes: the director sees both players on the page.
    const paired = await until("paired", async () => {
      const p = (a.seen.get("arenaPaired") ?? [])[0] as { gameId: string; color: "w" | "b" } | undefined;
      return p && (b.seen.get("arenaPaired") ?? []).length > 0 ? p : undefined;
    });
    const { gameId } = paired;
    const [white, black] = paired.color === "w" ? [a, b] : [b, a];
    await moveUntilAccepted(white, gameId, "f2f3", 0);
    await moveUntilAccepted(black, gameId, "e7e5", 1);

    const [d1, d2] = [await directed(one.url), await directed(two.url)];
    expect(d1 + d2).toBe(1);
    const [dead, alive] = d1 === 1 ? [one, two] : [two, one];
    await stop(dead.proc, "SIGKILL");

    // Players of the dead node come back to the other one and open the arena's page again.
    const back = async (p: Account) => {
      if ((p === a ? one : two) !== dead) return p;
      p.socket.close();
      const again = await account(alive.url, p.name, p.sessionId, p.cookie);
      expect((await again.emit("followArena", { tournamentId: arena.id })).ok).toBe(true);
      return again;
    };
    const w = await back(white);
    const bl = await back(black);
    await moveUntilAccepted(w, gameId, "g2g4", 2);
    await moveUntilAccepted(bl, gameId, "d8h4", 3);

    // The surviving node takes the direction once the dead node's lease lapses.
    await until("direction taken over", async () => ((await directed(alive.url)) === 1 ? true : undefined));
    const standings = await until("scored", async () => {
      const page = (await http(alive.url, "GET", `/tournaments/${arena.id}/standings`))
        .json as unknown as ArenaStandingsPage;
      return page.rows.some((r) => r.points === 2) ? page : undefined;
    });
    const winner = standings.rows.find((r) => r.username === bl.name);
    expect(winner?.points).toBe(2);
    expect(winner?.sheet).toHaveLength(1);
    // Time for any second recording (a retried wave, a second director) to show: there is none.
    await new Promise((r) => setTimeout(r, 3_000));
    const later = (await http(alive.url, "GET", `/tournaments/${arena.id}/standings`))
      .json as unknown as ArenaStandingsPage;
    expect(later.rows.map((r) => r.sheet.length).sort()).toEqual([1, 1]);
    expect(later.rows.find((r) => r.username === bl.name)?.points).toBe(2);
    w.socket.close();
    bl.socket.close();
  });
});
