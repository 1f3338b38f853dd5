import { describe, expect, it } from "vitest";
import { arenaPhase, arenaReducer, initialArena, joinChoice, shownRows } from "./arenaStore.ts";
import { arenaView, standingRow, threeRows } from "./testArena.ts";

const SERVER_NOW = 1_000_000 + 10 * 60_000;
// This tab's clock runs 5 s ahead of the server's.
const LOCAL_NOW = SERVER_NOW + 5_000;
const loaded = (view = arenaView()) => arenaReducer(initialArena, { type: "loaded", view, now: LOCAL_NOW });

describe("arenaReducer", () => {
  it("counts the time left on the server's clock", () => {
    const s = loaded();
    expect(arenaPhase(s, LOCAL_NOW)).toEqual({ kind: "playing", msLeft: 35 * 60_000 });
    const before = loaded(arenaView({}, { status: "created", startsAt: SERVER_NOW + 60_000, endsAt: null }));
    expect(arenaPhase(before, LOCAL_NOW + 1_000)).toEqual({ kind: "countdown", msLeft: 59_000 });
  });

  it("takes live standings for the first page and keeps my line current", () => {
    const me = { row: standingRow({ username: "bob", rank: 2, points: 4 }), gameId: null, rejoinAt: null };
    const s = loaded(arenaView({ me }));
    const top = [standingRow({ username: "bob", rank: 1, points: 6 }), standingRow({ rank: 2 })];
    const next = arenaReducer(s, {
      type: "standings",
      update: { tournamentId: "t1", status: "started", nbPlayers: 25, top, clubs: null, topGames: [] },
    });
    expect(shownRows(next).map((r) => r.username)).toEqual(["bob", "alice"]);
    expect(next.nbPages).toBe(3);
    expect(next.me?.row.points).toBe(6);
    expect(next.arena?.nbPlayers).toBe(25);
    // Another arena's events change nothing.
    expect(
      arenaReducer(s, {
        type: "standings",
        update: { tournamentId: "t2", status: "started", nbPlayers: 1, top: [], clubs: null, topGames: [] },
      }),
    ).toBe(s);
  });

  it("shows a later page as read, while the first stays live underneath", () => {
    let s = arenaReducer(loaded(), { type: "pageRequested", page: 2 });
    expect(shownRows(s)).toEqual([]);
    s = arenaReducer(s, {
      type: "pageLoaded",
      page: { page: 2, nbPages: 2, rows: [standingRow({ rank: 11, username: "zed" })] },
    });
    expect(shownRows(s).map((r) => r.username)).toEqual(["zed"]);
    s = arenaReducer(s, { type: "pageRequested", page: 1 });
    expect(shownRows(s)).toEqual(threeRows());
  });

  it("freezes with its podium when it finishes", () => {
    const podium = threeRows();
    const s = arenaReducer(loaded(), { type: "finished", finished: { tournamentId: "t1", podium, clubs: null } });
    expect(s.arena?.status).toBe("finished");
    expect(s.arena?.winner).toBe("alice");
    expect(s.podium).toEqual(podium);
    expect(arenaPhase(s, LOCAL_NOW)).toEqual({ kind: "over" });
    expect(joinChoice(s, true, LOCAL_NOW)).toEqual({ kind: "none" });
  });
});

describe("joinChoice", () => {
  it("asks a guest to log in, says why a player may not join, offers Join otherwise", () => {
    expect(joinChoice(loaded(), false, LOCAL_NOW)).toEqual({ kind: "login" });
    expect(joinChoice(loaded(), true, LOCAL_NOW)).toEqual({ kind: "join" });
    const refused = loaded(arenaView({ canJoin: { ok: false, message: "Your rating must be at most 1500 to join" } }));
    expect(joinChoice(refused, true, LOCAL_NOW)).toEqual({
      kind: "cannot",
      message: "Your rating must be at most 1500 to join",
    });
  });

  it("offers Pause while playing, and Rejoin after the delay", () => {
    let s = loaded();
    s = arenaReducer(s, { type: "me", me: { tournamentId: "t1", row: standingRow(), gameId: "g9", rejoinAt: null } });
    expect(joinChoice(s, true, LOCAL_NOW)).toEqual({ kind: "pause" });
    s = arenaReducer(s, {
      type: "me",
      me: { tournamentId: "t1", row: standingRow({ paused: true }), gameId: null, rejoinAt: SERVER_NOW + 10_000 },
    });
    expect(joinChoice(s, true, LOCAL_NOW + 4_000)).toEqual({ kind: "rejoin", waitMs: 6_000 });
    expect(joinChoice(s, true, LOCAL_NOW + 11_000)).toEqual({ kind: "rejoin", waitMs: 0 });
    // Withdrawn before the start: out of it, free to join again.
    s = arenaReducer(s, { type: "me", me: { tournamentId: "t1", row: null, gameId: null, rejoinAt: null } });
    expect(joinChoice(s, true, LOCAL_NOW)).toEqual({ kind: "join" });
  });
});
