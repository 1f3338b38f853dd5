import type { Color } from "@chess/shared";
import { type Edge, maxWeightMatching } from "./maxWeightMatching.ts";

/** A player on the arena's page and not in a game. */
export interface ArenaWaiting {
  userId: number;
  rating: number;
  /** Place in the standings: 1 is the leader. */
  rank: number;
  /** Colours of the player's games in this arena, oldest first. */
  colors: readonly Color[];
  lastOpponent: number | null;
  /** The player's club in a club battle; null otherwise. */
  clubId: number | null;
}

export interface ArenaPairingInput {
  waiting: readonly ArenaWaiting[];
  /** The number of players in the standings (the largest rank). */
  maxRank: number;
  /** No game of the arena has started yet: pair by rating. */
  firstRound: boolean;
  /** In [0, 1): decides colours the history leaves open. */
  random: () => number;
}

export interface ArenaPair {
  white: number;
  black: number;
}

export const ARENA_PAIRING = {
  /** Never a fourth game in a row with one colour. */
  maxSameColor: 3,
  /**
   * Waiting players matched exactly at once, best ranks first. A group is one stretch of synchronous work (about
   * 9 ms for 100): the director matches one group per event-loop turn (pairArenaSteps), so moves are not held.
   */
  groupSize: 100,
  /** Groups matched exactly; those below are paired greedily by rank (one wave of 500 stays within budget). */
  exactGroups: 3,
} as const;

/** lichess's cost of a pairing: rank distance weighted more near the top (leaders meet leaders), plus rating distance. */
export function pairCost(a: ArenaWaiting, b: ArenaWaiting, maxRank: number): number {
  const top = Math.min(a.rank, b.rank);
  const rankFactor = 300 + (1700 * (maxRank - top)) / maxRank;
  return Math.round(Math.abs(a.rank - b.rank) * rankFactor + Math.abs(a.rating - b.rating));
}

/** The colour the history forces on the player: after three games in a row with one, the other. */
export function forcedColor(colors: readonly Color[]): Color | null {
  const last = colors.at(-1);
  if (last === undefined || colors.length < ARENA_PAIRING.maxSameColor) return null;
  const streak = colors.slice(-ARENA_PAIRING.maxSameColor).every((c) => c === last);
  return streak ? (last === "w" ? "b" : "w") : null;
}

/** Whether two waiting players may meet now: not just met, not club mates in a battle, colours possible. */
export function mayMeet(a: ArenaWaiting, b: ArenaWaiting): boolean {
  if (a.userId === b.userId) return false;
  if (a.lastOpponent === b.userId || b.lastOpponent === a.userId) return false;
  if (a.clubId !== null && a.clubId === b.clubId) return false;
  const fa = forcedColor(a.colors);
  return fa === null || fa !== forcedColor(b.colors);
}

const whites = (colors: readonly Color[]) => colors.reduce((n, c) => n + (c === "w" ? 1 : -1), 0);

/** Colours for a pair that may meet: what the history forces, then who had more whites gets black, else a coin. */
export function assignColors(a: ArenaWaiting, b: ArenaWaiting, random: () => number): ArenaPair {
  const as = (aColor: Color): ArenaPair =>
    aColor === "w" ? { white: a.userId, black: b.userId } : { white: b.userId, black: a.userId };
  const fa = forcedColor(a.colors);
  if (fa) return as(fa);
  const fb = forcedColor(b.colors);
  if (fb) return as(fb === "w" ? "b" : "w");
  const balance = whites(a.colors) - whites(b.colors);
  if (balance !== 0) return as(balance > 0 ? "b" : "w");
  return as(random() < 0.5 ? "w" : "b");
}

/** Walks the list in order, pairing each player with the first one after them they may meet. */
function greedy(players: readonly ArenaWaiting[]): {
  pairs: Array<[ArenaWaiting, ArenaWaiting]>;
  rest: ArenaWaiting[];
} {
  const taken = new Array<boolean>(players.length).fill(false);
  const pairs: Array<[ArenaWaiting, ArenaWaiting]> = [];
  for (let i = 0; i < players.length; i++) {
    if (taken[i]) continue;
    for (let j = i + 1; j < players.length; j++) {
      if (taken[j] || !mayMeet(players[i]!, players[j]!)) continue;
      taken[i] = taken[j] = true;
      pairs.push([players[i]!, players[j]!]);
      break;
    }
  }
  return { pairs, rest: players.filter((_, i) => !taken[i]) };
}

