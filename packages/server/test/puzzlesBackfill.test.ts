import { join } from "node:path";
import type { ImportedGame, NextPuzzle, PuzzleDeck } from "@chess/shared";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/storage/db.ts";
import { puzzleSources, puzzles } from "../src/storage/schema.ts";
import { createTestDatabase, http, signupAndLogin, startTestServer, type TestServer } from "./harness.ts";
import { guest } from "./players.ts";

// 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qf3?? — White misses 4. Qxf7#, the one move that wins.
const MISSED = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qf3 Nd4 *";
// Imported by the account White names: White's mistakes are theirs.
const STANDARD = `[White "backfiller"]\n[Black "b"]\n\n${MISSED}\n`;
// The same game as Chess960 position 518 (the standard array): its positions are Shredder-FENs ("HAha"). No
// names: the importer's side is not known, so both sides' mistakes are theirs.
const CHESS960 = `[Variant "Chess960"]\n[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]\n\n${MISSED}\n`;

type Health = { puzzles: { made: number; backfill: { games: number; puzzles: number; running: boolean } } };

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let server: TestServer | undefined;
const env = { ANALYSIS_NODES: "30000", ENGINE_WORKERS: "1" };

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await server?.close();
  await db?.drop();
});

/** This node's puzzles part of /health (a 503 just after a start has none: read again). */
const health = async (): Promise<Health> => {
  const res = await http((server as TestServer).url, "GET", "/health");
  const h = res.json as unknown as Partial<Health>;
  return h.puzzles ? (h as Health) : { puzzles: { made: -1, backfill: { games: -1, puzzles: -1, running: true } } };
};

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 90_000): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    value = await read();
  }
  return value;
}

/** The puzzles stored, by the database itself (the server is down meanwhile: PGlite has one opener). */
async function withDatabase<T>(act: (database: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>): Promise<T> {
  const database = await openDatabase({
    databaseUrl: db.env.DATABASE_URL,
    pgliteDir: db.env.DATA_DIR ? join(db.env.DATA_DIR, "db") : undefined,
  });
  try {
    return await act(database);
  } finally {
    await database.close();
  }
}

describe("the puzzles backfill", () => {
  it("makes puzzles from analyses stored before puzzles existed or claimed by a dead node, once, a Chess960 game's too", {
    timeout: 300_000,
  }, async () => {
    server = await startTestServer({ ...db.env, ...env });
    // The server analyses for accounts (a guest's browser runs its own engine).
    const { cookie } = await signupAndLogin(server.url, "Backfiller");
    const headers = { cookie };
    for (const pgn of [STANDARD, CHESS960]) {
      const imported = (await http(server.url, "POST", "/analysis/import", { headers, body: { pgn } }))
        .json as unknown as ImportedGame;
      const analysis = await http(server.url, "GET", `/game/analysis/${imported.importId}`, { headers });
      expect(analysis.status).toBe(200);
    }
    // The maker of new analyses, Chess960's included; both puzzles in the importer's own deck.
    expect((await until(health, (h) => h.puzzles.made >= 2)).puzzles.made).toBe(2);
    const deck = (await http(server.url, "GET", "/puzzles/mine", { headers })).json as unknown as PuzzleDeck;
    expect(deck.puzzles.map((p) => [p.player, p.solution])).toEqual([
      ["w", ["h5f7"]],
      ["w", ["h5f7"]],
    ]);
    await server.close();
    server = undefined;

    // As before puzzles existed: the analyses stored, no puzzles, one game never searched and the other's claim
    // left behind by a node that died mid-search (an hour ago, never renewed).
    const before = await withDatabase(async ({ db: d }) => {
      const rows = await d.select().from(puzzles);
      await d.delete(puzzles);
      const [dead, ...others] = (await d.select().from(puzzleSources)).map((r) => r.gameId);
      await d.delete(puzzleSources).where(inArray(puzzleSources.gameId, others));
      await d
        .update(puzzleSources)
        .set({ searchedAt: null, claimedAt: new Date(Date.now() - 3600_000) })
        .where(eq(puzzleSources.gameId, dead as string));
      return rows;
    });
    expect(before.map((p) => p.solution)).toEqual([["h5f7"], ["h5f7"]]);
    expect(before.map((p) => p.fen.split(" ")[2]).sort()).toEqual(["HAha", "KQkq"]);

    server = await startTestServer({ ...db.env, ...env });
    const backfilled = await until(health, (h) => h.puzzles.backfill.games >= 2 && !h.puzzles.backfill.running);
    expect(backfilled.puzzles).toMatchObject({ made: 2, backfill: { games: 2, puzzles: 2, running: false } });
    const solver = await guest(server.url);
    const next = (await http(server.url, "GET", "/puzzles/next", { headers: { "session-id": solver.sessionId } }))
      .json as unknown as NextPuzzle;
    solver.socket.close();
    expect(next.puzzle?.solution).toEqual(["h5f7"]);
    await server.close();
    server = undefined;

    // Run again: nothing left to search, nothing stored twice.
    server = await startTestServer({ ...db.env, ...env });
    const again = await until(health, (h) => !h.puzzles.backfill.running, 30_000);
    expect(again.puzzles).toMatchObject({ made: 0, backfill: { games: 0, puzzles: 0 } });
    await server.close();
    server = undefined;
    const after = await withDatabase(({ db: d }) => d.select().from(puzzles));
    expect(after.map((p) => [p.gameId, p.ply, p.fen])).toEqual(
      expect.arrayContaining(before.map((p) => [p.gameId, p.ply, p.fen])),
    );
    expect(after).toHaveLength(2);
  });
});
