import type { ClubMatches, ClubMatchSummary, ClubMatchView } from "@chess/shared";
import { CLUB_MATCH_MESSAGES } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { as, ask, playDaily, send } from "./dailyPlay.ts";
import { http, useTestServer } from "./harness.ts";
import { type Player, registered } from "./players.ts";

/** Daily club matches through real HTTP and sockets: challenge, sign-up, start, the live score, the record. */
const app = useTestServer({ SIGNUP_LIMIT_PER_IP: "100" });

const call = (p: Player, method: string, path: string, body?: unknown) =>
  http(app.url, method, path, { headers: as(p), body });

async function clubOf(admin: Player, members: Player[]): Promise<number> {
  const created = await call(admin, "POST", "/club/create", { clubName: `Club ${admin.name}` });
  expect(created.status).toBe(201);
  const clubId = Number(created.json.clubId);
  for (const m of members) {
    expect((await call(admin, "POST", "/club/invite", { clubId, inviteeUsername: m.name })).status).toBe(200);
    expect((await call(m, "POST", "/club/handle-invitation", { clubId, accepted: true })).status).toBe(200);
  }
  return clubId;
}

describe("daily club matches", () => {
  it("refuses bad challenges and outsiders, changing nothing", async () => {
    const adminA = await registered(app.url, "mA");
    const adminB = await registered(app.url, "mB");
    const member = await registered(app.url, "mM");
    const outsider = await registered(app.url, "mO");
    const a = await clubOf(adminA, [member]);
    const b = await clubOf(adminB, []);
    const body = { clubId: a, opponentClubId: b, days: 3 };

    const bad = [
      [adminA, { ...body, days: 15 }, 400, "15 days per move is not offered"],
      [adminA, { ...body, opponentClubId: a }, 400, CLUB_MATCH_MESSAGES.sameClub],
      [adminA, { ...body, maxBoards: 0 }, 400, "maxBoards must be at least 1"],
      [adminA, { ...body, signUpHours: 24 * 15 }, 400, "Sign-up lasts at most 14 days"],
      [adminA, { ...body, opponentClubId: 2_000_000 }, 404, "Club not found"],
      [outsider, body, 404, "Club not found"],
      [member, body, 403, CLUB_MATCH_MESSAGES.notAdmin],
    ] as const;
    for (const [who, b2, status, text] of bad) {
      const res = await call(who, "POST", "/club-matches", b2);
      expect(res.status, JSON.stringify(b2)).toBe(status);
      expect(res.text).toContain(text);
    }
    expect(((await call(adminA, "GET", `/club-matches?clubId=${a}`)).json as unknown as ClubMatches).matches).toEqual(
      [],
    );

    const made = await call(adminA, "POST", "/club-matches", body);
    expect(made.status).toBe(201);
    const { matchId } = made.json as unknown as ClubMatchSummary;
    expect((await call(outsider, "GET", `/club-matches/${matchId}`)).status).toBe(404);
    expect((await call(outsider, "POST", `/club-matches/${matchId}/join`)).status).toBe(404);
    expect((await call(adminA, "POST", `/club-matches/${matchId}/accept`)).status).toBe(403);
    expect((await call(adminA, "POST", `/club-matches/${matchId}/start`)).status).toBe(409);
    expect((await call(member, "POST", `/club-matches/${matchId}/join`)).status).toBe(200);
    const twice = await call(member, "POST", `/club-matches/${matchId}/join`);
    expect(twice.status).toBe(409);
    expect(twice.text).toContain(CLUB_MATCH_MESSAGES.alreadyJoined);
    expect((await call(adminB, "POST", `/club-matches/${matchId}/decline`)).status).toBe(200);
    const late = await call(member, "POST", `/club-matches/${matchId}/leave`);
    expect(late.text).toContain(CLUB_MATCH_MESSAGES.notOpen);
    for (const p of [adminA, adminB, member, outsider]) p.socket.close();
  });

  it("four boards a side: board n meets board n, two games a board, the score live on both clubs' rooms", {
    timeout: 90_000,
  }, async () => {
    // Four a side: club b signs up five, and the fifth sits out.
    const adminA = await registered(app.url, "xA");
    const aMembers = [
      await registered(app.url, "xa"),
      await registered(app.url, "xd"),
      await registered(app.url, "xe"),
    ];
    const adminB = await registered(app.url, "xB");
    const bMembers = [
      await registered(app.url, "xb"),
      await registered(app.url, "xc"),
      await registered(app.url, "xf"),
      await registered(app.url, "xg"),
    ];
    const [a1] = aMembers as [Player];
    const [b1] = bMembers as [Player];
    const a = await clubOf(adminA, aMembers);
    const b = await clubOf(adminB, bMembers);
    for (const [p, club] of [
      [adminA, a],
      [adminB, b],
    ] as const) {
      expect((await ask(p.socket, "watchClub", { clubId: club })).ok).toBe(true);
    }

    const made = await call(adminA, "POST", "/club-matches", { clubId: a, opponentClubId: b, days: 3, rated: false });
    const { matchId } = made.json as unknown as ClubMatchSummary;
    const opened = adminA.next("clubMatchChanged", 5000, (m) => m.status === "open");
    expect((await call(adminB, "POST", `/club-matches/${matchId}/accept`)).status).toBe(200);
    await opened;
    const everyone = [adminA, ...aMembers, adminB, ...bMembers];
    for (const p of everyone) {
      expect((await call(p, "POST", `/club-matches/${matchId}/join`)).status).toBe(200);
    }
    const before = (await call(b1, "GET", `/club-matches/${matchId}`)).json as unknown as ClubMatchView;
    expect(before.rosters.a).toHaveLength(4);
    expect(before.rosters.b).toHaveLength(5);
    expect(before.me).toEqual({ side: "b", joined: true, admin: false });

    const games = adminA.next("dailyGame");
    const started = await call(adminB, "POST", `/club-matches/${matchId}/start`);
    expect(started.status).toBe(200);
    expect(started.json).toMatchObject({ status: "started", totalGames: 8, finishedGames: 0 });
    await games;

    const view = (await call(adminA, "GET", `/club-matches/${matchId}`)).json as unknown as ClubMatchView;
    expect(view.boards.map((x) => x.board)).toEqual([1, 2, 3, 4]);
    // Board n is each roster's n-th by rating: the sorted rosters' first four, in their order.
    expect(view.boards.map((x) => x.a.username)).toEqual(view.rosters.a.slice(0, 4).map((r) => r.username));
    expect(view.boards.map((x) => x.b.username)).toEqual(view.rosters.b.slice(0, 4).map((r) => r.username));
    for (const board of view.boards) {
      expect(board.games.map((g) => g.whiteSide).sort()).toEqual(["a", "b"]);
      expect(board.games.every((g) => g.result === null)).toBe(true);
    }
    const players = new Map(everyone.map((p) => [p.name, p]));
    const board1 = view.boards[0];
    if (!board1) throw new Error("no board 1");
    const first = board1.games.find((g) => g.whiteSide === "a");
    if (!first) throw new Error("board 1 has a game with club a's player as White");
    const whiteOf = (g: typeof first) => players.get(g.whiteSide === "a" ? board1.a.username : board1.b.username);
    const blackOf = (g: typeof first) => players.get(g.whiteSide === "a" ? board1.b.username : board1.a.username);

    // Club b's player mates with Black in the first game: a point for club b, seen live in both rooms.
    const w = whiteOf(first) as Player;
    const k = blackOf(first) as Player;
    const scored = adminB.next("clubMatchChanged", 10_000, (m) => m.finishedGames === 1);
    const seenA = adminA.next("clubMatchChanged", 10_000, (m) => m.finishedGames === 1);
    await playDaily(w, k, first.gameId, ["f2f3", "e7e5", "g2g4"]);
    send(k.socket, "dailyMove", { gameId: first.gameId, move: { from: "d8", to: "h4" }, ply: 3 });
    expect(await scored).toMatchObject({ a: { score: 0 }, b: { score: 1 }, winner: null });
    expect((await seenA).b.score).toBe(1);

    // The other seven, after two plies each (a match game resigned before that is lost too, never aborted):
    // club a wins three (b resigns), one is drawn by agreement, club b wins three (a resigns). With the mate:
    // 3½-4½, club b wins once all eight are over, and the records say so.
    const rest = view.boards.flatMap((x) => x.games.map((g) => ({ g, board: x }))).filter(({ g }) => g !== first);
    expect(rest).toHaveLength(7);
    const finished = adminA.next("clubMatchChanged", 20_000, (m) => m.status === "finished");
    for (const [i, { g, board }] of rest.entries()) {
      const [white, black] = (g.whiteSide === "a" ? [board.a, board.b] : [board.b, board.a]).map(
        (r) => players.get(r.username) as Player,
      ) as [Player, Player];
      await playDaily(white, black, g.gameId, ["e2e4", "e7e5"]);
      if (i === 1) {
        expect((await ask(white.socket, "dailyOfferDraw", { gameId: g.gameId })).ok).toBe(true);
        expect((await ask(black.socket, "dailyOfferDraw", { gameId: g.gameId })).ok).toBe(true);
        continue;
      }
      const resigner = players.get(i % 3 === 0 ? board.b.username : board.a.username) as Player;
      expect((await ask(resigner.socket, "dailyResign", { gameId: g.gameId })).ok).toBe(true);
    }
    const end = await finished;
    expect(end).toMatchObject({ winner: "b", finishedGames: 8, a: { score: 3.5 }, b: { score: 4.5 } });
    const recordB = (await call(b1, "GET", `/club-matches?clubId=${b}`)).json as unknown as ClubMatches;
    expect(recordB.record).toEqual({ won: 1, drawn: 0, lost: 0 });
    const recordA = (await call(a1, "GET", `/club-matches?clubId=${a}`)).json as unknown as ClubMatches;
    expect(recordA.record).toEqual({ won: 0, drawn: 0, lost: 1 });
    expect(recordA.matches[0]).toMatchObject({ matchId, status: "finished" });
    for (const p of players.values()) p.socket.close();
  });
});