/** The most pairs possible, and among those the cheapest in total (pairCost). */
function cheapest(
  players: readonly ArenaWaiting[],
  maxRank: number,
): { pairs: Array<[ArenaWaiting, ArenaWaiting]>; rest: ArenaWaiting[] } {
  const costs: Edge[] = [];
  let most = 0;
  for (let i = 0; i < players.length; i++) {
    for (let j = i + 1; j < players.length; j++) {
      if (!mayMeet(players[i]!, players[j]!)) continue;
      const cost = pairCost(players[i]!, players[j]!, maxRank);
      most = Math.max(most, cost);
      costs.push([i, j, cost]);
    }
  }
  // Heaviest matching of (most + 1 − cost), among the largest ones: the cheapest of the largest.
  const mate = maxWeightMatching(
    players.length,
    costs.map(([i, j, c]) => [i, j, most + 1 - c] as const),
    true,
  );
  const pairs: Array<[ArenaWaiting, ArenaWaiting]> = [];
  const rest: ArenaWaiting[] = [];
  players.forEach((p, i) => {
    const m = mate[i]!;
    if (m < 0) rest.push(p);
    else if (i < m) pairs.push([p, players[m]!]);
  });
  return { pairs, rest };
}

const byRating = (a: ArenaWaiting, b: ArenaWaiting) => b.rating - a.rating || a.userId - b.userId;
const byRank = (a: ArenaWaiting, b: ArenaWaiting) => a.rank - b.rank || byRating(a, b);

export interface ArenaPairing {
  pairs: ArenaPair[];
  unpaired: number[];
}

/** A wave computed in steps: each `next()` matches one exact group at most; the return value is the wave. */
export type PairingSteps<T> = Generator<void, T, void>;

/** Runs a stepped computation to its end at once. */
export function runSteps<T>(steps: PairingSteps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * One pairing wave (lichess's arena pairing). The first round pairs rating neighbours. Later ones match the
 * waiting players by pairCost, exactly in groups of 100 from the top (a group's unpaired join the next), and
 * greedily by rank below the exact groups. Pure: the same input and random numbers give the same pairs.
 */
export function pairArena(input: ArenaPairingInput): ArenaPairing {
  return runSteps(pairArenaSteps(input));
}

/**
 * pairArena in steps: it yields after each exact group's matching (the costly part), so a caller may let the event
 * loop turn in between. It reads nothing but its input and calls `random` only in its last step: run to its end,
 * it gives what pairArena gives.
 */
export function* pairArenaSteps(input: ArenaPairingInput): PairingSteps<ArenaPairing> {
  let matched: Array<[ArenaWaiting, ArenaWaiting]> = [];
  let rest: ArenaWaiting[];
  if (input.firstRound) {
    ({ pairs: matched, rest } = greedy([...input.waiting].sort(byRating)));
  } else {
    const maxRank = Math.max(input.maxRank, ...input.waiting.map((p) => p.rank), 1);
    const sorted = [...input.waiting].sort(byRank);
    let carried: ArenaWaiting[] = [];
    let next = 0;
    for (let g = 0; g < ARENA_PAIRING.exactGroups && next < sorted.length; g++) {
      const take = ARENA_PAIRING.groupSize - carried.length;
      const group = [...carried, ...sorted.slice(next, next + take)];
      next += take;
      const found = cheapest(group, maxRank);
      matched = matched.concat(found.pairs);
      carried = found.rest;
      yield;
    }
    const below = greedy([...carried, ...sorted.slice(next)]);
    matched = matched.concat(below.pairs);
    rest = below.rest;
  }
  return {
    pairs: matched.map(([a, b]) => assignColors(a, b, input.random)),
    unpaired: rest.map((p) => p.userId),
  };
}
