import { describe, expect, it } from "vitest";
import { ArenaRoster } from "./arenaRoster.ts";
import type { ArenaPlayerRecord } from "./tournamentsRows.ts";

const player = (userId: number, more: Partial<ArenaPlayerRecord> = {}): ArenaPlayerRecord => ({
  userId,
  username: `p${userId}`,
  rating: 1500 + userId,
  clubId: null,
  results: [],
  points: 0,
  onFire: false,
  performance: null,
  berserks: 0,
  paused: false,
  pauses: 0,
  rejoinAt: null,
  playingGameId: null,
  finalRank: null,
  closed: false,
  ...more,
});

function loaded(...players: ArenaPlayerRecord[]) {
  const roster = new ArenaRoster();
  roster.apply(players, roster.stamp(), "all");
  return roster;
}

describe("arena roster", () => {
  it("gives a few players' lines with the ranks the whole standings give, before and after they are sorted", () => {
    const players = Array.from({ length: 30 }, (_, i) =>
      player(i + 1, {
        points: (i * 7) % 5,
        performance: i % 3 ? 1400 + ((i * 13) % 200) : null,
        rating: 1500 + (i % 4),
      }),
    );
    const roster = loaded(...players);
    const asked = [4, 17, 30, 999];
    const lines = roster.lines(asked);
    const rankOf = new Map(roster.ranked().map((p) => [p.userId, p.rank]));
    expect(lines.map((p) => [p.userId, p.rank])).toEqual(asked.slice(0, 3).map((id) => [id, rankOf.get(id)]));
    roster.apply([player(17, { points: 9 })], roster.stamp(), [17]);
    expect(roster.lines([17])).toMatchObject([{ userId: 17, rank: 1, points: 9 }]);
    expect(roster.lines([17, 4])).toEqual(roster.ranked().filter((p) => p.userId === 4 || p.userId === 17));
  });

  it("ranks from memory, again after a result's rows are applied", () => {
    const roster = loaded(player(1), player(2), player(3));
    expect(roster.ranked().map((p) => p.userId)).toEqual([3, 2, 1]);
    roster.apply([player(1, { points: 2, performance: 2000 })], roster.stamp(), [1]);
    expect(roster.ranked().map((p) => [p.userId, p.rank])).toEqual([
      [1, 1],
      [3, 2],
      [2, 3],
    ]);
  });

  it("a read asked for before a pairing was stored does not free its players again", () => {
    const roster = loaded(player(1), player(2));
    const before = roster.stamp();
    roster.paired([{ gameId: "g1", whiteId: 1, blackId: 2 }]);
    // The slow read saw the players before the pairing's commit.
    roster.apply([player(1), player(2)], before, [1, 2]);
    expect(roster.all().map((p) => p.playingGameId)).toEqual(["g1", "g1"]);
    // A read asked for later is the truth: the game ended.
    roster.apply([player(1), player(2)], roster.stamp(), [1, 2]);
    expect(roster.all().map((p) => p.playingGameId)).toEqual([null, null]);
    expect(roster.playing()).toEqual([]);
  });

  it("keeps the games being played with their colours, and frees the players of a cancelled one", () => {
    const roster = loaded(player(1), player(2), player(3), player(4));
    roster.paired([
      { gameId: "g1", whiteId: 1, blackId: 2 },
      { gameId: "g2", whiteId: 4, blackId: 3 },
    ]);
    roster.cancelled("g1");
    expect(roster.playing()).toEqual([{ gameId: "g2", whiteId: 4, blackId: 3 }]);
    expect(
      roster
        .all()
        .filter((p) => p.playingGameId === null)
        .map((p) => p.userId),
    ).toEqual([1, 2]);
  });

  it("a player asked for and not found has left; a whole read drops whoever is gone", () => {
    const roster = loaded(player(1), player(2), player(3));
    roster.apply([], roster.stamp(), [2]);
    expect(roster.all().map((p) => p.userId)).toEqual([1, 3]);
    roster.apply([player(3), player(4)], roster.stamp(), "all");
    expect(roster.all().map((p) => p.userId)).toEqual([3, 4]);
    expect(roster.size).toBe(2);
  });
});
