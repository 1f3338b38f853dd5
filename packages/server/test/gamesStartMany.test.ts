import { DEFAULT_ELO, eloDeltas } from "@chess/shared";
import pino from "pino";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { PlayerRef } from "../src/areas/games/gameRound.ts";
import type { GameNotifier } from "../src/areas/games/gamesNotifier.ts";
import { createGamesRepo, type GamesRepo } from "../src/areas/games/gamesRepo.ts";
import { createGamesService, type GamesService, type NewGame } from "../src/areas/games/gamesService.ts";
import { createPreferencesRepo } from "../src/areas/preferences/preferencesRepo.ts";
import { Bus } from "../src/bus.ts";
import { ratings, users } from "../src/storage/schema.ts";
import { liveGameRow } from "./gameRows.ts";
import { useTestDatabase } from "./harness.ts";

/**
 * A batch of games started in one command (an arena's wave): every player's rating and takeback choice read
 * once for the batch, the rows written in one statement, each game announced; a row the database refuses costs
 * the others nothing. The real repository (PGlite, or PostgreSQL with DATABASE_URL).
 */
const test = useTestDatabase();
let repo: GamesRepo;
const ids: Record<string, number> = {};
const NAMES = ["ann", "bob", "cid", "dee", "eve", "fay"];

beforeAll(async () => {
  repo = createGamesRepo(test.database.db);
  const rows = await test.database.db
    .insert(users)
    .values(NAMES.map((n) => ({ username: `sm_${n}`, email: `sm_${n}@example.com`, passwordHash: "x" })))
    .returning({ id: users.id, username: users.username });
  for (const r of rows) ids[r.username.slice(3)] = r.id;
  // ann and bob have blitz ratings (bob a bullet one too, which a blitz game must not take); the others none.
  await test.database.db.insert(ratings).values([
    { userId: ids.ann!, variant: "standard", timeClass: "blitz", elo: 1720, games: 40 },
    { userId: ids.bob!, variant: "standard", timeClass: "blitz", elo: 1480, games: 12 },
    { userId: ids.bob!, variant: "standard", timeClass: "bullet", elo: 2100, games: 300 },
    { userId: ids.cid!, variant: "chess960", timeClass: "blitz", elo: 1900, games: 50 },
  ]);
  const prefs = createPreferencesRepo(test.database.db);
  await prefs.merge(ids.bob!, { takebacks: "never" });
  await prefs.merge(ids.cid!, { takebacks: "casual" });
});

interface Told {
  player: PlayerRef;
  event: string;
  gameId: string;
}

function setup(wrap: (r: GamesRepo) => Partial<GamesRepo> = () => ({})) {
  const calls = { ratings: 0, rating: 0, insertGames: 0, insertGame: 0, takebacks: 0 };
  const base: GamesRepo = repo;
  const counted: GamesRepo = {
    ...base,
    ratings: (w) => {
      calls.ratings++;
      return base.ratings(w);
    },
    rating: (...a) => {
      calls.rating++;
      return base.rating(...a);
    },
    insertGames: (rows) => {
      calls.insertGames++;
      return base.insertGames(rows);
    },
    insertGame: (row) => {
      calls.insertGame++;
      return base.insertGame(row);
    },
  };
  const told: Told[] = [];
  const notifier: GameNotifier = {
    toPlayer: (player, event, payload) => {
      told.push({ player, event, gameId: (payload as { gameId?: string }).gameId ?? "" });
    },
    toGame: () => {},
    joinGame: () => {},
    reconnect: () => {},
  };
  const prefs = createPreferencesRepo(test.database.db);
  const service = createGamesService({
    repo: { ...counted, ...wrap(counted) },
    notifier,
    isOnline: () => true,
    logger: pino({ level: "silent" }),
    bus: new Bus(),
    takebackChoices: async (userIds) => {
      calls.takebacks++;
      return new Map([...(await prefs.choicesOf(userIds))].map(([id, c]) => [id, c.takebacks] as const));
    },
  });
  services.push(service);
  return { service, calls, told };
}

const services: GamesService[] = [];
afterEach(() => {
  for (const s of services.splice(0)) s.stop();
});

let n = 0;
const player = (name: string): PlayerRef => ({ userId: ids[name]!, sessionId: `arena:${ids[name]}`, name });
const game = (white: string, black: string, more: Partial<NewGame> = {}): NewGame => ({
  id: `sm${++n}_${Math.random().toString(36).slice(2, 8)}`,
  white: player(white),
  black: player(black),
  variant: "standard",
  baseTime: 3,
  increment: 2,
  ...more,
});

