import { type DailyRefusal, dailyRefusal, type WinningColor } from "@chess/shared";

/**
 * Daily club matches (chess.com's main club activity): each club's roster ordered by rating, board n plays
 * board n, two games per board (one with each colour), win 1 / draw ½; surplus players drop off the bottom.
 * Club "a" challenged club "b".
 */
export type MatchSide = "a" | "b";

export interface RosterPlayer {
  userId: number;
  /** The player's daily rating in the match's variant. */
  rating: number;
}

/** One game of a match: which board, who has which colour, and which club White plays for. */
export interface MatchGame {
  board: number;
  white: number;
  black: number;
  whiteSide: MatchSide;
}

export interface MatchBoards {
  ok: true;
  /** Board 1 first: each board's two games, club a's player with White first. */
  games: MatchGame[];
  /** Players left off the bottom of the longer roster. */
  dropped: { a: number[]; b: number[] };
}

/** Highest rating first; equal ratings by user id, so a roster always orders one way. */
const byRating = (x: RosterPlayer, y: RosterPlayer) => y.rating - x.rating || x.userId - y.userId;

/**
 * The boards of a match between rosters `a` and `b`, at most `maxBoards` of them. Refused with an empty
 * roster, a player twice on one, or a player on both.
 */
export function clubMatchBoards(
  a: readonly RosterPlayer[],
  b: readonly RosterPlayer[],
  maxBoards = Number.POSITIVE_INFINITY,
): MatchBoards | DailyRefusal {
  if (a.length === 0 || b.length === 0) {
    return dailyRefusal("empty_roster", "Each club needs at least one player for a match");
  }
  for (const [side, roster] of [
    ["a", a],
    ["b", b],
  ] as const) {
    const twice = roster.find((p, i) => roster.findIndex((q) => q.userId === p.userId) !== i);
    if (twice) return dailyRefusal("duplicate", `Player ${twice.userId} is twice on club ${side}'s roster`);
  }
  const onA = new Set(a.map((p) => p.userId));
  const both = b.find((p) => onA.has(p.userId));
  if (both) return dailyRefusal("on_both", `Player ${both.userId} is on both rosters: they can play for one club`);
  const rankedA = [...a].sort(byRating);
  const rankedB = [...b].sort(byRating);
  const boards = Math.min(rankedA.length, rankedB.length, Math.max(1, Math.floor(maxBoards)));
  const games: MatchGame[] = [];
  for (let i = 0; i < boards; i++) {
    const x = rankedA[i]!.userId;
    const y = rankedB[i]!.userId;
    games.push(
      { board: i + 1, white: x, black: y, whiteSide: "a" },
      { board: i + 1, white: y, black: x, whiteSide: "b" },
    );
  }
  return {
    ok: true,
    games,
    dropped: { a: rankedA.slice(boards).map((p) => p.userId), b: rankedB.slice(boards).map((p) => p.userId) },
  };
}

/** A match game's result: the winner's colour, "draw", "none" (aborted: no points), or null while it goes on. */
export type MatchGameResult = WinningColor | "none" | null;

export interface MatchScore {
  a: number;
  b: number;
  /** Games over, and all games. */
  finished: number;
  total: number;
  /**
   * The club that has won, as soon as the other cannot catch up with the games left (so possibly before the
   * last game ends), or "draw" when all are over level; null while it is open.
   */
  winner: MatchSide | "draw" | null;
}

/** The score of a match from its games' results, live: win 1, draw ½. */
export function clubMatchScore(games: ReadonlyArray<{ whiteSide: MatchSide; result: MatchGameResult }>): MatchScore {
  let a = 0;
  let b = 0;
  let finished = 0;
  for (const g of games) {
    if (g.result === null) continue;
    finished++;
    const blackSide: MatchSide = g.whiteSide === "a" ? "b" : "a";
    const points: Record<MatchSide, number> = { a: 0, b: 0 };
    if (g.result === "draw") {
      points.a = 0.5;
      points.b = 0.5;
    } else if (g.result === "white") points[g.whiteSide] = 1;
    else if (g.result === "black") points[blackSide] = 1;
    a += points.a;
    b += points.b;
  }
  const total = games.length;
  // Each game still going can bring its winner's club a point at most.
  const open = total - finished;
  const winner: MatchScore["winner"] = a > b + open ? "a" : b > a + open ? "b" : open === 0 ? "draw" : null;
  return { a, b, finished, total, winner };
}
