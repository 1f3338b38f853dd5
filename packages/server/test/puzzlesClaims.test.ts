import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CLAIM_LEASE_MS, createPuzzlesRepo, type PuzzlesRepo } from "../src/areas/puzzles/puzzlesRepo.ts";
import { puzzleSources } from "../src/storage/schema.ts";
import { useTestDatabase } from "./harness.ts";

/** Claims on games to search for puzzles are leases: a node that dies mid-search leaves one that goes stale. */
const test = useTestDatabase();
let repo: PuzzlesRepo;

beforeAll(() => {
  repo = createPuzzlesRepo(test.database.db);
});

/** A claim as a node that died mid-search left it: taken `ago` ms back, never renewed nor searched. */
async function leftBehind(gameId: string, ago: number): Promise<void> {
  await test.database.db
    .insert(puzzleSources)
    .values({ gameId, claimedAt: sql`now() - make_interval(secs => ${ago / 1000})` });
}

const row = async (gameId: string) =>
  (await test.database.db.select().from(puzzleSources).where(eq(puzzleSources.gameId, gameId)))[0];

describe("claims on games to search for puzzles", () => {
  it("hold while live: a second claim, here or on another node, is refused", async () => {
    expect(await repo.claim("g-live")).toBe(true);
    expect(await repo.claim("g-live")).toBe(false);
    expect(await repo.unsearched(["g-live", "g-new"])).toEqual(["g-new"]);
  });

  it("left by a dead node go stale after the lease: the backfill lists the game and takes the claim over", async () => {
    await leftBehind("g-dead", CLAIM_LEASE_MS + 60_000);
    await leftBehind("g-busy", CLAIM_LEASE_MS - 60_000);
    expect(await repo.unsearched(["g-busy", "g-dead"])).toEqual(["g-dead"]);
    expect(await repo.claim("g-busy")).toBe(false);
    expect(await repo.claim("g-dead")).toBe(true);
    // Taken over: live again, for this node alone.
    expect(await repo.claim("g-dead")).toBe(false);
    expect(await repo.unsearched(["g-dead"])).toEqual([]);
    expect(Date.now() - ((await row("g-dead"))?.claimedAt.getTime() ?? 0)).toBeLessThan(CLAIM_LEASE_MS);
  });

  it("are renewed while searches go on, and a searched game is never claimed again however old", async () => {
    await leftBehind("g-slow", CLAIM_LEASE_MS + 60_000);
    await repo.renew("g-slow");
    expect(await repo.claim("g-slow")).toBe(false);

    await leftBehind("g-done", CLAIM_LEASE_MS * 4);
    await repo.searched("g-done");
    expect(await repo.claim("g-done")).toBe(false);
    expect(await repo.unsearched(["g-done"])).toEqual([]);
    // A searched game's mark is not given back by a late unclaim.
    await repo.unclaim("g-done");
    expect((await row("g-done"))?.searchedAt).toBeInstanceOf(Date);
  });

  it("given back after a failed search leave the game for the next backfill", async () => {
    expect(await repo.claim("g-failed")).toBe(true);
    await repo.unclaim("g-failed");
    expect(await repo.unsearched(["g-failed"])).toEqual(["g-failed"]);
    expect(await row("g-failed")).toBeUndefined();
  });
});
