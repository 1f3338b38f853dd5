import { fail } from "@chess/shared";
import type { FastifyBaseLogger } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { createClubMatchesRepo } from "../src/areas/clubMatches/clubMatchesRepo.ts";
import { createClubMatchesService } from "../src/areas/clubMatches/clubMatchesService.ts";
import type { DailyPairing } from "../src/areas/daily/index.ts";
import { clubMatchPlayers, clubs, users } from "../src/storage/schema.ts";
import { useTestDatabase } from "./harness.ts";

/**
 * A club match whose start a node left half done (it died after some of the games started): the next sweep,
 * on any node, finishes the start once the claim lapses, and no game is made twice.
 */
const test = useTestDatabase();
const ids: Record<string, number> = {};
const clubIds: Record<"a" | "b", number> = { a: 0, b: 0 };

beforeAll(async () => {
  const db = test.database.db;
  for (const name of ["adm", "a1", "a2", "bdm", "b1", "b2"]) {
    const [row] = await db
      .insert(users)
      .values({ username: `cm_${name}`, email: `cm_${name}@example.com`, passwordHash: "x" })
      .returning({ id: users.id });
    ids[name] = row!.id;
  }
  for (const side of ["a", "b"] as const) {
    const [club] = await db
      .insert(clubs)
      .values({ name: `Resume club ${side}`, administratorId: ids[`${side}dm`]! })
      .returning({ id: clubs.id });
    clubIds[side] = club!.id;
  }
});

const quiet = { warn() {}, info() {}, error() {} } as unknown as FastifyBaseLogger;

describe("a club match's start left half done", () => {
  it("is finished by the sweep after the claim lapses, each game started once", async () => {
    let now = Date.UTC(2026, 11, 1, 12);
    const repo = createClubMatchesRepo(test.database.db);
    const started = new Map<string, number>();
    let dieAfter = 1;
    const starts = {
      startPosition: async () => ({
        ok: true as const,
        data: { fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" },
      }),
      async start(p: DailyPairing) {
        const id = p.gameId as string;
        if (started.has(id)) return fail("exists", "This game was started already");
        if (dieAfter-- <= 0) throw new Error("node killed mid-start");
        started.set(id, (started.get(id) ?? 0) + 1);
        return { ok: true as const, data: { gameId: id } };
      },
    };
    const members: Record<number, number[]> = {
      [clubIds.a]: [ids.adm!, ids.a1!, ids.a2!],
      [clubIds.b]: [ids.bdm!, ids.b1!, ids.b2!],
    };
    const service = createClubMatchesService({
      repo,
      membership: {
        isMember: async (clubId, userId) => members[clubId]?.includes(userId) ?? false,
        club: async (clubId) => ({
          clubId,
          name: `club ${clubId}`,
          administratorId: clubId === clubIds.a ? ids.adm! : ids.bdm!,
        }),
      },
      records: {
        rating: async (userId: number) => ({ elo: 1500 + userId, games: 10 }),
        outcomes: async () => new Map(),
      } as never,
      starts,
      live: { changed() {} },
      now: () => now,
      logger: quiet,
    });
    const admin = { userId: ids.adm!, username: "cm_adm" };
    const made = await service.create(admin, {
      clubId: clubIds.a,
      opponentClubId: clubIds.b,
      days: 3,
      variant: "standard",
      rated: true,
      maxBoards: 20,
      signUpHours: 48,
    });
    if (!made.ok) throw new Error(made.message);
    const matchId = made.data!.matchId;
    expect((await service.accept({ userId: ids.bdm!, username: "cm_bdm" }, matchId)).ok).toBe(true);
    for (const name of ["adm", "a1", "a2", "bdm", "b1", "b2"]) {
      await test.database.db.insert(clubMatchPlayers).values({
        matchId,
        userId: ids[name]!,
        side: name.startsWith("a") ? "a" : "b",
      });
    }

    // "Start now", two days before sign-up ends: the node dies after the first of six games.
    await expect(service.start(admin, matchId)).rejects.toThrow("node killed");
    expect(started.size).toBe(1);
    expect((await repo.match(matchId))?.status).toBe("open");

    // While its claim holds nobody else starts it; once it lapsed the sweep finishes the start.
    await service.sweep();
    expect(started.size).toBe(1);
    now += 61_000;
    dieAfter = 100;
    await service.sweep();
    expect((await repo.match(matchId))?.status).toBe("started");
    expect([...started.values()]).toEqual([1, 1, 1, 1, 1, 1]);
    expect((await repo.games(matchId)).map((g) => g.board)).toEqual([1, 1, 2, 2, 3, 3]);
  });
});
