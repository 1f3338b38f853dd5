import type { DailyGame, DailyGames, DailyReminder } from "@chess/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OWN_GAME_POSITION_MESSAGE } from "../src/areas/analysis/analysisService.ts";
import { as, ask, DAY, dailyGame, playDaily, send, squares, startDaily } from "./dailyPlay.ts";
import { createTestDatabase, http, startTestServer, type TestServer } from "./harness.ts";
import { type Player, reconnect, registered } from "./players.ts";

/** Daily games end to end: real HTTP and sockets, servers restarted over one database, days faked by offset. */
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let server: TestServer | undefined;

const FAST_SWEEP = { DAILY_SWEEP_MS: "100" };

/** Starts the server over the test database, `offsetMs` in the future (CLOCK_OFFSET_MS). */
async function serve(offsetMs = 0): Promise<TestServer> {
  await server?.close();
  server = await startTestServer({ ...db.env, ...FAST_SWEEP, CLOCK_OFFSET_MS: String(offsetMs) });
  return server;
}

/** Closes the players' sockets and the server, and starts another `offsetMs` in the future; players reconnect. */
async function restart(players: Player[], offsetMs: number): Promise<{ url: string; players: Player[] }> {
  for (const p of players) p.socket.close();
  const s = await serve(offsetMs);
  return { url: s.url, players: await Promise.all(players.map((p) => reconnect(s.url, p))) };
}

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await server?.close();
  await db?.drop();
});

