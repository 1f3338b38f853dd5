import { beforeAll, describe, expect, it } from "vitest";
import { topGames } from "../src/areas/tournaments/arenaJson.ts";
import type { ArenaSettings } from "../src/areas/tournaments/arenaSettings.ts";
import { clubBattleStandings, rankStandings } from "../src/areas/tournaments/arenaStandings.ts";
import { createTournamentsRepo, type TournamentsRepo } from "../src/areas/tournaments/tournamentsRepo.ts";
import { clubs, users } from "../src/storage/schema.ts";
import { useTestDatabase } from "./harness.ts";
import { testArenaSettings } from "./testArena.ts";

/** Arenas as stored: entry, pauses, pairing under the director's fence, results counted once, the end frozen. */
const test = useTestDatabase();
let repo: TournamentsRepo;
const ids: Record<string, number> = {};
let clubId: number;

const T0 = Date.UTC(2026, 10, 22, 18, 0);
const MIN = 60_000;

beforeAll(async () => {
  repo = createTournamentsRepo(test.database.db);
  for (const name of ["ann", "bob", "cid", "dee", "eve", "fay"]) {
    const [row] = await test.database.db
      .insert(users)
      .values({ username: `t_${name}`, email: `t_${name}@example.com`, passwordHash: "x" })
      .returning({ id: users.id });
    ids[name] = row!.id;
  }
  const [club] = await test.database.db
    .insert(clubs)
    .values({ name: "Arena club", administratorId: ids.ann! })
    .returning({ id: clubs.id });
  clubId = club!.id;
});

const settings = (more: Partial<ArenaSettings> = {}): ArenaSettings => testArenaSettings(T0, more);

let serial = 0;
/** A new arena, started by a fresh director at T0: its id and the director's epoch. */
async function running(more: Partial<ArenaSettings> = {}, players = ["ann", "bob", "cid", "dee"]) {
  const id = `arena${++serial}`;
  await repo.insert({ id, createdBy: ids.ann!, settings: settings(more) });
  for (const p of players)
    await repo.join(id, { userId: ids[p]!, rating: 1500 + 10 * players.indexOf(p), clubId: null });
  const epoch = (await repo.takeDirection(id))!;
  expect(await repo.start(id, epoch, T0)).toBe(true);
  return { id, epoch };
}
const byName = async (id: string) => Object.fromEntries((await repo.players(id)).map((p) => [p.username.slice(2), p]));

