import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  ArenaDirector,
  type ArenaGameStart,
  type DirectorEvent,
  type DirectorPorts,
  RETRY_MS,
  START_BATCH,
  type Timers,
  WAVE_DELAY_MS,
} from "../src/areas/tournaments/arenaDirector.ts";
import { ARENA_PAIRING } from "../src/areas/tournaments/arenaPairing.ts";
import type { ArenaSettings } from "../src/areas/tournaments/arenaSettings.ts";
import { createTournamentsRepo, type TournamentsRepo } from "../src/areas/tournaments/tournamentsRepo.ts";
import { users } from "../src/storage/schema.ts";
import { useTestDatabase } from "./harness.ts";
import { testArenaSettings } from "./testArena.ts";

/**
 * The arena director with the real repository (PGlite, or PostgreSQL with DATABASE_URL) and fakes for the
 * other ports: a clock moved by hand, the games area, who has the page open.
 */
const test = useTestDatabase();
let repo: TournamentsRepo;
const ids: Record<string, number> = {};
const T0 = Date.UTC(2026, 10, 22, 18, 0);
const MIN = 60_000;
const NAMES = ["ann", "bob", "cid", "dee", "eve"];

beforeAll(async () => {
  repo = createTournamentsRepo(test.database.db);
  for (const name of NAMES) {
    const [row] = await test.database.db
      .insert(users)
      .values({ username: `d_${name}`, email: `d_${name}@example.com`, passwordHash: "x" })
      .returning({ id: users.id });
    ids[name] = row!.id;
  }
});

class FakeTimers implements Timers {
  t = T0 - MIN;
  private tasks: Array<{ at: number; seq: number; fn: () => void }> = [];
  private seq = 0;
  now = () => this.t;
  setTimeout = (fn: () => void, ms: number) => {
    const task = { at: this.t + ms, seq: ++this.seq, fn };
    this.tasks.push(task);
    return task;
  };
  clearTimeout = (handle: unknown) => {
    this.tasks = this.tasks.filter((t) => t !== handle);
  };
  /** Moves the clock on by `ms`, running what falls due in order. */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      const due = this.tasks.filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.tasks = this.tasks.filter((t) => t !== due);
      this.t = due.at;
      due.fn();
    }
    this.t = end;
  }
}

function setup() {
  const timers = new FakeTimers();
  const events: DirectorEvent[] = [];
  const started: ArenaGameStart[] = [];
  const failing = new Set<number>();
  const here = new Set<number>();
  const directors: ArenaDirector[] = [];
  let n = 0;
  const ports: DirectorPorts = {
    repo,
    games: {
      async startMany(games) {
        return games.map((g) => {
          if (failing.has(g.white) || failing.has(g.black)) return false;
          started.push(g);
          return true;
        });
      },
    },
    presence: { here: () => here },
    timers,
    random: () => 0.1,
    newGameId: () => `dg${++n}_${Math.random().toString(36).slice(2, 8)}`,
    publish: (e) => events.push(e),
  };
  /** Takes the direction of `id`, the director stepped by `run`. */
  const take = async (id: string) => {
    const d = await ArenaDirector.take(ports, id);
    if (d) directors.push(d);
    return d;
  };
  /** Moves fake time on by `ms` in wave-sized steps, letting the directors finish their work after each. */
  const run = async (ms: number) => {
    for (let left = ms; left > 0; left -= WAVE_DELAY_MS) {
      timers.advance(Math.min(WAVE_DELAY_MS, left));
      await Promise.all(directors.map((d) => d.settled()));
    }
  };
  const saw = (type: DirectorEvent["type"]) => events.some((e) => e.type === type);
  return { timers, events, started, failing, here, ports, take, run, saw };
}

const settings = (more: Partial<ArenaSettings> = {}): ArenaSettings => testArenaSettings(T0, more);

let serial = 0;
async function arena(players: string[], more: Partial<ArenaSettings> = {}) {
  const id = `darena${++serial}`;
  await repo.insert({ id, createdBy: null, settings: settings(more) });
  for (const p of players) await repo.join(id, { userId: ids[p]!, rating: 1500 + 10 * NAMES.indexOf(p), clubId: null });
  return id;
}
/**
 * A running arena of `n` players past its first round (its two best rated played each other), more than one exact
 * group waiting: its next wave is matched over several turns of the event loop. The wave is due `WAVE_DELAY_MS`
 * after it returns, and `s.pairCalls` counts the director's attempts to store pairs.
 */