describe("games: a batch started in one command", () => {
  it("reads every player's rating and takeback choice once for the batch, each game with its own", async () => {
    const { service, calls, told } = setup();
    const batch = [game("ann", "bob"), game("cid", "dee"), game("eve", "fay", { rated: false })];
    const out = await service.startMany(batch);
    expect(out.map((o) => o.ok)).toEqual([true, true, true]);
    expect(calls).toEqual({ ratings: 1, rating: 0, insertGames: 1, insertGame: 0, takebacks: 1 });

    const rounds = out.map((o) => (o.ok ? o.round : undefined));
    const [ab, cd, ef] = rounds;
    // Each player's blitz rating in standard; none stored (cid's is in Chess960): the default, no games.
    expect(ab?.elo).toEqual({ w: 1720, b: 1480 });
    expect(ab?.deltas).toEqual({ w: eloDeltas(1720, 1480, 40), b: eloDeltas(1480, 1720, 12) });
    expect(cd?.elo).toEqual({ w: DEFAULT_ELO, b: DEFAULT_ELO });
    expect(cd?.deltas.w).toEqual(eloDeltas(DEFAULT_ELO, DEFAULT_ELO, 0));
    expect(ef?.rated).toBe(false);
    expect(ef?.elo).toEqual({ w: null, b: null });
    // bob never takes takebacks; cid only in casual games (this one is rated); the others always.
    expect(ab?.takesTakebacks).toEqual({ w: true, b: false });
    expect(cd?.takesTakebacks).toEqual({ w: false, b: true });
    expect(ef?.takesTakebacks).toEqual({ w: true, b: true });

    // Stored as announced, and each player told of their own game only.
    const stored = await repo.game(batch[0]!.id!);
    expect(stored).toMatchObject({ whiteElo: 1720, blackElo: 1480, whiteUserId: ids.ann, blackUserId: ids.bob });
    expect((await repo.stored(batch.map((g) => g.id!))).size).toBe(3);
    for (const [k, g] of batch.entries()) {
      const started = told.filter((t) => t.event === "gameStarted" && t.gameId === g.id);
      expect(started.map((t) => t.player.userId).sort()).toEqual([g.white.userId, g.black.userId].sort());
      expect(rounds[k]?.id).toBe(g.id);
    }
    expect(service.liveCount()).toBe(3);
  });

  it("a row the database refuses is not started; the batch's other games are stored and announced", async () => {
    const { service, calls, told } = setup();
    const batch = [game("ann", "bob"), game("cid", "dee"), game("eve", "fay")];
    // The middle game's id is taken already: the batch's one statement fails, each is then tried alone.
    await repo.insertGame(liveGameRow(batch[1]!.id!));
    const out = await service.startMany(batch);
    expect(out.map((o) => o.ok)).toEqual([true, false, true]);
    expect(calls.insertGames).toBe(4);
    expect(service.liveCount()).toBe(2);
    const announced = new Set(told.filter((t) => t.event === "gameStarted").map((t) => t.gameId));
    expect(announced).toEqual(new Set([batch[0]!.id, batch[2]!.id]));
    // The row that was there is untouched.
    expect(await repo.game(batch[1]!.id!)).toMatchObject({ whiteSessionId: "sw", whiteUserId: null });
    expect(await repo.game(batch[2]!.id!)).toMatchObject({ whiteUserId: ids.eve, blackUserId: ids.fay });
    // A single start is the batch of one: it throws the database's refusal.
    await expect(service.start({ ...game("ann", "bob"), id: batch[1]!.id })).rejects.toThrow();
  });

  it("a batch whose answer was lost is read back: stored, every game is announced", async () => {
    const { service, told } = setup((r) => ({
      insertGames: async (rows) => {
        await r.insertGames(rows);
        throw Object.assign(new Error("Connection terminated unexpectedly"), { code: "ECONNRESET" });
      },
    }));
    const batch = [game("ann", "bob"), game("cid", "dee")];
    const out = await service.startMany(batch);
    expect(out.map((o) => o.ok)).toEqual([true, true]);
    expect(told.filter((t) => t.event === "gameStarted")).toHaveLength(4);
  });

  it("a batch whose reads fail starts none, and says why for each", async () => {
    const { service, told } = setup(() => ({
      ratings: async () => {
        throw new Error("database away");
      },
    }));
    const batch = [game("ann", "bob"), game("cid", "dee")];
    const out = await service.startMany(batch);
    expect(out).toEqual([
      { ok: false, error: new Error("database away") },
      { ok: false, error: new Error("database away") },
    ]);
    expect(told).toEqual([]);
    expect((await repo.stored(batch.map((g) => g.id!))).size).toBe(0);
  });
});
