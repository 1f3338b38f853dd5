import { LEADERBOARD_PAGE, type LeaderboardOverview, TIME_CLASSES, VARIANTS } from "@chess/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, http, startTestServer, type TestServer } from "./harness.ts";
import { guest, type Player, play, registered, startGame, uniqueName } from "./players.ts";

let server: TestServer;
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let base: string;
let a: Player;
let b: Player;
let c: Player;
const gameIds: string[] = [];

const FOOLS_MATE = ["f2f3", "e7e5", "g2g4", "d8h4"];
const RAPID = { baseTime: 10, increment: 0, selectedColor: "white" };

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startTestServer(db.env);
  base = server.url;
  [a, b, c] = [await registered(base, "hA"), await registered(base, "hB"), await registered(base, "hC")];
  // 1: B (white) is mated by A (black).
  const g1 = await startGame(b, a, RAPID);
  const over1 = g1.white.next("gameOver");
  await play(g1.white, g1.black, g1.game.gameId, FOOLS_MATE);
  await over1;
  // 2: A and C agree a draw.
  const g2 = await startGame(a, c, RAPID);
  await play(g2.white, g2.black, g2.game.gameId, ["e2e4", "e7e5"]);
  const over2 = g2.white.next("gameOver");
  await g2.white.emit("offerDraw");
  await g2.black.emit("acceptDraw");
  await over2;
  // 3: C resigns against B.
  const g3 = await startGame(b, c, RAPID);
  await play(g3.white, g3.black, g3.game.gameId, ["d2d4", "d7d5"]);
  const over3 = g3.white.next("gameOver");
  await g3.black.emit("forfeit");
  await over3;
  gameIds.push(g1.game.gameId, g2.game.gameId, g3.game.gameId);
});

afterAll(async () => {
  for (const p of [a, b, c]) p?.socket.close();
  await server?.close();
  await db?.drop();
});

describe("GET /history/list/{username}", () => {
  it("lists finished games newest first from the player's side, publicly", async () => {
    const res = await http(base, "GET", `/history/list/${a.name}?limit=10&gameVariant=standard`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      expect.objectContaining({
        gameId: gameIds[1],
        username1: a.name,
        username2: c.name,
        player1Color: "white",
        result: null,
      }),
      expect.objectContaining({
        gameId: gameIds[0],
        username1: a.name,
        username2: b.name,
        player1Color: "black",
        player2Color: "white",
        timeVariant: "rapid",
        baseTime: 10,
        increment: 0,
        result: true,
        moves: "f3 e5 g4 Qh4#",
        initialFen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      }),
    ]);
    const lost = await http(base, "GET", `/history/list/${b.name.toUpperCase()}`);
    expect(
      (lost.json as unknown as Array<{ result: boolean | null; gameId: string }>).find((r) => r.gameId === gameIds[0])
        ?.result,
    ).toBe(false);
  });

  it("pages past the first games and answers empty pages, unknown players and bad queries clearly", async () => {
    const page1 = await http(base, "GET", `/history/list/${b.name}?limit=1&pageNo=1`);
    const page2 = await http(base, "GET", `/history/list/${b.name}?limit=1&pageNo=2`);
    const page3 = await http(base, "GET", `/history/list/${b.name}?limit=1&pageNo=3`);
    expect((page1.json as unknown as Array<{ gameId: string }>)[0]?.gameId).toBe(gameIds[2]);
    expect((page2.json as unknown as Array<{ gameId: string }>)[0]?.gameId).toBe(gameIds[0]);
    expect(page3.json).toEqual([]);
    expect((await http(base, "GET", "/history/list/nobody-at-all")).status).toBe(404);
    expect((await http(base, "GET", `/history/list/${a.name}?limit=0`)).status).toBe(400);
    expect((await http(base, "GET", `/history/list/${a.name}?gameVariant=crazyhouse`)).status).toBe(400);
    expect(await http(base, "GET", `/history/list/${a.name}?gameVariant=jumpstart`)).toMatchObject({
      status: 200,
      json: [],
    });
  });
});

