import type { ClocksHeld, GameStarted } from "@chess/shared";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../src/storage/db.ts";
import { isDatabaseUnavailable } from "../src/storage/unavailable.ts";
import { behindProxy } from "./dbProxy.ts";
import { http, startTestServer, type TestServer } from "./harness.ts";
import { guest, type Player, play, startGame } from "./players.ts";

// A stalled database connection (a network partition: nothing answers, nothing fails) must not hold a
// request for longer than the statement timeout, nor /health for longer than 1 s. The machine's
// PostgreSQL serves other test files, so the stall is made by a proxy between it and the code under test.
const withPg = Boolean(process.env.DATABASE_URL);

/**
 * A node on `url` that answers within a 2 s statement timeout (not the default 5 s, so that it is seen to
 * answer within the one it is given), and two guests' 5+0 game on it, the first White; stopped after `fn`.
 */
async function stalledGame(
  url: string,
  fn: (g: { server: TestServer; timeoutMs: number; white: Player; black: Player; gameId: string }) => Promise<void>,
): Promise<void> {
  const server = await startTestServer({ DATABASE_URL: url, STATEMENT_TIMEOUT_MS: "2000" });
  try {
    const { white, black, game } = await startGame(await guest(server.url), await guest(server.url), {
      baseTime: 5,
      increment: 0,
      selectedColor: "white",
    });
    await fn({ server, timeoutMs: server.config.statementTimeoutMs, white, black, gameId: game.gameId });
    white.socket.close();
    black.socket.close();
  } finally {
    await server.close();
  }
}

/** How long `p` took to settle, and its error if it failed. */
async function timed(p: Promise<unknown>): Promise<{ ms: number; error: unknown }> {
  const started = Date.now();
  const error = await p.then(
    () => undefined,
    (e: unknown) => e ?? new Error("rejected"),
  );
  return { ms: Date.now() - started, error };
}