describe("daily games", () => {
  // Restarts of the embedded database take seconds each on a busy machine.
  it("are played over a restart and a faked week, and rated as daily", { timeout: 90_000 }, async () => {
    const first = await serve(0);
    const w = await registered(first.url, "dw");
    const b = await registered(first.url, "db");
    const started = b.next("dailyGame");
    const gameId = await startDaily(first.url, w, b, { days: 7 });
    expect((await started).color).toBe("b");
    await playDaily(w, b, gameId, ["f2f3", "e7e5"]);

    // Six days later, on a new server: the game was in no node's memory, and White has a day left.
    let { url, players } = await restart([w, b], 6 * DAY);
    let [w2, b2] = players as [Player, Player];
    const game = (await w2.emit<DailyGame>("followDaily", { gameId })).data as DailyGame;
    expect(game).toMatchObject({ ply: 2, currentTurn: "w", status: "active", color: "w", days: 7 });
    expect(game.timeLeftMs).toBeGreaterThan(0.99 * DAY);
    expect(game.timeLeftMs).toBeLessThanOrEqual(DAY);
    await playDaily(w2, b2, gameId, ["g2g4"], 2);

    // Another six days: Black, a day left of the seven, mates.
    ({ url, players } = await restart([w2, b2], 12 * DAY));
    [w2, b2] = players as [Player, Player];
    await w2.emit("followDaily", { gameId });
    const over = w2.next("dailyOver");
    send(b2.socket, "dailyMove", { gameId, move: squares("d8h4") });
    expect(await over).toMatchObject({ gameId, winningColor: "black", reason: "checkmate", winner: b.name });

    const stats = await http(url, "GET", `/history/stats/${b.name}?gameVariant=standard`);
    const daily = (
      stats.json as unknown as Array<{ timeVariant: string; gamesPlayed: number; eloPoints: number }>
    ).find((s) => s.timeVariant === "daily");
    expect(daily).toMatchObject({ gamesPlayed: 1 });
    expect(daily?.eloPoints).toBeGreaterThan(1200);
    const board = await http(url, "GET", "/leaderboard?gameVariant=standard&timeVariant=daily");
    expect(JSON.stringify(board.json)).toContain(b.name);
    const pgn = await http(url, "GET", `/history/${gameId}/pgn`);
    expect(pgn.text).toContain('[TimeControl "-"]');
    expect(pgn.text).toContain('[DaysPerMove "7"]');
    expect(pgn.text).toContain("Qh4#");
    const mine = await http(url, "GET", "/daily/games", { headers: as(w2) });
    expect((mine.json as unknown as DailyGames).games).toEqual([]);
    for (const p of [w2, b2]) p.socket.close();
  });

  it("ends a game whose time ran out while every node was down, once, with the right result", {
    timeout: 90_000,
  }, async () => {
    const first = await serve(0);
    const w = await registered(first.url, "tw");
    const b = await registered(first.url, "tb");
    const gameId = await startDaily(first.url, w, b, { days: 1 });
    await playDaily(w, b, gameId, ["e2e4", "e7e5"]);
    // Two days on: White's day ran out while no server ran; the first sweep, before listening, ends it.
    const { url, players } = await restart([w, b], 2 * DAY);
    const game = await dailyGame(url, gameId);
    expect(game).toMatchObject({ status: "finished", winningColor: "black", reason: "flag", deadline: null });
    // And once: another restart finds nothing to end, and each rating moved for one game.
    const again = await restart(players, 3 * DAY);
    const stats = await http(again.url, "GET", `/history/stats/${w.name}?gameVariant=standard`);
    const daily = (stats.json as unknown as Array<{ timeVariant: string; gamesPlayed: number }>).find(
      (s) => s.timeVariant === "daily",
    );
    expect(daily?.gamesPlayed).toBe(1);
    for (const p of again.players) p.socket.close();
  });

  it("answers with a conditional line by itself, and tells only whose turn it is", async () => {
    const { url } = await serve(0);
    const w = await registered(url, "cw");
    const b = await registered(url, "cb");
    const gameId = await startDaily(url, w, b);
    const lines = [
      ["e2e4", "e7e5", "g1f3", "b8c6"],
      ["d2d4", "d7d5"],
    ];
    const set = await http(url, "PUT", `/daily/game/${gameId}/conditionals`, { headers: as(b), body: { lines } });
    expect(set.status).toBe(200);
    expect(set.json.lines).toEqual(lines);

    const answered = w.next("dailyMoved", 5000, (m) => m.ply === 2);
    const whiteTurn = w.next("dailyReminder");
    send(w.socket, "dailyMove", { gameId, move: squares("e2e4") });
    expect(await answered).toMatchObject({ uci: "e7e5", conditional: true, currentTurn: "w" });
    expect(await whiteTurn).toMatchObject({ kind: "yourTurn", gameId, opponent: b.name });
    expect((await dailyGame(url, gameId, b)).conditionals).toEqual([["g1f3", "b8c6"]]);

    const reply = w.next("dailyMoved", 5000, (m) => m.ply === 4);
    await playDaily(w, b, gameId, ["g1f3"], 2);
    expect(await reply).toMatchObject({ uci: "b8c6", conditional: true });
    // No line foresees d4: Black is told it is their turn, and no reminder ever told Black before.
    const blackTurn = b.next("dailyReminder");
    await playDaily(w, b, gameId, ["d2d4"], 4);
    expect(await blackTurn).toMatchObject({ kind: "yourTurn", gameId });
    expect((b.seen.get("dailyReminder") as DailyReminder[]).length).toBe(1);
    expect((await dailyGame(url, gameId, b)).conditionals).toEqual([]);
    for (const p of [w, b]) p.socket.close();
  });

  it("offers, declines and agrees a draw, and a move clears an offer", async () => {
    const { url } = await serve(0);
    const w = await registered(url, "ow");
    const b = await registered(url, "ob");
    const gameId = await startDaily(url, w, b);
    await playDaily(w, b, gameId, ["e2e4", "e7e5"]);

    const offered = b.next("dailyDrawOffered");
    expect((await ask(w.socket, "dailyOfferDraw", { gameId })).ok).toBe(true);
    expect(await offered).toMatchObject({ gameId, by: w.name });
    expect((await dailyGame(url, gameId, b)).drawOfferBy).toBe("w");
    expect((await ask(w.socket, "dailyOfferDraw", { gameId })).code).toBe("pending");

    const declined = w.next("dailyDrawDeclined");
    expect((await ask(b.socket, "dailyDeclineDraw", { gameId })).ok).toBe(true);
    expect(await declined).toMatchObject({ gameId });
    expect((await dailyGame(url, gameId, b)).drawOfferBy).toBeNull();
    expect((await ask(b.socket, "dailyDeclineDraw", { gameId })).code).toBe("no_offer");

    // White offers again, then moves: the move stores the game without the offer.
    expect((await ask(w.socket, "dailyOfferDraw", { gameId })).ok).toBe(true);
    await playDaily(w, b, gameId, ["g1f3"], 2);
    expect((await dailyGame(url, gameId, b)).drawOfferBy).toBeNull();

    // Black offers, White's offer accepts it.
    expect((await ask(b.socket, "dailyOfferDraw", { gameId })).ok).toBe(true);
    const over = w.next("dailyOver");
    expect((await ask(w.socket, "dailyOfferDraw", { gameId })).ok).toBe(true);
    expect(await over).toMatchObject({ gameId, winningColor: "draw", reason: "draw" });
    expect((await dailyGame(url, gameId, b)).status).not.toBe("active");
    for (const p of [w, b]) p.socket.close();
  });

  it("pauses every game on the vacationer's turn, refuses the opponent's move meanwhile, and a move ends it", async () => {
    const { url } = await serve(0);
    const v = await registered(url, "vv");
    const o1 = await registered(url, "vo");
    const o2 = await registered(url, "vp");
    const mine = await startDaily(url, v, o1); // v is White: v's turn
    const theirs = await startDaily(url, o2, v); // v is Black: o2's turn

    const clock = o1.next("dailyClock", 5000, (c) => c.gameId === mine);
    const went = await http(url, "POST", "/daily/vacation", { headers: as(v) });
    expect(went.status).toBe(200);
    expect(went.json).toMatchObject({ onVacation: true });
    expect(await clock).toMatchObject({ deadline: null, onVacation: { w: true, b: false } });
    const paused = await dailyGame(url, mine);
    expect(paused.deadline).toBeNull();
    expect(paused.pausedLeftMs).toBeGreaterThan(2.99 * DAY);
    expect((await dailyGame(url, theirs)).deadline).not.toBeNull();

    // The opponent's move in the other game leaves v paused with a full allowance.
    await o2.emit("followDaily", { gameId: theirs });
    const moved = o2.next("dailyMoved");
    send(o2.socket, "dailyMove", { gameId: theirs, move: squares("e2e4") });
    expect(await moved).toMatchObject({ deadline: null, pausedLeftMs: 3 * DAY });

    // v's opponent cannot move in v's game: it waits, and nothing changes.
    const refused = await o1.emit("dailyMove", { gameId: mine, move: squares("e7e5") });
    expect(refused).toMatchObject({ ok: false, code: "opponent_on_vacation" });
    expect((await dailyGame(url, mine)).ply).toBe(0);

    const back = v.next("dailyVacation");
    expect((await v.emit("dailyMove", { gameId: mine, move: squares("d2d4") })).ok).toBe(true);
    expect(await back).toMatchObject({ onVacation: false });
    const status = await http(url, "GET", "/daily/vacation", { headers: as(v) });
    expect(status.json.onVacation).toBe(false);
    expect(status.json.balanceMs).toBeLessThanOrEqual(6 * DAY);
    const resumed = await dailyGame(url, theirs);
    expect(resumed.deadline).not.toBeNull();
    expect(resumed.onVacation).toEqual({ w: false, b: false });
    for (const p of [v, o1, o2]) p.socket.close();
  });

  it("refuses bad input with clear errors and changes nothing", async () => {
    const { url } = await serve(0);
    const w = await registered(url, "bw");
    const b = await registered(url, "bb");
    const fifteen = await http(url, "POST", "/daily/offers", { headers: as(w), body: { days: 15 } });
    expect(fifteen.status).toBe(400);
    expect(fifteen.json.message).toBe("15 days per move is not offered: choose 1, 2, 3, 5, 7, 10 or 14 days per move");
    expect((await http(url, "GET", "/daily/offers")).json).toEqual([]);

    const gameId = await startDaily(url, w, b);
    const put = (who: Player, lines: string[][]) =>
      http(url, "PUT", `/daily/game/${gameId}/conditionals`, { headers: as(who), body: { lines } });
    expect((await put(b, [["e2e5", "e7e5"]])).json).toMatchObject({ code: "illegal" });
    const long = ["g1f3", "g8f6", "f3g1", "f6g8"];
    const tooLong = Array.from({ length: 32 }, (_, i) => long[i % 4] as string);
    expect((await put(b, [tooLong])).json).toMatchObject({
      code: "line_too_long",
      message: "Line 1 has 32 moves: at most 30",
    });
    const many = Array.from({ length: 31 }, () => ["e2e4", "e7e5"]);
    expect((await put(b, many)).json).toMatchObject({
      code: "too_many_lines",
      message: "At most 30 conditional lines: there are 31",
    });
    expect((await put(w, [["e7e5", "e2e4"]])).json).toMatchObject({ code: "your_turn" });
    expect((await dailyGame(url, gameId, b)).conditionals).toEqual([]);

    expect(await w.emit("dailyMove", { gameId, move: squares("e2e5") })).toMatchObject({ ok: false, code: "illegal" });
    expect(await b.emit("dailyMove", { gameId, move: squares("e7e5") })).toMatchObject({ code: "not_your_turn" });
    expect(await w.emit("dailyMove", { gameId, move: { from: "x9" } })).toMatchObject({ code: "validation" });
    const refusedEvent = w.next("eventRefused");
    send(w.socket, "dailyMove", { gameId, move: squares("e2e5") });
    expect(await refusedEvent).toMatchObject({ event: "dailyMove", code: "illegal" });
    expect((await dailyGame(url, gameId)).ply).toBe(0);

    const own = await http(url, "POST", "/daily/offers", { headers: as(w), body: { days: 2 } });
    const accepted = await http(url, "POST", `/daily/offers/${own.json.offerId}/accept`, { headers: as(w) });
    expect(accepted.json).toMatchObject({ code: "own_offer" });

    // Seven days at sign-up, at least a day used each time: the eighth vacation finds nothing left.
    for (let i = 0; i < 7; i++) {
      expect((await http(url, "POST", "/daily/vacation", { headers: as(b) })).status).toBe(200);
      expect((await http(url, "DELETE", "/daily/vacation", { headers: as(b) })).status).toBe(200);
    }
    const none = await http(url, "POST", "/daily/vacation", { headers: as(b) });
    expect(none.status).toBe(409);
    expect(none.json).toMatchObject({ code: "no_vacation", message: "You have no vacation time left" });
    expect((await http(url, "GET", "/daily/vacation", { headers: as(b) })).json).toMatchObject({
      onVacation: false,
      balanceMs: 0,
    });
    for (const p of [w, b]) p.socket.close();
  });

  it("refuses the server's analysis of a position from the caller's daily game in progress", async () => {
    const { url } = await serve(0);
    const w = await registered(url, "aw");
    const b = await registered(url, "ab");
    const gameId = await startDaily(url, w, b);
    await playDaily(w, b, gameId, ["b1c3"]);
    const asked = await http(url, "POST", "/game/analysis/single-move", {
      headers: as(b),
      body: { initialPosition: "start", moves: ["b1c3"] },
    });
    expect(asked.status).toBe(403);
    expect(asked.json.message).toBe(OWN_GAME_POSITION_MESSAGE);
    const whole = await http(url, "GET", `/game/analysis/${gameId}`, { headers: as(w) });
    expect(whole.status).toBe(409);
    for (const p of [w, b]) p.socket.close();
  });
});
