import type { ArenaMe, ArenaSummary, ArenaView, GameStarted } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { http, useTestServer } from "./harness.ts";
import { type Player, play, registered, uniqueName } from "./players.ts";
import { specAccount } from "./specClient.ts";

/** Arenas through real HTTP and sockets: players' arenas start 2.5 s after they are made. */
const t = useTestServer({ ARENA_COUNTDOWN_MS: "2500", ARENA_SCHEDULE: "false", SIGNUP_LIMIT_PER_IP: "100" });

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

/**
 * Three players join an arena: two are paired, the third waits (nobody else to meet). Resolves as soon as the
 * pair is known, with White, Black, the one waiting and their game.
 */
async function twoOfThree(players: [Player, Player, Player], id: string) {
  const paired = await new Promise<Array<{ p: Player; x: { gameId: string; color: "w" | "b" } }>>((resolve, reject) => {
    const got: Array<{ p: Player; x: { gameId: string; color: "w" | "b" } }> = [];
    for (const p of players) {
      p.next("arenaPaired", 8_000).then(
        (x) => {
          got.push({ p, x });
          if (got.length === 2) resolve(got);
        },
        () => reject(new Error("fewer than two players paired")),
      );
    }
    Promise.all(players.map((p) => p.emit("joinArena", { tournamentId: id }))).then(
      (answers) => answers.every((a) => a.ok) || reject(new Error("a join was refused")),
      reject,
    );
  });
  const [one, two] = paired as [(typeof paired)[0], (typeof paired)[0]];
  expect(one.x.gameId).toBe(two.x.gameId);
  const [white, black] = one.x.color === "w" ? [one.p, two.p] : [two.p, one.p];
  const waiting = players.find((p) => p !== one.p && p !== two.p) as Player;
  return { white, black, waiting, gameId: one.x.gameId };
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

  it("refuses joining twice, an outsider in a club arena, an unknown arena and a guest, changing nothing", async () => {
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
    // The club's name is its members' to see.
    expect(view.clubName).toBeNull();
    const asMember = await http(t.url, "GET", `/tournaments/${clubArena.id}`, { headers: { cookie: a.cookie ?? "" } });
    expect((asMember.json as unknown as ArenaView).clubName).toMatch(/^Arena club /);
    const events = await http(t.url, "GET", `/event/list?clubId=${clubId}`, { headers: { cookie: a.cookie ?? "" } });
    expect(JSON.stringify(events.json)).toContain(clubArena.id);

    const unknown = await post(b, "/tournaments/nope/join");
    expect(unknown.status).toBe(404);
    const guest = await http(t.url, "POST", `/tournaments/${arena.id}/join`, { body: {} });
    expect(guest.status).toBe(401);
    a.socket.close();
    b.socket.close();
  });

  it("names a club battle's clubs to everyone, invite-only or open, members or not", async () => {
    const a = await registered(t.url, "tm");
    const b = await registered(t.url, "tn");
    const stranger = await registered(t.url, "to");
    const tag = Date.now().toString(36);
    const invite = await post(a, "/club/create", { clubName: `Closed ${tag}` });
    const open = await post(b, "/club/create", { clubName: `Open ${tag}`, joinPolicy: "open" });
    const clubIds = [invite.json.clubId as number, open.json.clubId as number];
    const battle = await makeArena(a, { ...blitz, clubBattle: { clubIds, topN: 3 } });
    const names = { [clubIds[0] as number]: `Closed ${tag}`, [clubIds[1] as number]: `Open ${tag}` };
    for (const cookie of [stranger.cookie ?? "", b.cookie ?? "", ""]) {
      const view = await http(t.url, "GET", `/tournaments/${battle.id}`, { headers: { cookie } });
      expect((view.json as unknown as ArenaView).clubNames).toEqual(names);
    }
    for (const p of [a, b, stranger]) p.socket.close();
  });

  it("pairs two players on the page, scores their game, and sends results and standings", async () => {
    const a = await registered(t.url, "td");
    const b = await registered(t.url, "te");
    const arena = await makeArena(a);
    const started = a.next("arenaStarted", 10_000);
    const { gameId, white, black } = await pairedGame(a, b, arena.id);
    expect((await started).tournamentId).toBe(arena.id);

    // Standings go out only when they change: the one naming the game may have come already, and following
    // the arena again answers with them as they are.
    const standings = white.next("arenaStandings", 5_000, (s) => s.topGames.some((g) => g.gameId === gameId));
    await white.emit("followArena", { tournamentId: arena.id });
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

  it("berserk halves the clock before the first move, and is told to the game; no takebacks", async () => {
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
    // No takebacks in an arena's games (lichess: none in tournaments), and the game says so.
    const snapshot = (await black.emit("resync", { gameId })).data as GameStarted;
    expect(snapshot.takesTakebacks).toEqual({ w: false, b: false });
    const takeback = await black.emit("proposeTakeback", { gameId });
    expect(takeback).toMatchObject({
      ok: false,
      code: "takebacks_off",
      message: "There are no takebacks in tournament games",
    });
    await white.emit("forfeit", { gameId });
    a.socket.close();
    b.socket.close();
  });

  it("pause keeps a player out until the rejoin delay is over; leaving before the start takes them out", async () => {
    const a = await registered(t.url, "th");
    const arena = await makeArena(a, { ...blitz });
    const started = a.next("arenaStarted", 10_000);
    const joined = await a.emit<ArenaMe>("joinArena", { tournamentId: arena.id });
    expect(joined.ok).toBe(true);
    const left = await a.emit<ArenaMe>("pauseArena", { tournamentId: arena.id });
    expect(left.data?.row).toBeNull();
    await a.emit("joinArena", { tournamentId: arena.id });
    await started;
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
    // The same path typed in a browser's address bar goes to the list page, not to this JSON.
    const typed = await fetch(`${t.url}/tournaments`, {
      headers: { accept: "text/html,*/*;q=0.8" },
      redirect: "manual",
    });
    expect([typed.status, typed.headers.get("location")]).toEqual([302, "/tournament"]);
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

  it("pairs a player whose game ended again at once, with someone they did not just meet", async () => {
    const [a, b, c] = [await registered(t.url, "tj"), await registered(t.url, "tk"), await registered(t.url, "tl")];
    const arena = await makeArena(a);
    // Two of the three are paired; the third waits.
    const { white, black, waiting, gameId } = await twoOfThree([a, b, c], arena.id);
    // White loses at once (fool's mate): the winner may not meet White again now, so White meets the third.
    const again = [white.next("arenaPaired", 5_000), waiting.next("arenaPaired", 5_000)];
    await play(white, black, gameId, ["f2f3", "e7e5", "g2g4"]);
    const over = white.next("gameOver");
    await black.emit("move", { gameId, move: { from: "d8", to: "h4" }, ply: 3 });
    await over;
    const ended = Date.now();
    const [x, y] = await Promise.all(again);
    expect(Date.now() - ended).toBeLessThan(2_000);
    expect(x?.gameId).toBe(y?.gameId);
    for (const p of [a, b, c]) p.socket.close();
  });

  it("a game page follows for pairing only: paired again, without the page's standings", async () => {
    const [a, b, c] = [await registered(t.url, "tp"), await registered(t.url, "tq"), await registered(t.url, "tr")];
    const arena = await makeArena(a);
    const { white, black, waiting, gameId } = await twoOfThree([a, b, c], arena.id);
    // The players leave the arena's page for their game's, as the web client does: unfollow, then follow for
    // pairing only (answered without the page's view).
    for (const p of [white, black]) {
      await p.emit("unfollowArena", { tournamentId: arena.id });
      const followed = await p.emit("followArena", { tournamentId: arena.id, pairingOnly: true });
      expect(followed).toMatchObject({ ok: true });
      expect(followed.data).toBeUndefined();
    }
    const unknown = await white.emit("followArena", { tournamentId: "no-such-arena", pairingOnly: true });
    expect(unknown).toMatchObject({ ok: false, code: "not_found" });
    let pushed = 0;
    white.socket.on("arenaStandings", () => pushed++);
    const seen = waiting.next("arenaStandings", 5_000, (s) => s.top.some((r) => r.points > 0));
    const again = [white.next("arenaPaired", 5_000), waiting.next("arenaPaired", 5_000)];
    await play(white, black, gameId, ["f2f3", "e7e5", "g2g4"]);
    await black.emit("move", { gameId, move: { from: "d8", to: "h4" }, ply: 3 });
    // White, on the game page only, is paired again (with the player who waited on the page)...
    const [x, y] = await Promise.all(again);
    expect(x?.gameId).toBe(y?.gameId);
    // ...and the page's standings reached the page, not the game page; an answer after them on White's socket
    // shows none was on its way there.
    await seen;
    await white.emit("unfollowArena", { tournamentId: "no-such-arena" });
    expect(pushed).toBe(0);
    // Following without it brings the page's events back.
    const back = white.next("arenaStandings", 5_000);
    await white.emit("followArena", { tournamentId: arena.id, pairingOnly: false });
    expect((await back).tournamentId).toBe(arena.id);
    const bad = await white.emit("followArena", { tournamentId: arena.id, pairingOnly: "yes" });
    expect(bad.ok).toBe(false);
    for (const p of [a, b, c]) p.socket.close();
  });

  it("a closed account is withdrawn from a running arena, its points kept, and not paired again", async () => {
    const [a, b, c] = [await registered(t.url, "tp"), await registered(t.url, "tq"), await registered(t.url, "tr")];
    const arena = await makeArena(a);
    const { gameId, white, black } = await pairedGame(a, b, arena.id);
    const result = black.next("arenaResult", 10_000);
    await play(white, black, gameId, ["f2f3", "e7e5", "g2g4", "d8h4"]);
    expect(await result).toMatchObject({ gameId, counted: true });
    expect((await post(black, "/user/close", { password: "correct horse" })).status).toBe(200);
    // The third player comes: paired with the one left, never with the closed account.
    const paired = c.next("arenaPaired", 10_000);
    expect((await c.emit("joinArena", { tournamentId: arena.id })).ok).toBe(true);
    expect((await paired).opponent).toBe(white.name);
    const view = (await http(t.url, "GET", `/tournaments/${arena.id}`)).json as unknown as ArenaView;
    expect(view.arena.nbPlayers).toBe(3);
    expect(view.standings.rows.find((r) => r.username === black.name)).toMatchObject({ points: 2, paused: true });
    for (const p of [a, b, c]) p.socket.close();
  });

  it("a client written from docs/PROTOCOL.md alone (no acknowledgements) joins an arena and plays", async () => {
    const a = await specAccount(t.url, uniqueName("sa"));
    const b = await specAccount(t.url, uniqueName("sb"));
    const made = await a.call("POST", "/tournaments", blitz);
    expect(made.status).toBe(201);
    const id = made.json.id as string;
    for (const p of [a, b]) p.send("joinArena", { tournamentId: id });
    const [meA] = await Promise.all([a.next("arenaMe"), b.next("arenaMe")]);
    expect(meA.tournamentId).toBe(id);
    const [pa, pb] = await Promise.all([
      a.next("arenaPaired", undefined, 10_000),
      b.next("arenaPaired", undefined, 10_000),
    ]);
    const gameId = pa.gameId as string;
    expect(pb.gameId).toBe(gameId);
    const [white, black] = pa.color === "w" ? [a, b] : [b, a];
    await white.first("gameStarted");
    const result = white.next("arenaResult", undefined, 10_000);
    const moves = ["f2f3", "e7e5", "g2g4", "d8h4"];
    for (const [i, uci] of moves.entries()) {
      const mover = i % 2 === 0 ? white : black;
      const seen = (i % 2 === 0 ? black : white).next("update", (u) => u.ply === i + 1);
      mover.send("move", { gameId, move: { from: uci.slice(0, 2), to: uci.slice(2, 4) } });
      await seen.catch(() => undefined);
    }
    expect(await result).toMatchObject({ gameId, counted: true, points: { w: 0, b: 2 } });
    const standings = await white.next("arenaStandings", (s) => (s.top as Array<{ points: number }>)[0]?.points === 2);
    expect((standings.top as Array<{ username: string }>)[0]?.username).toBeTruthy();
    a.close();
    b.close();
  });
});
