import type { ClocksHeld, GameStarted, GameUpdate } from "@chess/shared";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { behindProxy } from "./dbProxy.ts";
import { connect, http, startTestServer, type TestServer } from "./harness.ts";
import { guest, type Player, play, reconnect, startGame } from "./players.ts";
import type { TcpProxy } from "./tcpProxy.ts";

/** What the statement that ends a game sends (gamesRepo FINISH_GAME): one statement, no COMMIT of its own. */
const GAME_END = "update games g set status";

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
const serverBehindProxy = (fn: (o: Outage) => Promise<void>): Promise<void> =>
  behindProxy(async (url, proxy, directUrl) => {
    const direct = new pg.Client({ connectionString: directUrl });
    await direct.connect();
    let server: TestServer | undefined;
    try {
      server = await startTestServer({ DATABASE_URL: url });
      await fn({ server, proxy, direct });
    } finally {
      // The server closes without waiting on a cut link.
      proxy.up();
      await server?.close();
      await direct.end();
    }
  });

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

/** Two guests' 5+0 game, the first White, after 1. e4 e5. */
async function openedGame(url: string) {
  const { white, black, game } = await startGame(await guest(url), await guest(url), {
    baseTime: 5,
    increment: 0,
    selectedColor: "white",
  });
  await play(white, black, game.gameId, ["e2e4", "e7e5"]);
  return { white, black, gameId: game.gameId };
}

/** Black resigned the opened game, and asked for a rematch by White: as Black was told of it. */
async function rematchOffered(url: string) {
  const { white, black, gameId } = await openedGame(url);
  expect(await black.emit("forfeit", { gameId })).toMatchObject({ ok: true });
  const heard = black.next("rematchOffered");
  const offered = await http(url, "POST", "/game/offer-rematch", {
    body: { previousGameId: gameId, sessionId: white.sessionId },
  });
  expect(offered.status).toBe(200);
  expect((await heard).offerId).toBe(offered.json.offerId);
  return { white, black, gameId, offerId: offered.json.offerId as string };
}

const acceptRematch = (url: string, p: Player, offerId: string) =>
  http(url, "POST", "/game/handle-rematch-offer", { body: { offerId, accept: true, sessionId: p.sessionId } });

/** `p` accepts while the answer to the statement with `marker` is held: its answer (by the deadline), and the hold. */
async function acceptHeld({ server, proxy }: Outage, p: Player, offerId: string, marker: string) {
  const hold = proxy.holdAnswerTo(marker);
  const answer = acceptRematch(server.url, p, offerId);
  await hold.held;
  return { hold, answer: within(STATEMENT_TIMEOUT_MS + 1_000, "accept", answer) };
}

/** The games stored as rematches of `gameId`. */
async function rematchesOf(direct: pg.Client, gameId: string): Promise<string[]> {
  const rows = await direct.query<{ id: string }>("select id from games where rematch_of = $1", [gameId]);
  return rows.rows.map((r) => r.id);
}

const startsSeen = (p: Player) => (p.seen.get("gameStarted") ?? []).length;