async function pastFirstRound(s: ReturnType<typeof setup>, prefix: string, n: number) {
  const many = await test.database.db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        username: `${prefix}${i}`,
        email: `${prefix}${i}@example.com`,
        passwordHash: "x",
      })),
    )
    .returning({ id: users.id });
  const id = await arena([]);
  for (const [i, u] of many.entries()) await repo.join(id, { userId: u.id, rating: 2000 - i, clubId: null });
  const pairCalls = { n: 0 };
  s.ports.repo = {
    ...repo,
    pair: (...args) => {
      pairCalls.n++;
      return repo.pair(...args);
    },
  };
  const [a, b] = many;
  s.here.add(a!.id).add(b!.id);
  s.timers.t = T0 + MIN;
  const director = (await s.take(id))!;
  await s.run(1);
  await s.run(WAVE_DELAY_MS);
  expect(s.started.map(pairOf)).toEqual([[a!.id, b!.id].sort((x, y) => x - y).join("+")]);
  await director.gameFinished(s.started[0]!.gameId, { winner: "white", plies: 40, finishedAt: s.timers.now() });
  for (const u of many) s.here.add(u.id);
  pairCalls.n = 0;
  return { id, director, userIds: many.map((u) => u.id), pairCalls };
}

const pairOf = (g: ArenaGameStart) => [g.white, g.black].sort((a, b) => a - b).join("+");
const pair = (a: string, b: string) => [ids[a]!, ids[b]!].sort((x, y) => x - y).join("+");

