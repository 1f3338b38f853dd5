import type { ClubMatchSummary, ClubMatchView } from "@chess/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, DAY, dailyGame, send, squares } from "./dailyPlay.ts";
import { createTestDatabase, http, startTestServer, type TestServer } from "./harness.ts";
import { type Player, registered } from "./players.ts";

/**
 * A club match game is never aborted (chess.com): a side that never makes its first move loses it on time, and
 * the match scores it. Real HTTP; the days pass by restarting the server later (CLOCK_OFFSET_MS).
 */
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let server: TestServer | undefined;

async function serve(offsetMs: number): Promise<TestServer> {
  await server?.close();
  server = await startTestServer({ ...db.env, DAILY_SWEEP_MS: "100", CLOCK_OFFSET_MS: String(offsetMs) });
  return server;
}

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await server?.close();
  await db?.drop();
});

describe("a daily club match's no-shows", () => {
  it("score the game to the opponent: never moving, or moving once and never again", { timeout: 90_000 }, async () => {
    const { url } = await serve(0);
    const call = (p: Player, method: string, path: string) => http(url, method, path, { headers: as(p) });
    const adminA = await registered(url, "nsA");
    const adminB = await registered(url, "nsB");
    const club = async (p: Player) =>
      Number(
        (await http(url, "POST", "/club/create", { headers: as(p), body: { clubName: `Club ${p.name}` } })).json.clubId,
      );
    const [a, b] = [await club(adminA), await club(adminB)];
    const made = await http(url, "POST", "/club-matches", {
      headers: as(adminA),
      body: { clubId: a, opponentClubId: b, days: 1, rated: false },
    });
    const { matchId } = made.json as unknown as ClubMatchSummary;
    expect((await call(adminB, "POST", `/club-matches/${matchId}/accept`)).status).toBe(200);
    for (const p of [adminA, adminB]) expect((await call(p, "POST", `/club-matches/${matchId}/join`)).status).toBe(200);
    expect((await call(adminA, "POST", `/club-matches/${matchId}/start`)).status).toBe(200);
    const view = (await call(adminA, "GET", `/club-matches/${matchId}`)).json as unknown as ClubMatchView;
    const games = view.boards[0]?.games ?? [];
    const aWhite = games.find((g) => g.whiteSide === "a");
    const bWhite = games.find((g) => g.whiteSide === "b");
    if (!aWhite || !bWhite) throw new Error("board 1 has a game with each colour");
    // Club a's player opens with White; club b's player answers nothing, and never moves with White either.
    const moved = adminB.next("dailyMoved", 5000, (m) => m.gameId === aWhite.gameId);
    send(adminA.socket, "dailyMove", { gameId: aWhite.gameId, move: squares("e2e4"), ply: 0 });
    await moved;
    for (const p of [adminA, adminB]) p.socket.close();

    // Two days on, both games ran out: each is lost by the side that did not move, not aborted.
    const later = await serve(2 * DAY);
    expect(await dailyGame(later.url, aWhite.gameId)).toMatchObject({
      status: "finished",
      winningColor: "white",
      reason: "flag",
      clubMatch: true,
    });
    expect(await dailyGame(later.url, bWhite.gameId)).toMatchObject({
      status: "finished",
      winningColor: "black",
      reason: "flag",
      clubMatch: true,
    });
    const deadline = Date.now() + 30_000;
    let match: ClubMatchSummary | undefined;
    while (Date.now() < deadline) {
      const seen = await http(later.url, "GET", `/club-matches/${matchId}`, { headers: as(adminA) });
      match = (seen.json as unknown as ClubMatchView).match;
      if (match.status === "finished") break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(match).toMatchObject({
      status: "finished",
      winner: "a",
      finishedGames: 2,
      a: { score: 2 },
      b: { score: 0 },
    });
  });
});
