import { describe, expect, it } from "vitest";
import { arenaEntry, type Candidate, type EntryArena, rejoinDelayMs } from "./arenaEntry.ts";

const arena: EntryArena = {
  status: "created",
  variant: "standard",
  timeClass: "blitz",
  conditions: {},
  clubBattle: null,
};
const player: Candidate = { userId: 9, clubIds: [], ratedGames: 0, rating: 1200, alreadyJoined: false };
const message = (r: ReturnType<typeof arenaEntry>) => (r.ok ? "ok" : r.message);

describe("arena entry", () => {
  it("admits an account to an open arena, before or during play", () => {
    expect(arenaEntry(arena, player)).toEqual({ ok: true, userId: 9, rating: 1200, clubId: null });
    expect(arenaEntry({ ...arena, status: "started" }, player).ok).toBe(true);
  });

  it.each<[string, Partial<EntryArena>, Partial<Candidate>, string]>([
    ["a guest", {}, { userId: null }, "Log in to play in tournaments"],
    ["a finished arena", { status: "finished" }, {}, "This tournament is over"],
    ["twice", {}, { alreadyJoined: true }, "You have already joined this tournament"],
    [
      "an outsider to a club arena",
      { conditions: { clubId: 4 } },
      { clubIds: [5] },
      "Only members of the organising club can join this tournament",
    ],
    [
      "an outsider to a battle",
      { clubBattle: { clubIds: [1, 2], topN: 5 } },
      { clubIds: [3] },
      "Only members of the clubs in this battle can join",
    ],
    [
      "too few rated games",
      { conditions: { minRatedGames: 10 } },
      { ratedGames: 9 },
      "Play at least 10 rated Standard Blitz games to join",
    ],
    [
      "a rating too low",
      { conditions: { minRating: 1300 } },
      { rating: 1299 },
      "Your rating must be at least 1300 to join",
    ],
    [
      "a rating too high",
      { conditions: { maxRating: 1500 } },
      { rating: 1501 },
      "Your rating must be at most 1500 to join",
    ],
  ])("refuses %s", (_, a, c, text) => {
    expect(message(arenaEntry({ ...arena, ...a }, { ...player, ...c }))).toBe(text);
  });

  it("admits members and those who meet the conditions exactly", () => {
    const conditions = { clubId: 4, minRatedGames: 10, minRating: 1200, maxRating: 1200 };
    expect(message(arenaEntry({ ...arena, conditions }, { ...player, clubIds: [4], ratedGames: 10 }))).toBe("ok");
  });

  it("a battle player plays for their club in it, the one they choose when in several", () => {
    const battle = { ...arena, clubBattle: { clubIds: [1, 2, 3], topN: 5 } };
    expect(arenaEntry(battle, { ...player, clubIds: [7, 2, 3] })).toMatchObject({ ok: true, clubId: 2 });
    expect(arenaEntry(battle, { ...player, clubIds: [2, 3], preferredClubId: 3 })).toMatchObject({ clubId: 3 });
    expect(arenaEntry(battle, { ...player, clubIds: [2, 3], preferredClubId: 7 })).toMatchObject({ clubId: 2 });
  });
});

describe("rejoining after a pause", () => {
  it.each([
    [1, 10_000],
    [2, 20_000],
    [3, 40_000],
    [4, 80_000],
    [5, 120_000],
    [30, 120_000],
  ])("after pause %i: %i ms", (pauses, ms) => {
    expect(rejoinDelayMs(pauses)).toBe(ms);
  });
});
