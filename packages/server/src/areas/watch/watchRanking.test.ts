import { parseWatchCursor, type WatchRank, watchCursorOf } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { compareWatchRank, pageAfter, type Rankable, watchRankOf } from "./watchRanking.ts";

const game = (id: string, rated: boolean, ratings: Rankable["ratings"], startedAt = 1_000): Rankable => ({
  id,
  rated,
  ratings,
  startedAt,
});

describe("watchRankOf", () => {
  it.each([
    ["a rated game: the average of the two, rounded", game("a", true, [1500, 1701]), { tier: 0, score: 1601 }],
    ["a rated game between equals", game("b", true, [1200, 1200]), { tier: 0, score: 1200 }],
    ["an account against a guest: the account's rating", game("c", false, [null, 1850]), { tier: 1, score: 1850 }],
    ["an unrated game of two accounts: the higher", game("d", false, [1400, 1650]), { tier: 1, score: 1650 }],
    ["two guests", game("e", false, [null, null]), { tier: 2, score: 0 }],
  ])("%s", (_name, g, expected) => {
    expect(watchRankOf(g)).toEqual({ ...expected, startedAt: g.startedAt, gameId: g.id });
  });
});

describe("the Watch order", () => {
  const games = [
    game("guests-old", false, [null, null], 1_000),
    game("rated-1500", true, [1400, 1600], 1_000),
    game("mixed-2400", false, [2400, null], 1_000),
    game("guests-new", false, [null, null], 5_000),
    game("rated-1800", true, [1700, 1900], 1_000),
    game("rated-1500-newer", true, [1500, 1500], 2_000),
    game("rated-1500-newer-b", true, [1500, 1500], 2_000),
  ];
  const sorted = games.map((g) => ({ rank: watchRankOf(g) })).sort((a, b) => compareWatchRank(a.rank, b.rank));

  it("puts rated games first by average rating, then games with an account, then guests', newer first", () => {
    expect(sorted.map((g) => g.rank.gameId)).toEqual([
      "rated-1800",
      "rated-1500-newer",
      "rated-1500-newer-b",
      "rated-1500",
      "mixed-2400",
      "guests-new",
      "guests-old",
    ]);
  });

  it("pages after a cursor without losing or repeating a game", () => {
    const seen: string[] = [];
    let cursor: WatchRank | undefined;
    for (let i = 0; i < 10; i++) {
      const { items, more } = pageAfter(sorted, cursor, 3);
      seen.push(...items.map((g) => g.rank.gameId));
      const last = items.at(-1);
      if (!more || !last) break;
      cursor = parseWatchCursor(watchCursorOf(last.rank));
    }
    expect(seen).toEqual(sorted.map((g) => g.rank.gameId));
  });

  it("goes on after a game that has left the list since its cursor was made", () => {
    const gone = { tier: 0, score: 1500, startedAt: 2_000, gameId: "rated-1500-newer-a" } as const;
    expect(pageAfter(sorted, gone, 2).items.map((g) => g.rank.gameId)).toEqual(["rated-1500-newer-b", "rated-1500"]);
    const pastTheEnd = { tier: 2, score: 0, startedAt: 0, gameId: "zzz" } as const;
    expect(pageAfter(sorted, pastTheEnd, 5)).toEqual({ items: [], more: false });
  });
});

describe("watch cursors", () => {
  it.each([
    ["0.1601.1700000000000.aB3_-x", { tier: 0, score: 1601, startedAt: 1700000000000, gameId: "aB3_-x" }],
    ["2.0.5.q", { tier: 2, score: 0, startedAt: 5, gameId: "q" }],
  ])("reads %s back as it was made", (cursor, rank) => {
    expect(parseWatchCursor(cursor)).toEqual(rank);
    expect(watchCursorOf(rank as WatchRank)).toBe(cursor);
  });

  it.each(["", "3.0.0.a", "0.-1.0.a", "0.1.2", "0.1.2.a b", "0.1.2.a\u0000", `0.1.2.${"a".repeat(65)}`])(
    "refuses %j",
    (cursor) => {
      expect(parseWatchCursor(cursor)).toBeUndefined();
    },
  );
});