describe("tournaments repository", () => {
  it("stores an arena's settings as created", async () => {
    const s = settings({
      name: "Club night",
      timeControl: { baseTime: 0.5, increment: 0 },
      timeClass: "bullet",
      variant: "jumpstart",
      jumpstart: { stage: "mid", balance: "uphill" },
      berserkable: false,
      streaks: false,
      conditions: { clubId, minRatedGames: 5, minRating: 1000, maxRating: 2000 },
    });
    await repo.insert({ id: "stored", createdBy: null, settings: s });
    const a = await repo.arena("stored");
    expect(a).toMatchObject({
      id: "stored",
      name: "Club night",
      createdBy: null,
      status: "created",
      settings: s,
      endsAt: null,
      directorEpoch: 0,
      nbPlayers: 0,
      winnerId: null,
      finishedAt: null,
    });
    const battle = settings({ clubBattle: { clubIds: [clubId, clubId + 1], topN: 3 } });
    await repo.insert({ id: "battle", createdBy: ids.bob!, settings: battle });
    expect((await repo.arena("battle"))?.settings).toEqual(battle);
    expect(await repo.arena("nothing")).toBeUndefined();
  });

  it("lists arenas by status, the next to start first", async () => {
    await repo.insert({ id: "later", createdBy: null, settings: settings({ startsAt: T0 + 20 * MIN }) });
    await repo.insert({ id: "sooner", createdBy: null, settings: settings({ startsAt: T0 + 10 * MIN }) });
    const created = (await repo.list("created", 100)).map((a) => a.id);
    expect(created.indexOf("sooner")).toBeLessThan(created.indexOf("later"));
  });

  it("joins once, counts the players, refuses a finished arena", async () => {
    await repo.insert({ id: "joins", createdBy: null, settings: settings() });
    expect(await repo.join("joins", { userId: ids.ann!, rating: 1500, clubId: null })).toBe("joined");
    expect(await repo.join("joins", { userId: ids.ann!, rating: 1500, clubId: null })).toBe("already");
    expect(await repo.join("joins", { userId: ids.bob!, rating: 1600, clubId: null })).toBe("joined");
    expect((await repo.arena("joins"))?.nbPlayers).toBe(2);
    expect(await repo.join("nothing", { userId: ids.bob!, rating: 1600, clubId: null })).toBe("closed");
    const { id, epoch } = await running({}, ["ann"]);
    await repo.finish(id, epoch, T0 + 45 * MIN);
    expect(await repo.join(id, { userId: ids.bob!, rating: 1600, clubId: null })).toBe("closed");
  });

  it("pauses and rejoins after 10 s, then after longer", async () => {
    const { id } = await running();
    expect(await repo.rejoin(id, ids.ann!, T0)).toEqual({ ok: false, reason: "not_paused" });
    expect(await repo.pause(id, ids.ann!, T0)).toEqual({ rejoinAt: T0 + 10_000 });
    // Pausing again while paused changes nothing.
    expect(await repo.pause(id, ids.ann!, T0 + 5_000)).toEqual({ rejoinAt: T0 + 10_000 });
    expect(await repo.rejoin(id, ids.ann!, T0 + 4_000)).toEqual({ ok: false, reason: "wait", waitMs: 6_000 });
    expect(await repo.rejoin(id, ids.ann!, T0 + 10_000)).toEqual({ ok: true });
    expect(await repo.pause(id, ids.ann!, T0 + 60_000)).toEqual({ rejoinAt: T0 + 80_000 });
    expect((await byName(id)).ann).toMatchObject({ paused: true, pauses: 2, rejoinAt: T0 + 80_000 });
    expect(await repo.pause(id, ids.eve!, T0)).toBeUndefined();
    expect(await repo.rejoin(id, ids.eve!, T0)).toEqual({ ok: false, reason: "not_joined" });
  });

  it("starts under the director's epoch only, once", async () => {
    await repo.insert({ id: "fenced", createdBy: null, settings: settings({ durationMinutes: 30 }) });
    const first = (await repo.takeDirection("fenced"))!;
    const second = (await repo.takeDirection("fenced"))!;
    expect(second).toBe(first + 1);
    expect(await repo.start("fenced", first, T0)).toBe(false);
    expect(await repo.start("fenced", second, T0)).toBe(true);
    expect(await repo.start("fenced", second, T0)).toBe(false);
    expect(await repo.arena("fenced")).toMatchObject({ status: "started", endsAt: T0 + 30 * MIN });
  });

  it("pairs free players only, each in one game at a time, under the current director", async () => {
    const { id, epoch } = await running({}, ["ann", "bob", "cid", "dee", "eve", "fay"]);
    await repo.pause(id, ids.fay!, T0);
    const stored = await repo.pair(id, epoch, [
      { gameId: `${id}g1`, white: ids.ann!, black: ids.bob! },
      { gameId: `${id}g2`, white: ids.cid!, black: ids.fay! },
    ]);
    expect(stored).toEqual([{ gameId: `${id}g1`, white: ids.ann!, black: ids.bob! }]);
    // Ann is playing: a pairing naming her again is dropped, the other is kept.
    const again = await repo.pair(id, epoch, [
      { gameId: `${id}g3`, white: ids.cid!, black: ids.ann! },
      { gameId: `${id}g4`, white: ids.cid!, black: ids.dee! },
    ]);
    expect(again?.map((p) => p.gameId)).toEqual([`${id}g4`]);
    const players = await byName(id);
    expect([players.ann?.playingGameId, players.bob?.playingGameId, players.cid?.playingGameId]).toEqual([
      `${id}g1`,
      `${id}g1`,
      `${id}g4`,
    ]);
    expect((await repo.playing(id)).map((p) => [p.gameId, p.whiteRating, p.blackRating])).toEqual([
      [`${id}g1`, 1500, 1510],
      [`${id}g4`, 1520, 1530],
    ]);
    // A director whose epoch was taken over pairs nothing.
    await repo.takeDirection(id);
    expect(await repo.pair(id, epoch, [{ gameId: `${id}g5`, white: ids.eve!, black: ids.dee! }])).toBeUndefined();
  });

  it("cancels a pairing whose game could not start, freeing both players", async () => {
    const { id, epoch } = await running({}, ["ann", "bob"]);
    await repo.pair(id, epoch, [{ gameId: `${id}c1`, white: ids.ann!, black: ids.bob! }]);
    expect(await repo.cancelPairing(`${id}c1`)).toBe(true);
    expect(await repo.cancelPairing(`${id}c1`)).toBe(false);
    expect(Object.values(await byName(id)).map((p) => p.playingGameId)).toEqual([null, null]);
    expect(await repo.playing(id)).toEqual([]);
    expect(await repo.recordResult(`${id}c1`, { winner: "white", plies: 30, finishedAt: T0 + MIN })).toBeUndefined();
  });

  it("never pairs a player twice when two waves race", async () => {
    const { id, epoch } = await running({}, ["ann", "bob", "cid", "dee"]);
    const [a, b] = await Promise.all([
      repo.pair(id, epoch, [
        { gameId: `${id}a1`, white: ids.ann!, black: ids.bob! },
        { gameId: `${id}a2`, white: ids.cid!, black: ids.dee! },
      ]),
      repo.pair(id, epoch, [
        { gameId: `${id}b1`, white: ids.ann!, black: ids.cid! },
        { gameId: `${id}b2`, white: ids.bob!, black: ids.dee! },
      ]),
    ]);
    const games = [...(a ?? []), ...(b ?? [])];
    const seats = games.flatMap((g) => [g.white, g.black]);
    expect(new Set(seats).size).toBe(seats.length);
    expect((await repo.playing(id)).length).toBe(games.length);
  });

  it("ranks a few players in the database as rankStandings ranks everyone: points, performance, rating, id", async () => {
    const six = ["ann", "bob", "cid", "dee", "eve", "fay"];
    const { id, epoch } = await running({}, six);
    await repo.pair(id, epoch, [
      { gameId: `${id}k1`, white: ids.ann!, black: ids.bob! },
      { gameId: `${id}k2`, white: ids.cid!, black: ids.dee! },
    ]);
    await repo.recordResult(`${id}k1`, { winner: "white", plies: 30, finishedAt: T0 + MIN });
    await repo.recordResult(`${id}k2`, { winner: "draw", plies: 30, finishedAt: T0 + MIN });
    // Everyone level: the lower id first.
    await repo.insert({ id: `${id}ties`, createdBy: null, settings: settings() });
    for (const p of six) await repo.join(`${id}ties`, { userId: ids[p]!, rating: 1500, clubId: null });
    for (const arena of [id, `${id}ties`]) {
      const all = rankStandings(await repo.players(arena));
      for (const p of all) expect((await repo.ranked(arena, [p.userId]))[0]?.rank, p.username).toBe(p.rank);
      const two = await repo.ranked(arena, [ids.eve!, ids.bob!]);
      const rankOf = new Map(all.map((p) => [p.userId, p.rank]));
      expect(two.map((p) => p.rank)).toEqual(two.map((p) => rankOf.get(p.userId)));
      expect(two).toHaveLength(2);
    }
    expect((await repo.ranked(id, [ids.ann!]))[0]).toMatchObject({ rank: 1, points: 2 });
    expect(await repo.ranked(id, [])).toEqual([]);
  });

  it("reads a page, a battle's counting players and the top games as ranking every player gives them, frozen at the end", async () => {
    const six = ["ann", "bob", "cid", "dee", "eve", "fay"];
    const clubIds = [clubId, clubId + 1000];
    const id = `arena${++serial}`;
    await repo.insert({ id, createdBy: ids.ann!, settings: settings({ clubBattle: { clubIds, topN: 2 } }) });
    for (const [i, p] of six.entries()) {
      await repo.join(id, { userId: ids[p]!, rating: 1500 + 10 * i, clubId: clubIds[i % 2]! });
    }
    const epoch = (await repo.takeDirection(id))!;
    await repo.start(id, epoch, T0);
    await repo.pair(id, epoch, [
      { gameId: `${id}p1`, white: ids.ann!, black: ids.bob! },
      { gameId: `${id}p2`, white: ids.cid!, black: ids.dee! },
    ]);
    await repo.recordResult(`${id}p1`, { winner: "white", plies: 30, finishedAt: T0 + MIN });
    await repo.recordResult(`${id}p2`, { winner: "draw", plies: 30, finishedAt: T0 + MIN });
    await repo.pair(id, epoch, [
      { gameId: `${id}p3`, white: ids.eve!, black: ids.fay! },
      { gameId: `${id}p4`, white: ids.dee!, black: ids.ann! },
    ]);
    const all = rankStandings(await repo.players(id));
    const line = (p: { userId: number; rank: number }) => [p.userId, p.rank];
    expect((await repo.page(id, 0, 4, false)).map(line)).toEqual(all.slice(0, 4).map(line));
    expect((await repo.page(id, 4, 4, false)).map(line)).toEqual(all.slice(4).map(line));
    expect(clubBattleStandings(await repo.clubBest(id, 2, false), clubIds, 2)).toEqual(
      clubBattleStandings(all, clubIds, 2),
    );
    const playing = await repo.playing(id);
    for (const limit of [1, 6]) {
      const top = await repo.topPlaying(id, limit);
      expect(topGames(top.players, top.games, limit)).toEqual(topGames(all, playing, limit));
    }
    expect(topGames(all, playing, 1)).toHaveLength(1);

    await repo.recordResult(`${id}p3`, { winner: "black", plies: 30, finishedAt: T0 + 2 * MIN });
    const final = (await repo.finish(id, epoch, T0 + 45 * MIN))!;
    const frozen = final.map((p) => [p.userId, p.finalRank]);
    expect((await repo.page(id, 0, 6, true)).map(line)).toEqual(frozen);
    expect((await repo.clubBest(id, 1, true)).map(line).sort()).toEqual(
      clubBattleStandings(
        final.map((p) => ({ ...p, rank: p.finalRank })),
        clubIds,
        1,
      )
        .flatMap((c) => c.players)
        .map((u) => [u, final.find((p) => p.userId === u)!.finalRank])
        .sort(),
    );
  });

  it("records each result once, scoring the sheet with streaks and berserk", async () => {
    const { id, epoch } = await running({}, ["ann", "bob", "cid"]);
    const pairGame = async (n: number, white: string, black: string) => {
      const gameId = `${id}r${n}`;
      expect(await repo.pair(id, epoch, [{ gameId, white: ids[white]!, black: ids[black]! }])).toHaveLength(1);
      return gameId;
    };
    const g1 = await pairGame(1, "ann", "bob");
    const first = await repo.recordResult(g1, { winner: "white", plies: 40, finishedAt: T0 + MIN });
    expect(first?.counted).toBe(true);
    expect(first?.players.map((p) => [p.username, p.points, p.playingGameId])).toEqual([
      ["t_ann", 2, null],
      ["t_bob", 0, null],
    ]);
    expect(await repo.recordResult(g1, { winner: "black", plies: 40, finishedAt: T0 + MIN })).toBeUndefined();

    const g2 = await pairGame(2, "cid", "ann");
    await repo.recordResult(g2, { winner: "black", plies: 30, finishedAt: T0 + 2 * MIN });
    const g3 = await pairGame(3, "ann", "bob");
    expect(await repo.berserk(g3, ids.ann!)).toBe(true);
    expect(await repo.berserk(g3, ids.cid!)).toBe(false);
    const third = await repo.recordResult(g3, {
      winner: "white",
      plies: 20,
      finishedAt: T0 + 3 * MIN,
      ratings: { white: 1530, black: 1490 },
    });
    const ann = third?.players.find((p) => p.username === "t_ann");
    // 2 + 2 + (on fire 4 + berserk 1)
    expect(ann).toMatchObject({ points: 9, onFire: true, berserks: 1, rating: 1530 });
    expect(ann?.results.map((r) => [r.color, r.outcome, r.opponentRating, r.berserk])).toEqual([
      ["w", "win", 1510, false],
      ["b", "win", 1520, false],
      ["w", "win", 1510, true],
    ]);
    // Performance: opponents 1510, 1520, 1510, each +500.
    expect(ann?.performance).toBe(Math.round((2010 + 2020 + 2010) / 3));
    expect((await byName(id)).bob).toMatchObject({ points: 0, rating: 1490, performance: 1000 });
    expect(await repo.recordResult("no-such-game", { winner: "draw", plies: 1, finishedAt: T0 })).toBeUndefined();
  });

  it("records a raced result once, never over a pause or a newer pairing, and counted as the arena's end decides", async () => {
    const { id, epoch } = await running({}, ["ann", "bob", "cid", "dee", "eve"]);
    await repo.pair(id, epoch, [
      { gameId: `${id}x1`, white: ids.ann!, black: ids.bob! },
      { gameId: `${id}x2`, white: ids.cid!, black: ids.dee! },
    ]);
    const result = { winner: "white" as const, plies: 30, finishedAt: T0 + MIN };
    const [once, twice, paused, wave] = await Promise.all([
      repo.recordResult(`${id}x1`, result),
      repo.recordResult(`${id}x1`, { ...result, winner: "black" }),
      repo.pause(id, ids.ann!, T0 + MIN),
      repo.pair(id, epoch, [{ gameId: `${id}x3`, white: ids.eve!, black: ids.bob! }]),
    ]);
    expect([once, twice].filter((r) => r !== undefined)).toHaveLength(1);
    expect(paused).toBeDefined();
    let players = await byName(id);
    expect(players.ann).toMatchObject({ paused: true, pauses: 1, playingGameId: null });
    expect([players.ann?.results.length, players.bob?.results.length]).toEqual([1, 1]);
    expect(players.ann!.points + players.bob!.points).toBe(2);
    // The wave pairs bob only once his game is recorded, and the record never frees him from the new one.
    expect(players.bob?.playingGameId).toBe(wave?.length ? `${id}x3` : null);

    const [recorded, standings] = await Promise.all([
      repo.recordResult(`${id}x2`, { ...result, finishedAt: T0 + 44 * MIN }),
      repo.finish(id, epoch, T0 + 45 * MIN),
    ]);
    const cid = standings?.find((p) => p.username === "t_cid");
    expect(cid?.points).toBe(recorded?.counted ? 2 : 0);
    players = await byName(id);
    expect([players.cid?.points, players.cid?.playingGameId]).toEqual([recorded?.counted ? 2 : 0, null]);
  });

  it("freezes the standings at the end: later results free the players but do not count", async () => {
    const { id, epoch } = await running({}, ["ann", "bob", "cid", "dee"]);
    await repo.pair(id, epoch, [
      { gameId: `${id}f1`, white: ids.ann!, black: ids.bob! },
      { gameId: `${id}f2`, white: ids.cid!, black: ids.dee! },
    ]);
    await repo.recordResult(`${id}f1`, { winner: "black", plies: 50, finishedAt: T0 + 44 * MIN });
    // Finished after the end, though recorded before the director ends the arena.
    const late = await repo.recordResult(`${id}f2`, { winner: "white", plies: 50, finishedAt: T0 + 46 * MIN });
    expect(late?.counted).toBe(false);
    expect(late?.players.map((p) => [p.points, p.results.length, p.playingGameId])).toEqual([
      [0, 0, null],
      [0, 0, null],
    ]);
    expect(await repo.finish(id, epoch + 1, T0 + 45 * MIN)).toBeUndefined();
    const standings = await repo.finish(id, epoch, T0 + 45 * MIN);
    expect(standings?.map((p) => [p.finalRank, p.username, p.points])).toEqual([
      [1, "t_bob", 2],
      [2, "t_dee", 0],
      [3, "t_cid", 0],
      [4, "t_ann", 0],
    ]);
    expect(await repo.arena(id)).toMatchObject({ status: "finished", winnerId: ids.bob, finishedAt: T0 + 45 * MIN });
    expect((await byName(id)).cid?.finalRank).toBe(3);
    expect(await repo.finish(id, epoch, T0 + 46 * MIN)).toBeUndefined();
    expect(await repo.pair(id, epoch, [{ gameId: `${id}f3`, white: ids.ann!, black: ids.cid! }])).toBeUndefined();
    expect(await repo.rejoin(id, ids.ann!, T0 + 50 * MIN)).toEqual({ ok: false, reason: "finished" });
  });

  it("keeps a battle's table for the club leaderboard, the podiums for trophies, and each schedule slot once", async () => {
    const { id, epoch } = await running({}, ["ann", "bob"]);
    const [pair] = (await repo.pair(id, epoch, [{ gameId: `${id}g`, white: ids.ann!, black: ids.bob! }]))!;
    await repo.recordResult(pair!.gameId, { winner: "white", plies: 30, finishedAt: T0 + MIN });
    await repo.finish(id, epoch, T0 + 45 * MIN);
    const trophies = await repo.trophies("T_ANN");
    expect(trophies.map((t) => [t.tournamentId, t.rank])).toContainEqual([id, 1]);
    expect((await repo.trophies("t_bob")).map((t) => t.tournamentId)).toContain(id);

    await repo.setBattleResult(id, [
      { clubId, rank: 1, points: 12 },
      { clubId: clubId + 1000, rank: 2, points: 4 },
    ]);
    expect(await repo.battlesOf(clubId)).toEqual({ played: 1, won: 1, points: 12 });
    expect(await repo.battlesOf(clubId + 1000)).toEqual({ played: 1, won: 0, points: 4 });

    expect(await repo.hasSlot("hourly:blitz:2026-11-22T19")).toBe(false);
    await repo.insert({
      id: "slot1",
      createdBy: null,
      settings: settings(),
      scheduleSlot: "hourly:blitz:2026-11-22T19",
    });
    await expect(
      repo.insert({ id: "slot2", createdBy: null, settings: settings(), scheduleSlot: "hourly:blitz:2026-11-22T19" }),
    ).rejects.toThrow();
    expect((await repo.arena("slot1"))?.scheduled).toBe(true);
  });
});