describe("statistics and rating history", () => {
  it("counts rated games per time variant, consistent with the games played", async () => {
    const stats = (await http(base, "GET", `/history/stats/${a.name}?gameVariant=standard`)).json as unknown as Array<{
      timeVariant: string;
      eloPoints: number;
      gamesWon: number;
      gamesPlayed: number;
      winrate: number;
    }>;
    expect(stats.map((s) => s.timeVariant)).toEqual(["bullet", "blitz", "rapid", "classical", "daily"]);
    const rapid = stats.find((s) => s.timeVariant === "rapid");
    // +20 for the win against an equal, then a draw against a lower-rated opponent costs a little.
    expect(rapid).toMatchObject({ gamesWon: 1, gamesPlayed: 2, winrate: 0.5 });
    expect(rapid?.eloPoints).toBe(1220 + Math.round(40 * (0.5 - 1 / (1 + 10 ** ((1200 - 1220) / 400)))));
    expect(stats.find((s) => s.timeVariant === "blitz")).toEqual({
      timeVariant: "blitz",
      eloPoints: 1200,
      gamesWon: 0,
      gamesPlayed: 0,
      winrate: 0,
    });
    const history = (await http(base, "GET", `/history/ratings/${a.name}`)).json as unknown as Record<
      string,
      Array<{ elo: number; change: number }>
    >;
    expect(history.rapid?.map((p) => p.elo)).toEqual([1220, rapid?.eloPoints]);
    // Each with its change: the rating before the first game is there too.
    expect(history.rapid?.map((p) => p.elo - p.change)).toEqual([1200, 1220]);
  });

  it("serves a game as PGN", async () => {
    const res = await fetch(`${base}/history/${gameIds[0]}/pgn`);
    const text = await res.text();
    expect(res.headers.get("content-type")).toContain("application/x-chess-pgn");
    expect(text).toContain(`[White "${b.name}"]`);
    expect(text).toContain('[Result "0-1"]');
    expect(text).toMatch(/1\. f3 e5 2\. g4 Qh4# 0-1/);
  });
});

describe("leaderboards", () => {
  it("ranks players with a rated game by rating, with stable ties and paging", async () => {
    const board = await http(base, "GET", "/leaderboard?gameVariant=standard&timeVariant=rapid&pageNo=1");
    const rows = board.json.rows as Array<{ rank: number; username: string; elo: number }>;
    // A: +20 then -1 (draw vs lower) = 1219; B: -20 then +21 (beat a higher-rated C) = 1201; C: +1 - 21 = 1180.
    expect(rows.map((r) => [r.username, r.elo])).toEqual([
      [a.name, 1219],
      [b.name, 1201],
      [c.name, 1180],
    ]);
    expect(rows.map((r) => r.rank)).toEqual([1, 2, 3]);
    expect(rows[0]?.elo).toBeGreaterThan(rows[1]?.elo ?? 0);
    expect(board.json.lastPage).toBe(1);
    const empty = await http(base, "GET", "/leaderboard?gameVariant=standard&timeVariant=bullet&pageNo=1");
    expect(empty.json).toEqual({ rows: [], lastPage: 1 });
    expect((await http(base, "GET", "/leaderboard?gameVariant=standard&timeVariant=rapid&pageNo=2")).json.rows).toEqual(
      [],
    );
    expect((await http(base, "GET", "/leaderboard?timeVariant=hyper")).status).toBe(400);
    expect((await http(base, "GET", "/leaderboard?pageNo=0")).status).toBe(400);
    expect(LEADERBOARD_PAGE).toBe(20);
  });

  it("the overview gives every variant and time class board, its count and its top players", async () => {
    const res = await http(base, "GET", "/leaderboard/overview");
    expect(res.status).toBe(200);
    const boards = res.json.boards as LeaderboardOverview["boards"];
    expect(boards.map((b) => `${b.gameVariant} ${b.timeVariant}`)).toEqual(
      VARIANTS.flatMap((v) => TIME_CLASSES.map((t) => `${v} ${t}`)),
    );
    const rapid = boards.find((b) => b.gameVariant === "standard" && b.timeVariant === "rapid");
    expect(rapid?.players).toBe(3);
    expect(rapid?.rows.map((r) => [r.rank, r.username, r.elo, r.gamesPlayed])).toEqual([
      [1, a.name, 1219, 2],
      [2, b.name, 1201, 2],
      [3, c.name, 1180, 2],
    ]);
    const bullet = boards.find((b) => b.gameVariant === "standard" && b.timeVariant === "bullet");
    expect(bullet).toEqual({ gameVariant: "standard", timeVariant: "bullet", players: 0, rows: [] });
  });

  it("ranks a club's members, for members only", async () => {
    const created = await http(base, "POST", "/club/create", {
      headers: { cookie: a.cookie ?? "" },
      body: { clubName: uniqueName("Board") },
    });
    const clubId = created.json.clubId;
    const q = `gameVariant=standard&timeVariant=rapid&pageNo=1&clubId=${clubId}`;
    const mine = await http(base, "GET", `/leaderboard/club?${q}&isClubElo=false`, {
      headers: { cookie: a.cookie ?? "" },
    });
    expect((mine.json.rows as Array<{ username: string }>).map((r) => r.username)).toEqual([a.name]);
    const clubElo = await http(base, "GET", `/leaderboard/club?${q}&isClubElo=true`, {
      headers: { cookie: a.cookie ?? "" },
    });
    expect(clubElo.json).toEqual({ rows: [], lastPage: 1, clubBattles: { played: 0, won: 0, points: 0 } });
    expect((await http(base, "GET", `/leaderboard/club?${q}`, { headers: { cookie: b.cookie ?? "" } })).status).toBe(
      404,
    );
    expect((await http(base, "GET", `/leaderboard/club?${q}`)).status).toBe(401);
  });
});

describe("guest games", () => {
  it("carry over when the guest registers and logs in from the same session", async () => {
    const g = await guest(base);
    const other = await guest(base);
    const { white, game } = await startGame(g, other, { baseTime: 5, increment: 0, selectedColor: "white" });
    expect(white).toBe(g);
    const over = g.next("gameOver");
    await play(g, other, game.gameId, ["e2e4", "e7e5"]);
    await other.emit("forfeit");
    await over;
    const name = uniqueName("conv");
    await http(base, "POST", "/user/create", {
      body: { username: name, email: `${name}@example.com`, password: "correct horse" },
    });
    const login = await http(base, "POST", "/user/login", {
      body: { username: name, password: "correct horse" },
      headers: { "session-id": g.sessionId },
    });
    expect(login.status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    const rows = (await http(base, "GET", `/history/list/${name}`)).json as unknown as Array<{
      gameId: string;
      username1: string;
      result: boolean;
    }>;
    expect(rows).toEqual([expect.objectContaining({ gameId: game.gameId, username1: name, result: true })]);
    g.socket.close();
    other.socket.close();
  });
});