describe("arena director", () => {
  it("starts on time, pairs rating neighbours, pairs again as games end, never the same opponent twice in a row", async () => {
    const s = setup();
    const id = await arena(["ann", "bob", "cid", "dee"]);
    for (const p of ["ann", "bob", "cid", "dee"]) s.here.add(ids[p]!);
    const director = (await s.take(id))!;
    expect(director.epoch).toBe(1);
    await s.run(MIN - 1);
    expect(s.events).toEqual([]);

    await s.run(1);
    expect(s.events).toEqual([{ type: "started", tournamentId: id, endsAt: T0 + 45 * MIN }]);
    await s.run(WAVE_DELAY_MS);
    expect(s.started.map(pairOf).sort()).toEqual([pair("ann", "bob"), pair("cid", "dee")].sort());
    expect(s.started[0]).toMatchObject({ tournamentId: id, settings: { timeControl: { baseTime: 3, increment: 2 } } });
    // The coin gave white to the higher rated of each pair.
    expect(s.started.map((g) => g.white).sort()).toEqual([ids.bob, ids.dee].sort());
    expect(s.events.at(-1)).toMatchObject({ type: "paired", games: s.started });

    const annBob = s.started.find((g) => pairOf(g) === pair("ann", "bob"))!;
    await director.gameFinished(annBob.gameId, { winner: "black", plies: 40, finishedAt: s.timers.now() });
    expect(s.events.at(-1)).toMatchObject({ type: "result", gameId: annBob.gameId, counted: true });
    // Ann and Bob wait: they just met, and nobody else is free.
    await s.run(5_000);
    expect(s.started).toHaveLength(2);

    const cidDee = s.started.find((g) => pairOf(g) === pair("cid", "dee"))!;
    await director.gameFinished(cidDee.gameId, { winner: "draw", plies: 30, finishedAt: s.timers.now() });
    await s.run(WAVE_DELAY_MS);
    const second = s.started.slice(2).map(pairOf);
    expect(second).toHaveLength(2);
    expect(second).not.toContain(pair("ann", "bob"));
    expect(second).not.toContain(pair("cid", "dee"));
    director.stop();
  });

  it("players who come before the start wait for it: no wave before, the director is not deposed", async () => {
    const s = setup();
    const id = await arena(["ann", "bob"]);
    const director = (await s.take(id))!;
    s.here.add(ids.ann!).add(ids.bob!);
    director.playerHere();
    await s.run(WAVE_DELAY_MS);
    expect(s.events).toEqual([]);
    expect(director.active).toBe(true);
    await s.run(MIN);
    expect(s.events.map((e) => e.type)).toEqual(["started", "paired"]);
    director.stop();
  });

  it("pairs only players with the page open, as they come", async () => {
    const s = setup();
    const id = await arena(["ann", "bob", "cid"]);
    s.here.add(ids.ann!);
    const director = (await s.take(id))!;
    await s.run(2 * MIN);
    expect(s.started).toEqual([]);
    s.here.add(ids.cid!);
    director.playerHere();
    await s.run(WAVE_DELAY_MS);
    expect(s.started.map(pairOf)).toEqual([pair("ann", "cid")]);
    director.stop();
  });

  it("a paused player is not paired, and rejoins after the delay", async () => {
    const s = setup();
    const id = await arena(["ann", "bob"]);
    s.here.add(ids.ann!).add(ids.bob!);
    // Taken after its start time: it starts at once, and pairs a wave later.
    s.timers.t = T0 + MIN;
    const director = (await s.take(id))!;
    await s.run(1);
    expect(s.saw("started")).toBe(true);
    expect(await director.pause(ids.ann!)).toEqual({ rejoinAt: s.timers.now() + 10_000 });
    await s.run(5_000);
    expect(s.started).toEqual([]);
    expect(await director.rejoin(ids.ann!)).toMatchObject({ ok: false, reason: "wait" });
    await s.run(5_000);
    expect(await director.rejoin(ids.ann!)).toEqual({ ok: true });
    await s.run(WAVE_DELAY_MS);
    expect(s.started).toHaveLength(1);
    director.stop();
  });

  it("a game that cannot start frees its players, who are tried again later", async () => {
    const s = setup();
    const id = await arena(["ann", "bob"]);
    s.here.add(ids.ann!).add(ids.bob!);
    s.failing.add(ids.ann!);
    const director = (await s.take(id))!;
    await s.run(MIN + WAVE_DELAY_MS);
    expect(s.started).toEqual([]);
    expect((await repo.players(id)).map((p) => p.playingGameId)).toEqual([null, null]);
    s.failing.clear();
    await s.run(RETRY_MS + WAVE_DELAY_MS);
    expect(s.started).toHaveLength(1);
    director.stop();
  });

  it("a game of a batch that cannot start frees its own players only; the batch's others are paired", async () => {
    const s = setup();
    const id = await arena(["ann", "bob", "cid", "dee"]);
    for (const p of ["ann", "bob", "cid", "dee"]) s.here.add(ids[p]!);
    s.failing.add(ids.ann!);
    const director = (await s.take(id))!;
    await s.run(MIN + WAVE_DELAY_MS);
    expect(s.started).toHaveLength(1);
    const [live] = s.started;
    const paired = s.events.filter((e) => e.type === "paired");
    expect(paired).toEqual([{ type: "paired", tournamentId: id, games: [live] }]);
    const rows = new Map((await repo.players(id)).map((p) => [p.userId, p.playingGameId]));
    expect(rows.get(live!.white)).toBe(live!.gameId);
    expect(rows.get(live!.black)).toBe(live!.gameId);
    const freed = ["ann", "bob", "cid", "dee"]
      .map((p) => ids[p]!)
      .filter((u) => u !== live!.white && u !== live!.black);
    expect(freed).toContain(ids.ann!);
    for (const u of freed) expect(rows.get(u)).toBeNull();
    expect(director.playing().map((g) => g.gameId)).toEqual([live!.gameId]);
    director.stop();
  });

  it("ends on time with the standings frozen; games still running finish but do not count", async () => {
    const s = setup();
    const id = await arena(["ann", "bob", "cid", "dee"], { durationMinutes: 20 });
    for (const p of ["ann", "bob", "cid", "dee"]) s.here.add(ids[p]!);
    const director = (await s.take(id))!;
    await s.run(MIN + WAVE_DELAY_MS);
    const [g1, g2] = s.started;
    expect(s.started).toHaveLength(2);
    await director.gameFinished(g1!.gameId, { winner: "white", plies: 50, finishedAt: s.timers.now() });
    await s.run(20 * MIN);
    const finished = s.events.find((e) => e.type === "finished");
    expect(finished?.type === "finished" && finished.standings[0]?.userId).toBe(g1!.white);
    expect(director.active).toBe(false);
    await director.gameFinished(g2!.gameId, { winner: "white", plies: 50, finishedAt: s.timers.now() });
    expect(s.events.at(-1)).toMatchObject({ type: "result", gameId: g2!.gameId, counted: false });
    await s.run(5_000);
    expect(s.started).toHaveLength(2);
    expect(await repo.arena(id)).toMatchObject({ status: "finished", winnerId: g1!.white });
  });

  it("a director taken over stops at its next write; the new one carries on", async () => {
    const s = setup();
    const id = await arena(["ann", "bob", "cid", "dee"]);
    s.here.add(ids.ann!).add(ids.bob!);
    const first = (await s.take(id))!;
    await s.run(MIN + WAVE_DELAY_MS);
    expect(s.started).toHaveLength(1);
    const second = (await s.take(id))!;
    expect(second.epoch).toBe(first.epoch + 1);
    second.stop();
    s.here.add(ids.cid!).add(ids.dee!);
    first.playerHere();
    await s.run(WAVE_DELAY_MS);
    expect(s.saw("deposed")).toBe(true);
    expect(first.active).toBe(false);
    expect(s.started).toHaveLength(1);

    const third = (await s.take(id))!;
    await s.run(WAVE_DELAY_MS);
    expect(s.started.slice(1).map(pairOf)).toEqual([pair("cid", "dee")]);
    third.stop();
  });

  it("pairs from memory: the players are read at the takeover and the start, a wave reads none, a change reads its players", async () => {
    const s = setup();
    const reads: string[] = [];
    s.ports.repo = {
      ...repo,
      players: (id) => {
        reads.push("all");
        return repo.players(id);
      },
      some: (id, userIds) => {
        reads.push(`some ${userIds.length}`);
        return repo.some(id, userIds);
      },
    };
    const id = await arena(["ann", "bob", "cid", "dee"]);
    for (const p of ["ann", "bob", "cid", "dee"]) s.here.add(ids[p]!);
    s.timers.t = T0 + MIN;
    const director = (await s.take(id))!;
    await s.run(1);
    await s.run(WAVE_DELAY_MS);
    expect(s.started).toHaveLength(2);
    // At the takeover, and once more at the start.
    expect(reads).toEqual(["all", "all"]);
    // A result recorded on another node: only its two players are read again, then they are paired.
    const [g1, g2] = s.started;
    for (const g of [g1!, g2!]) {
      await repo.recordResult(g.gameId, { winner: "white", plies: 30, finishedAt: s.timers.now() });
      await director.playersChanged([g.white, g.black], true);
    }
    await s.run(WAVE_DELAY_MS);
    expect(s.started).toHaveLength(4);
    expect(reads).toEqual(["all", "all", "some 2", "some 2"]);
    expect(
      director
        .standings()
        .filter((p) => p.points === 2)
        .map((p) => p.userId)
        .sort(),
    ).toEqual([g1!.white, g2!.white].sort());
    director.stop();
  });

  it("a wave does not pair an account closed while it was computed, and pairs the others", async () => {
    const s = setup();
    const id = await arena(["ann", "bob", "cid"]);
    for (const p of ["ann", "bob", "cid"]) s.here.add(ids[p]!);
    s.timers.t = T0 + MIN;
    const director = (await s.take(id))!;
    await s.run(1);
    // The account closes after the director read the players and before the wave stores its pairs (its
    // accountClosed handler, which withdraws it, has not run yet).
    const closing = await test.database.db
      .insert(users)
      .values({ username: "d_closing", email: "d_closing@example.com", passwordHash: "x" })
      .returning({ id: users.id });
    const closingId = closing[0]!.id;
    await repo.join(id, { userId: closingId, rating: 1505, clubId: null });
    await director.playersChanged([closingId], false);
    s.here.add(closingId);
    await test.database.db.update(users).set({ closedAt: new Date() }).where(eq(users.id, closingId));
    await s.run(WAVE_DELAY_MS);
    const paired = s.started.flatMap((g) => [g.white, g.black]);
    // Four waiting, two pairs computed: the closed account's is refused, the other stored.
    expect(paired).not.toContain(closingId);
    expect(s.started).toHaveLength(1);
    expect((await repo.player(id, closingId))?.playingGameId).toBeNull();
    // Read again after the refusal, it is never tried again.
    await s.run(RETRY_MS + WAVE_DELAY_MS);
    expect(director.standings().find((p) => p.userId === closingId)?.closed).toBe(true);
    expect(s.started).toHaveLength(1);
    director.stop();
  });

  it("starts a big wave's games a batch at a time, each batch's pairs told as it starts, with names from memory", async () => {
    const s = setup();
    const many = await test.database.db
      .insert(users)
      .values(
        Array.from({ length: 2 * (START_BATCH + 4) }, (_, i) => ({
          username: `d_many${i}`,
          email: `d_many${i}@example.com`,
          passwordHash: "x",
        })),
      )
      .returning({ id: users.id, username: users.username });
    const id = await arena([]);
    for (const [i, u] of many.entries()) {
      await repo.join(id, { userId: u.id, rating: 1500 + i, clubId: null });
      s.here.add(u.id);
    }
    let inFlight = 0;
    let most = 0;
    const batches: number[] = [];
    const startedWhen: number[] = [];
    s.ports.games = {
      async startMany(games) {
        inFlight++;
        most = Math.max(most, inFlight);
        batches.push(games.length);
        // What the batch saw published before it started: the earlier batches only.
        startedWhen.push(s.events.filter((e) => e.type === "paired").length);
        await new Promise((r) => setImmediate(r));
        inFlight--;
        s.started.push(...games);
        return games.map(() => true);
      },
    };
    s.timers.t = T0 + MIN;
    const director = (await s.take(id))!;
    await s.run(1);
    await s.run(WAVE_DELAY_MS);
    const games = many.length / 2;
    expect(s.started).toHaveLength(games);
    // One batch at a time, each one command to the games area.
    expect(most).toBe(1);
    expect(batches).toEqual([START_BATCH, games - START_BATCH]);
    const paired = s.events.flatMap((e) => (e.type === "paired" ? [e.games.length] : []));
    expect(paired).toEqual([START_BATCH, games - START_BATCH]);
    expect(startedWhen).toEqual([0, 1]);
    const name = new Map(many.map((u) => [u.id, u.username]));
    for (const g of s.started) expect(g.names).toEqual({ white: name.get(g.white), black: name.get(g.black) });
    director.stop();
  });

  it("matches a big wave one exact group per event-loop turn; stopped in the middle, it stores nothing", async () => {
    const s = setup();
    const n = 2 * ARENA_PAIRING.groupSize + 2;
    const { id, director, pairCalls } = await pastFirstRound(s, "d_stop", n);
    const events = s.events.length;
    s.timers.advance(WAVE_DELAY_MS);
    // The wave began (its first group matched) and gave the event loop back before storing anything.
    expect(pairCalls.n).toBe(0);
    director.stop();
    await director.settled();
    expect(pairCalls.n).toBe(0);
    expect(s.events.slice(events)).toEqual([]);
    expect((await repo.players(id)).filter((p) => p.playingGameId !== null)).toEqual([]);
    await s.run(RETRY_MS + WAVE_DELAY_MS);
    expect(pairCalls.n).toBe(0);

    // The next director pairs them all, over the same turns, in one store.
    const next = (await s.take(id))!;
    await s.run(1);
    s.timers.advance(WAVE_DELAY_MS);
    expect(pairCalls.n).toBe(0);
    await next.settled();
    expect(pairCalls.n).toBe(1);
    expect(s.started).toHaveLength(1 + n / 2);
    next.stop();
  });

  it("a player who leaves the page while a wave is matched is not paired; their partner is, a wave later", async () => {
    const s = setup();
    const n = 2 * ARENA_PAIRING.groupSize + 3;
    const { id, director, userIds, pairCalls } = await pastFirstRound(s, "d_leave", n);
    s.timers.advance(WAVE_DELAY_MS);
    expect(pairCalls.n).toBe(0);
    const leaver = userIds.at(-1)!;
    s.here.delete(leaver);
    await director.settled();
    const playing = () => s.started.slice(1).flatMap((g) => [g.white, g.black]);
    expect(playing()).not.toContain(leaver);
    // Of 203 waiting, one was odd and one lost the leaver: those two are paired by the wave the drop asked for.
    expect(playing()).toHaveLength(n - 3);
    await s.run(WAVE_DELAY_MS);
    expect(playing()).toHaveLength(n - 1);
    expect(new Set(playing()).size).toBe(n - 1);
    expect((await repo.player(id, leaver))?.playingGameId).toBeNull();
    director.stop();
  });

  it("a director taking over after the end finishes the arena at once", async () => {
    const s = setup();
    const id = await arena(["ann", "bob"], { durationMinutes: 20 });
    const first = (await s.take(id))!;
    await s.run(MIN);
    expect(s.saw("started")).toBe(true);
    first.stop();
    s.timers.advance(30 * MIN);
    const next = (await s.take(id))!;
    await s.run(1);
    expect(s.saw("finished")).toBe(true);
    expect(next.active).toBe(false);
    expect(await ArenaDirector.take(s.ports, id)).toBeUndefined();
  });
});
