import type { ArenaMe, ArenaSummary, ArenaView } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { http, useTestServer } from "./harness.ts";
import { type Player, registered } from "./players.ts";

/**
 * An arena's games are mandatory, as on lichess: a player cannot abort one (so no pairing is dodged), giving up at
 * once loses, and a player who lets the first-move time run out is withdrawn rather than paired again and again.
 * First moves here are due within 3 s (blitz); arenas start 2.5 s after they are made.
 */
const t = useTestServer({
  ARENA_COUNTDOWN_MS: "2500",
  ARENA_SCHEDULE: "false",
  SIGNUP_LIMIT_PER_IP: "100",
  FIRST_MOVE_LIMITS_MS: "3000,3000,3000,4000",
});

async function arena(p: Player): Promise<string> {
  const made = await http(t.url, "POST", "/tournaments", {
    body: { baseTime: 3, increment: 0, durationMinutes: 20 },
    headers: { cookie: p.cookie ?? "" },
  });
  expect(made.status).toBe(201);
  return (made.json as unknown as ArenaSummary).id;
}

const rowOf = async (id: string, name: string) => {
  const view = (await http(t.url, "GET", `/tournaments/${id}`)).json as unknown as ArenaView;
  return view.standings.rows.find((r) => r.username === name);
};

describe("an arena's games are mandatory", () => {
  it("cannot be aborted, are lost by giving up at once, and a no-show is withdrawn", { timeout: 60_000 }, async () => {
    const [a, b, c] = [await registered(t.url, "na"), await registered(t.url, "nb"), await registered(t.url, "nc")];
    const id = await arena(a);
    const paired = Promise.all([a.next("arenaPaired", 10_000), b.next("arenaPaired", 10_000)]);
    for (const p of [a, b]) expect((await p.emit<ArenaMe>("joinArena", { tournamentId: id })).ok).toBe(true);
    const [pa] = await paired;
    const gameId = pa.gameId as string;
    const [white, black] = pa.color === "w" ? [a, b] : [b, a];

    // No abort: the game stands.
    const abort = await black.emit("abort", { gameId });
    expect(abort).toMatchObject({ ok: false, code: "tournament" });

    // C comes while they play. White never moves: the first-move time aborts the game, White is withdrawn
    // (paused, told so), and Black meets C rather than White again.
    expect((await c.emit<ArenaMe>("joinArena", { tournamentId: id })).ok).toBe(true);
    const withdrawn = white.next("arenaMe", 10_000, (m) => m.row?.paused === true);
    const over = black.next("gameOver", 10_000, (g) => g.gameId === gameId);
    const nextForBlack = black.next("arenaPaired", 15_000);
    const nextForC = c.next("arenaPaired", 15_000);
    expect(await over).toMatchObject({ reason: "abort" });
    expect((await withdrawn).row?.paused).toBe(true);
    const [again, cPaired] = await Promise.all([nextForBlack, nextForC]);
    expect(again.gameId).toBe(cPaired.gameId);
    expect(again.opponent).toBe(c.name);
    expect((await rowOf(id, white.name))?.paused).toBe(true);
    expect((await rowOf(id, black.name))?.paused).toBe(false);

    // Giving up before anyone moved loses the game (it is not an abort): 2 points to the other.
    const second = again.gameId as string;
    const result = c.next("arenaResult", 10_000, (r) => r.gameId === second);
    expect((await black.emit("forfeit", { gameId: second })).ok).toBe(true);
    const scored = await result;
    const cColor = cPaired.color as "w" | "b";
    expect(scored.counted).toBe(true);
    expect(scored.points[cColor]).toBe(2);
    expect(scored.rule[cColor]).toBe("win");
    for (const p of [a, b, c]) p.socket.close();
  });
});