describe.skipIf(!withPg).concurrent(`PostgreSQL briefly down, single node (${NEEDS})`, () => {
  it(
    "refuses moves within the statement timeout, stops the clocks, keeps the sockets up, and resumes when it is back",
    { timeout: 50_000 },
    () =>
      serverBehindProxy(async ({ server, proxy, direct }) => {
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
        const held = black.next("clocksHeld", 8_000);
        const sentAt = Date.now();
        const refused = await within(
          STATEMENT_TIMEOUT_MS + 1_000,
          "move",
          white.emit("move", { gameId, move: { from: "f1", to: "c4" }, ply: 4 }, 8_000),
        );
        // Cut off, the server cannot tell whether the write reached the database: it does not say "not saved".
        expect(refused).toMatchObject({ ok: false, code: "unsettled" });
        expect(Date.now() - sentAt).toBeLessThan(STATEMENT_TIMEOUT_MS + 1_000);
        // Both clocks stand still from the move's arrival, and the players are told.
        await held;
        // (The sweeper may have found the database gone first, a little later: the move's arrival then says
        // since when the node could store nothing.)
        const stood = white.seen.get("clocksHeld")?.at(-1) as ClocksHeld;
        expect(stood.since).toBeGreaterThanOrEqual(sentAt - 100);
        expect(stood.since).toBeLessThanOrEqual(sentAt + 500);

        const health = await within(5_000, "GET /health", http(server.url, "GET", "/health"));
        expect(health.status).toBe(503);
        expect(health.json).toMatchObject({ status: "unavailable" });
        const record = await within(5_000, "GET /history", http(server.url, "GET", `/history/${gameId}`));
        expect(record.status).toBe(503);
        expect(record.json).toMatchObject({ code: "unavailable", message: expect.stringMatching(/try again/i) });
        // Ending the game needs the database too: refused, and nothing of it happens later.
        const forfeit = await within(STATEMENT_TIMEOUT_MS + 1_000, "forfeit", black.emit("forfeit", { gameId }, 8_000));
        expect(forfeit).toMatchObject({ ok: false, code: "unsettled" });
        // A newcomer cannot be identified without the database: refused at the handshake, retryable.
        await expect(within(5_000, "connect", connect(server.url))).rejects.toThrow(/unavailable/i);

        // Long enough for the heartbeat and the sweeper to run into the outage.
        await new Promise((r) => setTimeout(r, 2_500));
        expect(updatesSeen(black)).toBe(4);
        expect(white.seen.get("gameOver")).toBeUndefined();
        expect(white.socket.connected && black.socket.connected).toBe(true);
        const view = await white.emit<GameStarted>("resync", { gameId });
        expect(view.data).toMatchObject({ ply: 4, clockRunning: false, clocksHeld: { since: stood.since } });

        const resumed = white.next("clocksResumed", 15_000);
        proxy.up();
        await waitHealthy(server.url);
        // The sweeper takes the game up again by itself: the time the clocks stood still counts on neither.
        expect((await resumed).heldMs).toBeGreaterThan(7_000);
        const echoed = black.next("update", 5_000, (u) => u.ply === 5);
        const accepted = await white.emit<{ ply: number }>("move", { gameId, move: { from: "f1", to: "c4" }, ply: 4 });
        expect(accepted).toMatchObject({ ok: true, data: { ply: 5 } });
        const after = (await echoed).timeLeft;
        // White is charged its thinking until the clocks stood still and since they run again, not the outage
        // (over 10 s); plus the increment. Black's clock did not move.
        const outage = (await resumed).heldMs;
        expect(after.w).toBeLessThanOrEqual(before.w + 3_000);
        expect(after.w).toBeGreaterThanOrEqual(before.w + 3_000 - (Date.now() - whiteClockFrom - outage) - 250);
        expect(after.w).toBeGreaterThan(before.w + 3_000 - 2_000);
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
      serverBehindProxy(async ({ server, proxy, direct }) => {
        const { white, black, gameId } = await openedGame(server.url);

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
        // The game went on; nothing stood still.
        expect(white.seen.get("clocksHeld")).toBeUndefined();
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
      serverBehindProxy(async ({ server, proxy, direct }) => {
        const { white, black, gameId } = await openedGame(server.url);

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
        const held = black.seen.get("clocksHeld")?.at(-1) as ClocksHeld | undefined;
        expect(held?.since).toBeGreaterThanOrEqual(sentAt - 100);
        // A snapshot shows the game as the server knows it stored, its clocks standing still.
        for (const p of [white, black]) {
          const view = await p.emit<GameStarted>("resync", { gameId });
          expect(view.data).toMatchObject({ ply: 2, moves: ["e4", "e5"], clockRunning: false, currentTurn: "w" });
          expect(view.data?.clocksHeld).toBeDefined();
        }

        // Once the database answers again the game is read back: Black is sent Nf3 without anyone asking, and
        // the clocks run on.
        const sent = black.next("update", 15_000, (u) => u.ply === 3);
        const resumed = black.next("clocksResumed", 15_000);
        proxy.up();
        await waitHealthy(server.url);
        expect((await sent).move.san).toBe("Nf3");
        expect(await resumed).toMatchObject({ gameId, clockRunning: true });
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

  it(
    "settles offers and answers whose commit was stored but whose answer was lost before answering: a takeback, a draw offer, its acceptance, a rematch",
    { timeout: 60_000 },
    () =>
      serverBehindProxy(async ({ server, proxy, direct }) => {
        const { white, black, gameId } = await openedGame(server.url);
        /** `act` while the link goes the moment `marker`'s statement has been answered, and comes back 0.3 s later. */
        const lostReply = async <T>(marker: string, act: () => Promise<T>): Promise<T> => {
          const cut = proxy.downAfterAnswerTo(marker);
          const answer = act();
          await cut;
          setTimeout(() => proxy.up(), 300);
          return within(STATEMENT_TIMEOUT_MS + 1_000, marker, answer);
        };
        const roundState = async () =>
          (
            await direct.query<{ s: { drawOfferBy: string | null } }>("select round_state s from games where id = $1", [
              gameId,
            ])
          ).rows[0]?.s;

        // Black asks to take 1...e5 back; White's yes is a transaction whose COMMIT answer is lost.
        const proposed = white.next("takebackProposed");
        expect(await black.emit("proposeTakeback", { gameId })).toMatchObject({ ok: true });
        await proposed;
        const takenBack = black.next("takenBack");
        const accepted = await lostReply("commit", () => white.emit("acceptTakeback", { gameId }, 8_000));
        expect(accepted).toEqual({ ok: true, data: { ply: 1 } });
        expect(await takenBack).toMatchObject({ gameId, ply: 1 });
        expect(await storedMoves(direct, gameId)).toEqual(["e4"]);

        // A draw offer: one statement, run, its answer lost.
        await play(white, black, gameId, ["e7e5"], 1);
        const offered = black.next("offerDraw");
        const offer = await lostReply('update "games" set "round_state"', () =>
          white.emit("offerDraw", { gameId }, 8_000),
        );
        expect(offer).toEqual({ ok: true });
        expect(await offered).toMatchObject({ gameId });
        expect((await roundState())?.drawOfferBy).toBe("w");

        // Its acceptance ends the game: the answer to the statement that ends it lost, the game over all the same.
        const over = [white.next("gameOver"), black.next("gameOver")];
        const agreed = await lostReply(GAME_END, () => black.emit("acceptDraw", { gameId }, 8_000));
        expect(agreed).toEqual({ ok: true });
        for (const o of await Promise.all(over)) expect(o).toMatchObject({ winningColor: "draw" });
        const row = await direct.query<{ status: string }>("select status from games where id = $1", [gameId]);
        expect(row.rows[0]?.status).toBe("finished");
        // Nothing stood still: each was known stored before it was answered.
        expect(white.seen.get("clocksHeld")).toBeUndefined();

        // A rematch offer whose INSERT ran, its answer lost: it stands, and Black is told.
        const rematchOffered = black.next("rematchOffered");
        const offered2 = await lostReply('insert into "rematch_offers"', () =>
          http(server.url, "POST", "/game/offer-rematch", {
            body: { previousGameId: gameId, sessionId: white.sessionId },
          }),
        );
        expect(offered2.status).toBe(200);
        const offerId = offered2.json.offerId as string;
        expect((await rematchOffered).offerId).toBe(offerId);
        // Black's yes takes the offer (a DELETE whose answer is lost), then starts the game.
        const started = [white.next("gameStarted"), black.next("gameStarted")];
        const yes = await lostReply('delete from "rematch_offers"', () =>
          http(server.url, "POST", "/game/handle-rematch-offer", {
            body: { offerId, accept: true, sessionId: black.sessionId },
          }),
        );
        expect(yes.status).toBe(200);
        const rematch = yes.json.gameId as string;
        for (const g of await Promise.all(started)) expect(g.gameId).toBe(rematch);
        const rows = await direct.query<{ rematch_of: string; status: string }>(
          "select rematch_of, status from games where id = $1",
          [rematch],
        );
        expect(rows.rows[0]).toEqual({ rematch_of: gameId, status: "active" });
        const left = await direct.query("select 1 from rematch_offers where offer_id = $1", [offerId]);
        expect(left.rowCount).toBe(0);
        white.socket.close();
        black.socket.close();
      }),
  );

  it(
    "answers a resignation whose end is answered only after the deadline 'unsettled', then tells both players the game is over",
    { timeout: 40_000 },
    () =>
      serverBehindProxy(async ({ server, proxy, direct }) => {
        const { white, black, gameId } = await openedGame(server.url);
        // The end's statement commits; its answer is held past the statement timeout.
        const hold = proxy.holdAnswerTo(GAME_END);
        const sentAt = Date.now();
        const answer = black.emit("forfeit", { gameId }, STATEMENT_TIMEOUT_MS + 2_000);
        await hold.held;
        expect(await within(STATEMENT_TIMEOUT_MS + 1_000, "forfeit", answer)).toMatchObject({
          ok: false,
          code: "unsettled",
        });
        expect(Date.now() - sentAt).toBeLessThan(STATEMENT_TIMEOUT_MS + 750);
        const row = await direct.query<{ status: string }>("select status from games where id = $1", [gameId]);
        expect(row.rows[0]?.status).toBe("finished");
        expect(white.seen.get("gameOver")).toBeUndefined();
        // Once the answer comes, the game is read back: both players learn what the mover was not told.
        const over = [white.next("gameOver", 10_000), black.next("gameOver", 10_000)];
        hold.release();
        for (const o of await Promise.all(over)) expect(o).toMatchObject({ reason: "resign", winningColor: "white" });
        expect(await black.emit("forfeit", { gameId })).toMatchObject({ ok: false });
        await new Promise((r) => setTimeout(r, 1_500));
        expect(white.seen.get("gameOver")).toHaveLength(1);
        white.socket.close();
        black.socket.close();
      }),
  );

  it(
    "answers a rematch offer whose INSERT is answered only after the deadline 'unsettled', then tells both players of it",
    { timeout: 40_000 },
    () =>
      serverBehindProxy(async ({ server, proxy }) => {
        const { white, black, gameId } = await openedGame(server.url);
        expect(await black.emit("forfeit", { gameId })).toMatchObject({ ok: true });
        const hold = proxy.holdAnswerTo('insert into "rematch_offers"');
        const answer = http(server.url, "POST", "/game/offer-rematch", {
          body: { previousGameId: gameId, sessionId: white.sessionId },
        });
        await hold.held;
        const refused = await within(STATEMENT_TIMEOUT_MS + 1_000, "offer-rematch", answer);
        expect(refused.status).toBe(503);
        expect(refused.json.code).toBe("unsettled");
        // The INSERT's answer comes: the offer stands, and the player asked hears of it without reloading.
        const offered = black.next("rematchOffered", 10_000);
        hold.release();
        const heard = await offered;
        expect(heard.previousGameId).toBe(gameId);
        const yes = await http(server.url, "POST", "/game/handle-rematch-offer", {
          body: { offerId: heard.offerId, accept: true, sessionId: black.sessionId },
        });
        expect(yes.status).toBe(200);
        white.socket.close();
        black.socket.close();
      }),
  );

  it(
    "keeps a draw offer and its decline as read back when a presence change is saved while their answer is held: no lost offer, no resurrected one",
    { timeout: 90_000 },
    () =>
      serverBehindProxy(async ({ server, proxy, direct }) => {
        let { white, black, gameId } = await openedGame(server.url);
        const drawOfferBy = async () =>
          (
            await direct.query<{ s: { drawOfferBy: string | null } }>("select round_state s from games where id = $1", [
              gameId,
            ])
          ).rows[0]?.s.drawOfferBy ?? null;
        /** `act`'s round-state write runs, its answer held past the deadline; `meanwhile` runs, then it comes. */
        const heldWhile = async (act: () => Promise<unknown>, meanwhile: () => Promise<void>) => {
          const hold = proxy.holdAnswerTo('update "games" set "round_state"');
          const answer = act();
          await hold.held;
          expect(await within(STATEMENT_TIMEOUT_MS + 1_000, "held write", answer)).toMatchObject({
            ok: false,
            code: "unsettled",
          });
          await meanwhile();
          // Long enough for a presence save to be written, were it written at once.
          await new Promise((r) => setTimeout(r, 1_000));
          // A hang guard, not a speed check: CI's parallel PostgreSQL pass once took more than 15 s here.
          const resumed = white.next("clocksResumed", 30_000);
          hold.release();
          await resumed;
        };

        // White's offer is stored, its answer held; Black leaves meanwhile (a presence save of the round).
        await heldWhile(
          () => white.emit("offerDraw", { gameId }, 8_000),
          async () => void black.socket.close(),
        );
        expect(await drawOfferBy()).toBe("w");
        black = await reconnect(server.url, black);
        const view = await black.emit<GameStarted>("resync", { gameId });
        expect(view.data?.drawOfferBy).toBe("w");

        // Black's decline is stored, its answer held; Black reloads meanwhile (two presence saves).
        await heldWhile(
          () => black.emit("declineDraw", { gameId }, 8_000),
          async () => {
            black = await reconnect(server.url, black);
          },
        );
        expect(await drawOfferBy()).toBeNull();
        const after = await white.emit<GameStarted>("resync", { gameId });
        expect(after.data?.drawOfferBy).toBeUndefined();
        white.socket.close();
        black.socket.close();
      }),
  );

  it(
    "tells a rematch accept whose answer was lost from a cancel made meanwhile: the offer withdrawn, no game",
    { timeout: 40_000 },
    () =>
      serverBehindProxy(async (outage) => {
        const { server, proxy, direct } = outage;
        const { white, black, gameId, offerId } = await rematchOffered(server.url);
        // Black's accept has read the offer; its answer is held while White withdraws it.
        const { hold, answer } = await acceptHeld(outage, black, offerId, 'from "rematch_offers" where');
        const cancelled = black.next("rematchOfferCancelled");
        expect(await white.emit("cancelRematchOffer", { offerId })).toMatchObject({ ok: true });
        await cancelled;
        // The accept then takes nothing, and the answer to its take is lost.
        const cut = proxy.downAfterAnswerTo('delete from "rematch_offers"');
        hold.release();
        await cut;
        setTimeout(() => proxy.up(), 300);
        const yes = await answer;
        expect(yes.status).toBe(404);
        expect(yes.json.message).toMatch(/withdrawn|no longer available/i);
        await new Promise((r) => setTimeout(r, 500));
        expect(await rematchesOf(direct, gameId)).toEqual([]);
        // The game they played is the only one either was sent to.
        expect([startsSeen(white), startsSeen(black)]).toEqual([1, 1]);
        white.socket.close();
        black.socket.close();
      }),
  );

  it(
    "answers a rematch accept whose new game was stored but whose answer is held by the deadline: both players are sent to it",
    { timeout: 40_000 },
    () =>
      serverBehindProxy(async (outage) => {
        const { white, black, gameId, offerId } = await rematchOffered(outage.server.url);
        const started = [white.next("gameStarted", 8_000), black.next("gameStarted", 8_000)];
        // The transaction that takes the offer and stores the game commits; its answer is held.
        const { hold, answer } = await acceptHeld(outage, black, offerId, "commit");
        const yes = await answer;
        expect(yes.status).toBe(200);
        const rematch = yes.json.gameId as string;
        for (const g of await Promise.all(started)) expect(g.gameId).toBe(rematch);
        hold.release();
        await new Promise((r) => setTimeout(r, 1_000));
        expect(await rematchesOf(outage.direct, gameId)).toEqual([rematch]);
        expect([startsSeen(white), startsSeen(black)]).toEqual([2, 2]);
        white.socket.close();
        black.socket.close();
      }),
  );

  it(
    "answers a rematch accept whose new game is not stored by the deadline 'unsettled', then sends both players to it once it is: one game",
    { timeout: 40_000 },
    () =>
      serverBehindProxy(async (outage) => {
        const { server, direct } = outage;
        const { white, black, gameId, offerId } = await rematchOffered(server.url);
        const { hold, answer } = await acceptHeld(outage, black, offerId, 'insert into "games"');
        const first = await answer;
        expect(first.status).toBe(503);
        expect(first.json).toMatchObject({ code: "unsettled", message: expect.stringMatching(/rematch/i) });
        const started = [white.next("gameStarted", 10_000), black.next("gameStarted", 10_000)];
        hold.release();
        const [w, b] = await Promise.all(started);
        expect(w?.gameId).toBe(b?.gameId);
        expect(await rematchesOf(direct, gameId)).toEqual([w?.gameId]);
        // Asked again: the same game, none other.
        const again = await acceptRematch(server.url, black, offerId);
        expect(again.status).toBe(200);
        expect(again.json.gameId).toBe(w?.gameId);
        expect(await rematchesOf(direct, gameId)).toEqual([w?.gameId]);
        white.socket.close();
        black.socket.close();
      }),
  );

  it("survives a connection lost before a game's end is answered, and tells both players once it is back", () =>
    serverBehindProxy(async ({ server, proxy, direct }) => {
      const { white, black, game } = await startGame(await guest(server.url), await guest(server.url), {
        baseTime: 5,
        increment: 0,
        selectedColor: "white",
      });
      const gameId = game.gameId;
      await play(white, black, gameId, ["d2d4", "d7d5"]);

      // The end's one statement commits, then the link goes before its answer: the server cannot know.
      const cut = proxy.downAfterAnswerTo(GAME_END);
      const refused = await within(
        STATEMENT_TIMEOUT_MS + 1_000,
        "forfeit",
        black.emit("forfeit", { gameId }, STATEMENT_TIMEOUT_MS + 2_000),
      );
      await cut;
      // The server cannot read the game back while the link is down: it does not say "not saved" either.
      expect(refused).toMatchObject({ ok: false, code: "unsettled" });
      const row = await direct.query<{ status: string }>("select status from games where id = $1", [gameId]);
      expect(row.rows[0]?.status).toBe("finished");

      // Read back once the link is up: both players learn the game is over, once; a second resignation changes nothing.
      const over = [white.next("gameOver", 15_000), black.next("gameOver", 15_000)];
      proxy.up();
      await waitHealthy(server.url);
      for (const o of await Promise.all(over)) expect(o).toMatchObject({ reason: "resign", winningColor: "white" });
      expect(await black.emit("forfeit", { gameId })).toMatchObject({ ok: false });
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

  it(
    "stops the clocks of a game nobody moves in when the database goes, and flags it once its time has run after",
    { timeout: 90_000 },
    () =>
      serverBehindProxy(async ({ server, proxy }) => {
        const { white, black, game } = await startGame(await guest(server.url), await guest(server.url), {
          baseTime: 0.5,
          increment: 0,
          selectedColor: "white",
        });
        const gameId = game.gameId;
        await play(white, black, gameId, ["e2e4", "e7e5"]);
        const whiteFrom = Date.now();
        const drops = countDrops(white, black);
        await new Promise((r) => setTimeout(r, 1_000));
        const held = black.next("clocksHeld", 5_000);
        const downAt = Date.now();
        proxy.down();
        // The sweeper finds the database gone with nothing to write: the clocks stand still from then.
        const stood = await held;
        expect(stood.since).toBeGreaterThanOrEqual(downAt - 1_100);
        expect(stood.timeLeft.w).toBeGreaterThan(30_000 - (stood.since - whiteFrom) - 500);
        // White's 30 s would have run out by now: they stand still instead.
        await new Promise((r) => setTimeout(r, whiteFrom + 32_000 - Date.now()));
        expect(black.seen.get("gameOver")).toBeUndefined();
        expect((await within(5_000, "GET /health", http(server.url, "GET", "/health"))).status).toBe(503);
        const view = await black.emit<GameStarted>("resync", { gameId });
        expect(view.data).toMatchObject({ clockRunning: false, timeLeft: stood.timeLeft });

        const resumed = black.next("clocksResumed", 10_000);
        proxy.up();
        const back = await resumed;
        const backAt = Date.now();
        // Only the resume's own write (the clocks run while a write waits, as for a move) is charged.
        expect(back.timeLeft.w).toBeGreaterThan(stood.timeLeft.w - 2_000);
        expect(back.heldMs).toBeGreaterThan(25_000);
        // White's time runs from there, and runs out: lost on time, once.
        const over = await black.next("gameOver", back.timeLeft.w + 5_000);
        expect(over).toMatchObject({ reason: "flag", winningColor: "black" });
        expect(Date.now() - backAt).toBeGreaterThan(back.timeLeft.w - 1_000);
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
