import type { GameStarted, GameUpdate } from "@chess/shared";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { connect, createTestDatabase, http, startTestServer, type TestServer } from "./harness.ts";
import { guest, type Player, play, startGame } from "./players.ts";
import { startTcpProxy, type TcpProxy } from "./tcpProxy.ts";

// This machine's PostgreSQL serves other test files too, so it is never stopped: the server under test
// reaches it through a proxy whose link is cut ("down") and restored ("back").
const withPg = Boolean(process.env.DATABASE_URL);
const NEEDS = "needs DATABASE_URL";
/** The servers here run with the default STATEMENT_TIMEOUT_MS: every move is answered within it. */
const STATEMENT_TIMEOUT_MS = 5_000;

interface Outage {
  server: TestServer;
  proxy: TcpProxy;
  /** A connection to the test database that does not go through the proxy. */
  direct: pg.Client;
}

/** A server on a fresh database reached through a proxy, for one test; all stopped and dropped after. */
async function behindProxy(fn: (o: Outage) => Promise<void>): Promise<void> {
  const db = await createTestDatabase();
  const real = new URL(db.env.DATABASE_URL as string);
  const proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) });
  const viaProxy = new URL(real);
  viaProxy.hostname = "127.0.0.1";
  viaProxy.port = String(proxy.port);
  const direct = new pg.Client({ connectionString: real.toString() });
  await direct.connect();
  let server: TestServer | undefined;
  try {
    server = await startTestServer({ DATABASE_URL: viaProxy.toString() });
    await fn({ server, proxy, direct });
  } finally {
    proxy.up();
    await server?.close();
    await proxy.close();
    await direct.end();
    await db.drop();
  }
}

/** Fails instead of hanging: the server must answer quickly even without its database. */
function within<T>(ms: number, what: string, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

async function waitHealthy(url: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await http(url, "GET", "/health")).status === 200) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("the server did not get its database back");
}

/** Counts each player's disconnects: an outage of the database must not drop anybody's socket. */
function countDrops(...players: Player[]): { readonly count: number } {
  let count = 0;
  for (const p of players) p.socket.on("disconnect", () => count++);
  return {
    get count() {
      return count;
    },
  };
}

const updatesSeen = (p: Player) => (p.seen.get("update") ?? []).length;

async function storedMoves(direct: pg.Client, gameId: string): Promise<string[]> {
  const rows = await direct.query<{ ply: number; san: string }>(
    "select ply, san from game_moves where game_id = $1 order by ply",
    [gameId],
  );
  expect(rows.rows.map((r) => r.ply)).toEqual(rows.rows.map((_, i) => i + 1));
  return rows.rows.map((r) => r.san);
}

