import type { ArenaMe, ArenaSummary, ArenaView } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { http, useTestServer } from "./harness.ts";
import { type Player, play, registered } from "./players.ts";

/** Arenas through real HTTP and sockets: players' arenas start 1.5 s after they are made. */
const t = useTestServer({ ARENA_COUNTDOWN_MS: "1500", ARENA_SCHEDULE: "false" });

const blitz = { baseTime: 3, increment: 0, durationMinutes: 20 };
const post = (p: Player, path: string, body?: unknown) =>
  http(t.url, "POST", path, { body: body ?? {}, headers: { cookie: p.cookie ?? "" } });

async function makeArena(p: Player, body: Record<string, unknown> = blitz): Promise<ArenaSummary> {
  const made = await post(p, "/tournaments", body);
  if (made.status !== 201) throw new Error(`arena not made: ${made.status} ${made.text}`);
  return made.json as unknown as ArenaSummary;
}

/** Both players join and follow an arena; resolves once both are paired, with the game as each sees it. */
async function pairedGame(a: Player, b: Player, id: string) {
  const aPaired = a.next("arenaPaired", 10_000);
  const bPaired = b.next("arenaPaired", 10_000);
  const aStarted = a.next("gameStarted", 10_000);
  const bStarted = b.next("gameStarted", 10_000);
  for (const p of [a, b]) {
    const joined = await p.emit<ArenaMe>("joinArena", { tournamentId: id });
    expect(joined.ok, joined.message).toBe(true);
  }
  const [pa, pb, ga, gb] = await Promise.all([aPaired, bPaired, aStarted, bStarted]);
  expect(pa.gameId).toBe(pb.gameId);
  expect(ga.gameId).toBe(pa.gameId);
  expect(ga.tournament).toMatchObject({ id, berserkable: true });
  const [white, black] = ga.isWhite ? [a, b] : [b, a];
  return { gameId: pa.gameId, white, black, whiteView: ga.isWhite ? ga : gb };
}