describe.skipIf(!withPg).concurrent("PostgreSQL: every statement has a timeout (needs DATABASE_URL)", () => {
  it("cancels a statement that runs too long on the server, as 'database unavailable', and goes on", () =>
    behindProxy(async (url) => {
      const database = await openDatabase({ databaseUrl: url, statementTimeoutMs: 400 });
      try {
        const slow = await timed(database.db.execute(sql`select pg_sleep(3)`));
        expect(isDatabaseUnavailable(slow.error)).toBe(true);
        expect(slow.ms).toBeLessThan(1_300);
        expect(await database.ping(1_000)).toBe(true);
      } finally {
        await database.close();
      }
    }));

  it("fails a statement sent into a stalled connection, and a transaction, then recovers", { timeout: 30_000 }, () =>
    behindProxy(async (url, proxy) => {
      const database = await openDatabase({ databaseUrl: url, statementTimeoutMs: 400 });
      try {
        await database.db.execute(sql`select 1`);
        proxy.stall();
        const pinged = await timed(database.ping(300).then((ok) => expect(ok).toBe(false)));
        expect(pinged.error).toBeUndefined();
        expect(pinged.ms).toBeLessThan(1_000);
        // The server never hears the statement: the client gives up (400 ms + 1 s margin).
        const stalled = await timed(database.db.execute(sql`select 1`));
        expect(isDatabaseUnavailable(stalled.error)).toBe(true);
        expect(stalled.ms).toBeLessThan(3_000);
        const tx = await timed(
          database.db.transaction(async (t) => {
            await t.execute(sql`select 1`);
          }),
        );
        expect(isDatabaseUnavailable(tx.error)).toBe(true);
        expect(tx.ms).toBeLessThan(6_000);

        proxy.up();
        // Connections stalled meanwhile are dropped; new ones answer.
        const deadline = Date.now() + 10_000;
        while (!(await database.ping(500)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
        const result = (await database.db.execute(sql`select 2 as two`)) as unknown as { rows: unknown[] };
        expect(result.rows).toEqual([{ two: 2 }]);
      } finally {
        await database.close();
      }
    }),
  );

  // A failover behind a DNS name: new connections reach the new server, the kept ones lead to the old address.
  it.each([
    { how: "silent" as const, first: "waits out the timeout (400 ms + 1 s)", firstMs: [1_300, 2_500] },
    { how: "reset" as const, first: "fails at once", firstMs: [0, 500] },
  ])(
    "after PostgreSQL moved away, where the old address is $how, one statement $first and the next get fresh connections",
    { timeout: 40_000 },
    ({ how, firstMs }) =>
      behindProxy(async (url, proxy) => {
        const database = await openDatabase({ databaseUrl: url, statementTimeoutMs: 400 });
        try {
          // Ten statements at once: the pool keeps the ten connections they opened.
          await Promise.all(Array.from({ length: 10 }, () => database.db.execute(sql`select pg_sleep(0.1)`)));
          proxy.strand(how);
          const results: Array<{ ms: number; error: unknown }> = [];
          for (let i = 0; i < 5; i++) results.push(await timed(database.db.execute(sql`select 1`)));
          const [first, ...rest] = results;
          expect(isDatabaseUnavailable(first?.error)).toBe(true);
          expect(first?.ms).toBeGreaterThanOrEqual(firstMs[0] as number);
          expect(first?.ms).toBeLessThan(firstMs[1] as number);
          // The other kept connections are checked then, not one failed statement each (five failures before).
          for (const r of rest) {
            expect(r.error).toBeUndefined();
            expect(r.ms).toBeLessThan(1_300);
          }
        } finally {
          await database.close();
        }
      }),
  );

  it(
    "answers /health 503 within 1 s, a move within STATEMENT_TIMEOUT_MS, and stands the clocks still while the connection stalls, showing only what is stored",
    { timeout: 60_000 },
    () =>
      behindProxy(async (url, proxy) =>
        // A stall of 20 s once cost the mover 17 s of their clock.
        stalledGame(url, async ({ server, timeoutMs, white, black, gameId }) => {
          await play(white, black, gameId, ["e2e4", "e7e5"]);
          // White's clock runs from here (both first moves made).
          const thinkingFrom = Date.now();
          proxy.stall();
          const stalledAt = Date.now();
          const health = await timed(
            http(server.url, "GET", "/health").then((r) => {
              expect(r.status).toBe(503);
              expect(r.json).toMatchObject({ status: "unavailable" });
            }),
          );
          expect(health.error).toBeUndefined();
          expect(health.ms).toBeLessThan(1_000);

          const move = { gameId, move: { from: "g1", to: "f3" }, ply: 2 };
          const started = Date.now();
          const pending = white.emit("move", move, 10_000);
          // While its write waits, the move is nobody's to see: a snapshot shows the game as stored.
          await new Promise((r) => setTimeout(r, 500));
          for (const p of [white, black]) {
            const view = await p.emit<GameStarted>("resync", { gameId });
            expect(view.data).toMatchObject({ ply: 2, moves: ["e4", "e5"], currentTurn: "w", clockRunning: true });
          }
          // Answered within the statement timeout, not "not saved": the server cannot know yet.
          expect(await pending).toMatchObject({ ok: false, code: "unsettled" });
          const waited = Date.now() - started;
          expect(waited).toBeLessThan(timeoutMs + 750);
          expect((black.seen.get("update") ?? []).length).toBe(2);
          // The players are told the clocks stand still, from the move's arrival at the latest.
          const held = white.seen.get("clocksHeld")?.at(-1) as ClocksHeld | undefined;
          expect(held?.since).toBeGreaterThanOrEqual(stalledAt);
          expect(held?.since).toBeLessThanOrEqual(started + 100);
          const view = await black.emit<GameStarted>("resync", { gameId });
          expect(view.data).toMatchObject({ ply: 2, clockRunning: false, clocksHeld: { since: held?.since } });
          // A move tried again in the stall is answered within the timeout too.
          const again = await timed(white.emit("move", move, 10_000));
          expect(again.ms).toBeLessThan(timeoutMs + 750);

          // The stall lasts 20 s in all.
          await new Promise((r) => setTimeout(r, stalledAt + 20_000 - Date.now()));
          const view2 = await white.emit<GameStarted>("resync", { gameId });
          expect(view2.data?.timeLeft).toEqual(view.data?.timeLeft);
          const resumed = black.next("clocksResumed", 15_000);
          proxy.up();
          const deadline = Date.now() + 15_000;
          while ((await http(server.url, "GET", "/health")).status !== 200 && Date.now() < deadline)
            await new Promise((r) => setTimeout(r, 200));
          expect((await http(server.url, "GET", "/health")).status).toBe(200);
          expect((await resumed).heldMs).toBeGreaterThan(15_000);

          // The move goes through now, and White is charged their thinking only, not the stall.
          const update = black.next("update");
          expect(await white.emit("move", move, 10_000)).toMatchObject({ ok: true });
          const charged = 5 * 60_000 - (await update).timeLeft.w;
          const thinking = Date.now() - thinkingFrom - (await resumed).heldMs;
          // White's clock started when 1...e5 was applied, a little before the test heard of it: 500 ms of slack.
          expect(charged).toBeLessThanOrEqual(thinking + 500);
          expect(charged).toBeLessThan(4_000);
        }),
      ),
  );
});

describe.skipIf(!withPg)("PostgreSQL stalled: game commands other than moves (needs DATABASE_URL)", () => {
  it(
    "answers an abort, a draw offer and a resignation within STATEMENT_TIMEOUT_MS, and applies none of them halfway or later",
    { timeout: 90_000 },
    () =>
      behindProxy(async (url, proxy) =>
        stalledGame(url, async ({ server, timeoutMs, white, black, gameId }) => {
          /** The command sent while the database stalls: answered by the deadline, nothing of it applied. */
          const inStall = async (who: typeof white, event: string) => {
            proxy.stall();
            const answer = await timed(
              who.emit(event, { gameId }, 10_000).then((a) => {
                expect(a).toMatchObject({ ok: false, code: "unsettled" });
              }),
            );
            expect(answer.error).toBeUndefined();
            expect(answer.ms).toBeLessThan(timeoutMs + 750);
            const resumed = black.next("clocksResumed", 15_000);
            proxy.up();
            await resumed;
            const view = await white.emit<GameStarted>("resync", { gameId });
            expect(view.data).toMatchObject({ status: "active" });
            expect(view.data?.drawOfferBy).toBeUndefined();
            const record = await http(server.url, "GET", `/history/${gameId}`);
            expect(record.json).toMatchObject({ status: "active" });
          };

          await play(white, black, gameId, ["e2e4"]);
          await inStall(black, "abort");
          await play(white, black, gameId, ["e7e5"], 1);
          await inStall(white, "offerDraw");
          await inStall(black, "forfeit");
          expect(black.seen.get("offerDraw")).toBeUndefined();
          expect(white.seen.get("gameOver")).toBeUndefined();

          // Each went back to the database untouched: the game goes on, and ends once when asked again.
          await play(white, black, gameId, ["g1f3"], 2);
          const over = white.next("gameOver");
          expect(await black.emit("forfeit", { gameId })).toMatchObject({ ok: true });
          expect(await over).toMatchObject({ reason: "resign", winningColor: "white" });
          await new Promise((r) => setTimeout(r, 300));
          expect(white.seen.get("gameOver")).toHaveLength(1);
          expect((await http(server.url, "GET", `/history/${gameId}`)).json).toMatchObject({
            status: "finished",
            moves: "e4 e5 Nf3",
          });
        }),
      ),
  );
});

describe("PGlite: a busy database thread does not hold /health", () => {
  it("pings false within the bound while a statement holds the worker, true once it is free", async () => {
    const database = await openDatabase({ statementTimeoutMs: 5_000 });
    try {
      // Drizzle runs a statement when it is awaited: then() sends it now.
      const busy = database.db.execute(sql`select pg_sleep(1.5)`).then(() => undefined);
      const pinged = await timed(database.ping(300).then((ok) => expect(ok).toBe(false)));
      expect(pinged.error).toBeUndefined();
      expect(pinged.ms).toBeLessThan(800);
      await busy;
      expect(await database.ping(1_000)).toBe(true);
    } finally {
      await database.close();
    }
  }, 60_000);
});