describe.skipIf(!withPg).concurrent(`PostgreSQL briefly down, single node (${NEEDS})`, () => {
  it(
    "refuses moves within the statement timeout, keeps the process and sockets up, and resumes when it is back",
    { timeout: 50_000 },
    () =>
      behindProxy(async ({ server, proxy, direct }) => {
        const { white, black, game } = await startGame(await guest(server.url), await guest(server.url), {
          baseTime: 5,
          increment: 3,
          selectedColor: "white",
        });
        const gameId = game.gameId;
        const drops = countDrops(white, black);
        const updates = await play(white, black, gameId, ["e2e4", "e7e5", "d1h5", "b8c6"]);
        const whiteClockFrom = Date.now();
        const before = (updates.at(-1) as GameUpdate).timeLeft;

        proxy.down();
        const sentAt = Date.now();
        const refused = await within(
          STATEMENT_TIMEOUT_MS + 1_000,
          "move",
          white.emit("move", { gameId, move: { from: "f1", to: "c4" }, ply: 4 }, 8_000),
        );
        // Cut off, the server cannot tell whether the write reached the database: it does not say "not saved".
        expect(refused).toMatchObject({ ok: false, code: "unsettled" });
        expect(Date.now() - sentAt).toBeLessThan(STATEMENT_TIMEOUT_MS + 1_000);

        const health = await within(5_000, "GET /health", http(server.url, "GET", "/health"));
        expect(health.status).toBe(503);
        expect(health.json).toMatchObject({ status: "unavailable" });
        const record = await within(5_000, "GET /history", http(server.url, "GET", `/history/${gameId}`));
        expect(record.status).toBe(503);
        expect(record.json).toMatchObject({ code: "unavailable", message: expect.stringMatching(/try again/i) });
        // Ending the game needs the database too (and the move before it to be settled): refused, and
        // nothing of it happens later.
        const forfeit = await within(STATEMENT_TIMEOUT_MS + 1_000, "forfeit", black.emit("forfeit", { gameId }, 8_000));
        expect(forfeit).toMatchObject({ ok: false, code: "unsettled" });
        // A newcomer cannot be identified without the database: refused at the handshake, retryable.
        await expect(within(5_000, "connect", connect(server.url))).rejects.toThrow(/unavailable/i);

        // Long enough for the heartbeat and the sweeper to run into the outage.
        await new Promise((r) => setTimeout(r, 2_500));
        expect(updatesSeen(black)).toBe(4);
        expect(white.seen.get("gameOver")).toBeUndefined();
        expect(white.socket.connected && black.socket.connected).toBe(true);

        proxy.up();
        await waitHealthy(server.url);
        const echoed = black.next("update", 5_000, (u) => u.ply === 5);
        const accepted = await white.emit<{ ply: number }>("move", { gameId, move: { from: "f1", to: "c4" }, ply: 4 });
        expect(accepted).toMatchObject({ ok: true, data: { ply: 5 } });
        const after = (await echoed).timeLeft;
        // White is charged the time its clock really ran (outage included: it was white's turn), plus the
        // increment; black's clock did not move.
        const ran = Date.now() - whiteClockFrom;
        expect(after.w).toBeLessThanOrEqual(before.w + 3_000);
        expect(after.w).toBeGreaterThanOrEqual(before.w + 3_000 - ran - 250);
        expect(Math.abs(after.b - before.b)).toBeLessThanOrEqual(5);

        const over = white.next("gameOver", 5_000);
        await play(white, black, gameId, ["g8f6", "h5f7"], 5);
        expect(await over).toMatchObject({ reason: "checkmate", winningColor: "white" });
        const history = await http(server.url, "GET", `/history/${gameId}`);
        expect(history.json).toMatchObject({ moves: "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#", status: "finished" });
        expect(await storedMoves(direct, gameId)).toEqual(["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]);
        expect(drops.count).toBe(0);
        white.socket.close();
        black.socket.close();
      }),
  );

  it(
    "settles a move whose write committed but whose answer was lost before answering: the mover hears it stands",
    {
      timeout: 40_000,
    },
    () =>
      behindProxy(async ({ server, proxy, direct }) => {
        const { white, black, game } = await startGame(await guest(server.url), await guest(server.url), {
          baseTime: 5,
          increment: 0,
          selectedColor: "white",
        });
        const gameId = game.gameId;
        await play(white, black, gameId, ["e2e4", "e7e5"]);

        // The link goes the moment the INSERT has committed, and comes back 0.3 s later: the server reads the
        // move back before it answers.
        const cut = proxy.downAfterAnswerTo("insert into game_moves");
        const sent = black.next("update", 8_000, (u) => u.ply === 3);
        const answer = white.emit("move", { gameId, move: { from: "g1", to: "f3" }, ply: 2 }, 8_000);
        await cut;
        setTimeout(() => proxy.up(), 300);
        expect(await within(STATEMENT_TIMEOUT_MS + 1_000, "move", answer)).toEqual({ ok: true, data: { ply: 3 } });
        expect((await sent).move.san).toBe("Nf3");
        expect(await storedMoves(direct, gameId)).toEqual(["e4", "e5", "Nf3"]);
        await play(white, black, gameId, ["b8c6", "f1b5"], 3);
        expect(await storedMoves(direct, gameId)).toEqual(["e4", "e5", "Nf3", "Nc6", "Bb5"]);
        white.socket.close();
        black.socket.close();
      }),
  );

  it(
    "answers a move whose answer was lost within the statement timeout while the database stays away, shows only what is known stored, and sends it on once it is back",
    { timeout: 40_000 },
    () =>
      behindProxy(async ({ server, proxy, direct }) => {
        const { white, black, game } = await startGame(await guest(server.url), await guest(server.url), {
          baseTime: 5,
          increment: 0,
          selectedColor: "white",
        });
        const gameId = game.gameId;
        await play(white, black, gameId, ["e2e4", "e7e5"]);

        const cut = proxy.downAfterAnswerTo("insert into game_moves");
        const sentAt = Date.now();
        const lost = await within(
          STATEMENT_TIMEOUT_MS + 1_000,
          "move",
          white.emit("move", { gameId, move: { from: "g1", to: "f3" }, ply: 2 }, 8_000),
        );
        await cut;
        // Not "could not be saved": the server does not know yet.
        expect(lost).toMatchObject({ ok: false, code: "unsettled" });
        expect(Date.now() - sentAt).toBeLessThan(STATEMENT_TIMEOUT_MS + 1_000);
        // The row is there all the same.
        expect(await storedMoves(direct, gameId)).toEqual(["e4", "e5", "Nf3"]);
        expect(updatesSeen(black)).toBe(2);
        // A snapshot shows the game as the server knows it stored.
        for (const p of [white, black]) {
          const view = await p.emit<GameStarted>("resync", { gameId });
          expect(view.data).toMatchObject({ ply: 2, moves: ["e4", "e5"], currentTurn: "w" });
        }

        // Once the database answers again the game is read back: Black is sent Nf3 without anyone asking.
        const sent = black.next("update", 15_000, (u) => u.ply === 3);
        proxy.up();
        await waitHealthy(server.url);
        expect((await sent).move.san).toBe("Nf3");
        // White is not jammed: another move is simply out of turn, and the resend is the move already played.
        expect(await white.emit("move", { gameId, move: { from: "d2", to: "d4" } })).toMatchObject({
          ok: false,
          code: "not_your_turn",
        });
        const resent = await white.emit<{ ply: number }>("move", { gameId, move: { from: "g1", to: "f3" }, ply: 2 });
        expect(resent).toMatchObject({ ok: true, data: { ply: 3, duplicate: true } });
        await play(white, black, gameId, ["b8c6", "f1b5"], 3);
        const over = white.next("gameOver", 5_000);
        expect(await black.emit("forfeit", { gameId })).toMatchObject({ ok: true });
        expect(await over).toMatchObject({ reason: "resign", winningColor: "white" });
        const history = await http(server.url, "GET", `/history/${gameId}`);
        expect(history.json.moves).toBe("e4 e5 Nf3 Nc6 Bb5");
        expect(await storedMoves(direct, gameId)).toEqual(["e4", "e5", "Nf3", "Nc6", "Bb5"]);
        white.socket.close();
        black.socket.close();
      }),
  );

  it("survives a connection lost inside a game-end transaction, and ends the game once when asked again", () =>
    behindProxy(async ({ server, proxy, direct }) => {
      const { white, black, game } = await startGame(await guest(server.url), await guest(server.url), {
        baseTime: 5,
        increment: 0,
        selectedColor: "white",
      });
      const gameId = game.gameId;
      await play(white, black, gameId, ["d2d4", "d7d5"]);

      // The result row is updated, then the link goes before COMMIT: the client is checked out, mid-transaction.
      const cut = proxy.downAfterAnswerTo('update "games" set "status"');
      const refused = await within(5_000, "forfeit", black.emit("forfeit", { gameId }));
      await cut;
      expect(refused).toMatchObject({ ok: false, code: "unavailable" });
      const row = await direct.query<{ status: string }>("select status from games where id = $1", [gameId]);
      expect(row.rows[0]?.status).toBe("active");

      proxy.up();
      await waitHealthy(server.url);
      const over = white.next("gameOver", 5_000);
      expect(await black.emit("forfeit", { gameId })).toMatchObject({ ok: true });
      expect(await over).toMatchObject({ reason: "resign", winningColor: "white" });
      expect((await http(server.url, "GET", `/history/${gameId}`)).json).toMatchObject({
        status: "finished",
        reason: "resign",
        moves: "d4 d5",
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(white.seen.get("gameOver")).toHaveLength(1);
      white.socket.close();
      black.socket.close();
    }));

  it("decides a flag that fell due during the outage once the database is back", { timeout: 55_000 }, () =>
    behindProxy(async ({ server, proxy }) => {
      const { white, black, game } = await startGame(await guest(server.url), await guest(server.url), {
        baseTime: 0.5,
        increment: 0,
        selectedColor: "white",
      });
      const gameId = game.gameId;
      await play(white, black, gameId, ["e2e4", "e7e5"]);
      const flagDue = Date.now() + 30_000;
      const drops = countDrops(white, black);
      await new Promise((r) => setTimeout(r, 1_000));
      proxy.down();
      // White's 30 s run out while the database is away: the timer and the sweeper cannot record it yet.
      await new Promise((r) => setTimeout(r, flagDue + 2_500 - Date.now()));
      expect(black.seen.get("gameOver")).toBeUndefined();
      expect((await within(5_000, "GET /health", http(server.url, "GET", "/health"))).status).toBe(503);

      const over = black.next("gameOver", 10_000);
      proxy.up();
      expect(await over).toMatchObject({ reason: "flag", winningColor: "black" });
      await new Promise((r) => setTimeout(r, 1_500));
      expect(black.seen.get("gameOver")).toHaveLength(1);
      expect(white.seen.get("gameOver")).toHaveLength(1);
      const history = await http(server.url, "GET", `/history/${gameId}`);
      expect(history.json).toMatchObject({ reason: "flag", winningColor: "black", moves: "e4 e5" });
      expect(drops.count).toBe(0);
      white.socket.close();
      black.socket.close();
    }),
  );
});