describe("arena tournaments", () => {
  it("refuses impossible settings with what is wrong, and makes nothing", async () => {
    const a = await registered(t.url, "ta");
    const short = await post(a, "/tournaments", { baseTime: 30, increment: 0, durationMinutes: 20 });
    expect(short.status).toBe(400);
    expect(short.json.message).toMatch(/at least 3 are needed/);
    const berserk = await post(a, "/tournaments", {
      baseTime: 0,
      increment: 2,
      durationMinutes: 30,
      berserkable: true,
    });
    expect(berserk.status).toBe(400);
    expect(berserk.json.message).toMatch(/Berserk/);
    const club = await post(a, "/tournaments", { ...blitz, conditions: { clubId: 999_999 } });
    expect(club.status).toBe(403);
    const list = await http(t.url, "GET", "/tournaments");
    expect(list.json.created).toEqual([]);
    a.socket.close();
  });

  it("refuses joining twice, an outsider in a club arena, and a finished arena, changing nothing", async () => {
    const a = await registered(t.url, "tb");
    const b = await registered(t.url, "tc");
    const arena = await makeArena(a);
    expect((await post(a, `/tournaments/${arena.id}/join`)).status).toBe(200);
    const twice = await post(a, `/tournaments/${arena.id}/join`);
    expect(twice.status).toBe(409);
    expect(twice.json.message).toBe("You have already joined this tournament");

    const club = await post(a, "/club/create", { clubName: `Arena club ${Date.now().toString(36)}` });
    const clubId = club.json.clubId as number;
    const clubArena = await makeArena(a, { ...blitz, conditions: { clubId } });
    const outsider = await post(b, `/tournaments/${clubArena.id}/join`);
    expect(outsider.status).toBe(403);
    expect(outsider.json.message).toBe("Only members of the organising club can join this tournament");
    const view = (await http(t.url, "GET", `/tournaments/${clubArena.id}`)).json as unknown as ArenaView;
    expect(view.arena.nbPlayers).toBe(0);
    expect(view.clubName).toBeTruthy();
    const events = await http(t.url, "GET", `/event/list?clubId=${clubId}`, { headers: { cookie: a.cookie ?? "" } });
    expect(JSON.stringify(events.json)).toContain(clubArena.id);

    const unknown = await post(b, "/tournaments/nope/join");
    expect(unknown.status).toBe(404);
    const guest = await http(t.url, "POST", `/tournaments/${arena.id}/join`, { body: {} });
    expect(guest.status).toBe(401);
    a.socket.close();
    b.socket.close();
  });

  it("pairs two players on the page, scores their game, and sends results and standings", async () => {
    const a = await registered(t.url, "td");
    const b = await registered(t.url, "te");
    const arena = await makeArena(a);
    const started = a.next("arenaStarted", 10_000);
    const { gameId, white, black } = await pairedGame(a, b, arena.id);
    expect((await started).tournamentId).toBe(arena.id);

    const standings = white.next("arenaStandings", 5_000, (s) => s.topGames.some((g) => g.gameId === gameId));
    expect((await standings).status).toBe("started");

    const result = white.next("arenaResult", 10_000);
    const fresh = white.next("arenaStandings", 5_000, (s) => s.top.some((r) => r.points > 0));
    // Fool's mate: black wins in 4 plies.
    await play(white, black, gameId, ["f2f3", "e7e5", "g2g4"]);
    await black.emit("move", { gameId, move: { from: "d8", to: "h4" }, ply: 3 });
    const scored = await result;
    expect(scored).toMatchObject({ tournamentId: arena.id, gameId, counted: true, points: { w: 0, b: 2 } });
    expect(scored.rule).toEqual({ w: "loss", b: "win" });
    const top = (await fresh).top;
    expect(top[0]).toMatchObject({ username: black.name, points: 2, rank: 1 });
    expect(top[0]?.sheet).toEqual([{ gameId, points: 2, rule: "win", berserkBonus: false }]);

    const rematch = await post(white, "/game/offer-rematch", { previousGameId: gameId });
    expect(rematch.status).toBe(409);

    // Both are still on the page: paired again, never the same opponent twice in a row... with only two
    // players, nobody: they wait.
    const page = await http(t.url, "GET", `/tournaments/${arena.id}/standings?page=1`);
    expect(page.json.rows).toHaveLength(2);
    const record = await http(t.url, "GET", `/history/${gameId}`);
    expect(record.json.tournament).toEqual({ id: arena.id, name: arena.name });
    a.socket.close();
    b.socket.close();
  });

  it("berserk halves the clock before the first move, and is told to the game", async () => {
    const a = await registered(t.url, "tf");
    const b = await registered(t.url, "tg");
    const arena = await makeArena(a);
    const { gameId, white, black } = await pairedGame(a, b, arena.id);
    const told = black.next("berserked");
    const ack = await white.emit("berserk", { gameId });
    expect(ack.ok, ack.message).toBe(true);
    const b1 = await told;
    expect(b1).toMatchObject({ gameId, color: "w" });
    expect(b1.timeLeft.w).toBe(90_000);
    await play(white, black, gameId, ["e2e4", "e7e5"]);
    const late = await black.emit("berserk", { gameId });
    expect(late).toMatchObject({ ok: false, code: "too_late" });
    await white.emit("forfeit", { gameId });
    a.socket.close();
    b.socket.close();
  });

  it("pause keeps a player out until the rejoin delay is over; leaving before the start takes them out", async () => {
    const a = await registered(t.url, "th");
    const arena = await makeArena(a, { ...blitz });
    const joined = await a.emit<ArenaMe>("joinArena", { tournamentId: arena.id });
    expect(joined.ok).toBe(true);
    const left = await a.emit<ArenaMe>("pauseArena", { tournamentId: arena.id });
    expect(left.data?.row).toBeNull();
    await a.emit("joinArena", { tournamentId: arena.id });
    await a.next("arenaStarted", 10_000);
    const paused = await a.emit<ArenaMe>("pauseArena", { tournamentId: arena.id });
    expect(paused.data?.row?.paused).toBe(true);
    expect(paused.data?.rejoinAt).toBeGreaterThan(Date.now() + 5_000);
    const early = await a.emit("joinArena", { tournamentId: arena.id });
    expect(early).toMatchObject({ ok: false, code: "wait" });
    expect(early.message).toMatch(/You can rejoin in \d+ s/);
    const view = (await http(t.url, "GET", `/tournaments/${arena.id}`, { headers: { cookie: a.cookie ?? "" } }))
      .json as unknown as ArenaView;
    expect(view.me?.row.paused).toBe(true);
    expect(view.canJoin.ok).toBe(true);
    a.socket.close();
  });

  it("lists arenas, and answers trophies and the tournament chat", async () => {
    const a = await registered(t.url, "ti");
    const arena = await makeArena(a);
    const list = await http(t.url, "GET", "/tournaments");
    const all = [...(list.json.created as ArenaSummary[]), ...(list.json.started as ArenaSummary[])];
    expect(all.some((x) => x.id === arena.id)).toBe(true);
    const trophies = await http(t.url, "GET", `/tournaments/trophies/${a.name}`);
    expect(trophies.status).toBe(200);
    expect(trophies.json).toEqual([]);
    const chatId = `tournament:${arena.id}`;
    const outsider = await a.emit("chatMessage", { chatType: "tournament", chatId, text: "hello" });
    expect(outsider.ok).toBe(false);
    const read = await a.emit("getChatHistory", { chatId });
    expect(read.ok).toBe(true);
    await a.emit("joinArena", { tournamentId: arena.id });
    const line = a.next("chatMessage");
    expect((await a.emit("chatMessage", { chatType: "tournament", chatId, text: "good luck" })).ok).toBe(true);
    expect((await line).text).toBe("good luck");
    a.socket.close();
  });
});
