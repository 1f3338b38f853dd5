import type { Color } from "@chess/shared";
import { describe, expect, it } from "vitest";
import {
  ARENA_PAIRING,
  type ArenaPair,
  type ArenaPairing,
  type ArenaPairingInput,
  type ArenaWaiting,
  assignColors,
  forcedColor,
  mayMeet,
  pairArena,
  pairArenaSteps,
  pairCost,
} from "./arenaPairing.ts";

const player = (userId: number, more: Partial<ArenaWaiting> = {}): ArenaWaiting => ({
  userId,
  rating: 1500,
  rank: userId,
  colors: [],
  lastOpponent: null,
  clubId: null,
  ...more,
});
const colors = (s: string) => [...s] as Color[];
const always = (x: number) => () => x;
/** A seeded generator of numbers in [0, 1) (the seed spread first: near seeds would start near each other). */
const seeded = (seed: number) => {
  let x = Math.imul(seed, 0x9e3779b1) >>> 0;
  return () => {
    x = (Math.imul(x, 1_664_525) + 1_013_904_223) >>> 0;
    return x / 2 ** 32;
  };
};
/** Pairs as "white-black" strings, in the order given. */
const shown = (pairs: ArenaPair[]) => pairs.map((p) => `${p.white}-${p.black}`);
/** Pairs as sorted "a+b" strings, colours aside. */
const who = (pairs: ArenaPair[]) =>
  pairs.map((p) => [p.white, p.black].sort((a, b) => a - b).join("+")).sort((a, b) => a.localeCompare(b));

describe("arena pairing: rules", () => {
  it("costs rank distance, more near the top, plus rating distance", () => {
    // rankFactor = 300 + 1700 × (100 − 1) / 100 = 1983
    expect(pairCost(player(1, { rating: 1500 }), player(2, { rating: 1450 }), 100)).toBe(1983 + 50);
    // rankFactor = 300 + 1700 × 10 / 100 = 470
    expect(pairCost(player(90, { rating: 1500 }), player(91, { rating: 1600 }), 100)).toBe(470 + 100);
    expect(pairCost(player(3), player(1), 4)).toBe(Math.round(2 * (300 + 1700 * 0.75)));
  });

  it("forces the other colour after three in a row, never before", () => {
    expect(forcedColor(colors(""))).toBe(null);
    expect(forcedColor(colors("ww"))).toBe(null);
    expect(forcedColor(colors("www"))).toBe("b");
    expect(forcedColor(colors("wbbb"))).toBe("w");
    expect(forcedColor(colors("bbbw"))).toBe(null);
  });

  it("who may meet: not the last opponent, not a club mate in a battle, not two forced to one colour", () => {
    expect(mayMeet(player(1), player(2))).toBe(true);
    expect(mayMeet(player(1), player(1))).toBe(false);
    expect(mayMeet(player(1, { lastOpponent: 2 }), player(2, { lastOpponent: 1 }))).toBe(false);
    expect(mayMeet(player(1, { lastOpponent: 2 }), player(2, { lastOpponent: 3 }))).toBe(false);
    expect(mayMeet(player(1, { clubId: 5 }), player(2, { clubId: 5 }))).toBe(false);
    expect(mayMeet(player(1, { clubId: 5 }), player(2, { clubId: 6 }))).toBe(true);
    expect(mayMeet(player(1, { colors: colors("www") }), player(2, { colors: colors("bwww") }))).toBe(false);
    expect(mayMeet(player(1, { colors: colors("www") }), player(2, { colors: colors("bbb") }))).toBe(true);
  });

  it.each<[string, string, string, number, string]>([
    ["forced black", "www", "", 0.1, "2-1"],
    ["forced white on the second", "", "bbb", 0.9, "2-1"],
    ["more whites gets black", "wbw", "b", 0.1, "2-1"],
    ["fewer whites gets white", "b", "w", 0.9, "1-2"],
    ["balanced: the coin, heads", "wb", "bw", 0.4, "1-2"],
    ["balanced: the coin, tails", "wb", "bw", 0.6, "2-1"],
  ])("colours: %s", (_, a, b, coin, pair) => {
    const p = assignColors(player(1, { colors: colors(a) }), player(2, { colors: colors(b) }), always(coin));
    expect(shown([p])).toEqual([pair]);
  });
});

describe("arena pairing: waves", () => {
  it("first round: rating neighbours, the odd one out waits", () => {
    const waiting = [1700, 2000, 1600, 1900, 1800].map((rating, i) => player(i + 1, { rating, rank: 1 }));
    const r = pairArena({ waiting, maxRank: 5, firstRound: true, random: always(0.1) });
    // 2 (2000) v 4 (1900), 5 (1800) v 1 (1700); 3 (1600) waits. The coin gives the higher rated white.
    expect(shown(r.pairs)).toEqual(["2-4", "5-1"]);
    expect(r.unpaired).toEqual([3]);
  });

  it("first round keeps club mates apart in a battle", () => {
    const waiting = [
      player(1, { rating: 2000, clubId: 1 }),
      player(2, { rating: 1900, clubId: 1 }),
      player(3, { rating: 1800, clubId: 2 }),
      player(4, { rating: 1700, clubId: 2 }),
    ];
    const r = pairArena({ waiting, maxRank: 4, firstRound: true, random: always(0.1) });
    expect(who(r.pairs)).toEqual(["1+3", "2+4"]);
  });

  it("leaders meet leaders", () => {
    const waiting = [4, 2, 3, 1].map((rank) => player(rank, { rating: 1500 + rank }));
    const r = pairArena({ waiting, maxRank: 10, firstRound: false, random: always(0.1) });
    expect(who(r.pairs)).toEqual(["1+2", "3+4"]);
  });

  it("never the same opponent twice in a row", () => {
    const waiting = [player(1, { lastOpponent: 2 }), player(2, { lastOpponent: 1 }), player(3), player(4)];
    const r = pairArena({ waiting, maxRank: 4, firstRound: false, random: always(0.1) });
    expect(who(r.pairs)).toEqual(["1+3", "2+4"]);
    const two = pairArena({ waiting: waiting.slice(0, 2), maxRank: 4, firstRound: false, random: always(0.1) });
    expect(two).toEqual({ pairs: [], unpaired: [1, 2] });
  });

  it("never a fourth game in a row with one colour", () => {
    const waiting = [player(1, { colors: colors("www") }), player(2, { colors: colors("bwww") }), player(3)];
    const r = pairArena({ waiting, maxRank: 3, firstRound: false, random: always(0.1) });
    // 1 and 2 must both take black: only one of them plays, against 3 (the cheaper: 2, a rank nearer).
    expect(shown(r.pairs)).toEqual(["3-2"]);
    expect(r.unpaired).toEqual([1]);
  });

  it("pairs as many as the rules allow before pairing well", () => {
    // The cheapest pair (1, 2) would strand 3 and 4, who just played each other.
    const waiting = [player(1), player(2), player(3, { lastOpponent: 4 }), player(4, { lastOpponent: 3 })];
    const r = pairArena({ waiting, maxRank: 4, firstRound: false, random: always(0.1) });
    expect(r.pairs).toHaveLength(2);
    expect(who(r.pairs)).not.toContain("1+2");
  });

  it("club battles: club mates never meet", () => {
    const waiting = [1, 2, 3, 4, 5, 6].map((id) => player(id, { clubId: id <= 3 ? 1 : 2 }));
    const r = pairArena({ waiting, maxRank: 6, firstRound: false, random: always(0.1) });
    expect(r.pairs).toHaveLength(3);
    for (const p of r.pairs) expect(p.white <= 3).not.toBe(p.black <= 3);
  });

  it("over 100 waiting: the top matched exactly, the rest by rank, everyone paired once", () => {
    const waiting = Array.from({ length: 501 }, (_, i) => player(i + 1, { rating: 1000 + ((i * 37) % 800) }));
    const r = pairArena({ waiting, maxRank: 600, firstRound: false, random: always(0.1) });
    expect(r.pairs).toHaveLength(250);
    const seen = [...r.pairs.flatMap((p) => [p.white, p.black]), ...r.unpaired];
    expect(new Set(seen).size).toBe(501);
    // Rank neighbours everywhere: the exact groups find it, the greedy part walks it.
    expect(r.pairs.every((p) => Math.abs(p.white - p.black) === 1)).toBe(true);
  });

  it("on random waves every pair follows the rules and nobody is paired twice", () => {
    let seed = 42;
    const random = () => {
      seed = (Math.imul(seed, 1_664_525) + 1_013_904_223) >>> 0;
      return seed / 2 ** 32;
    };
    for (let wave = 0; wave < 40; wave++) {
      const n = 2 + Math.floor(random() * 240);
      const waiting = Array.from({ length: n }, (_, i) =>
        player(i + 1, {
          rating: 800 + Math.floor(random() * 1600),
          rank: 1 + Math.floor(random() * 300),
          colors: Array.from({ length: Math.floor(random() * 6) }, () => (random() < 0.6 ? "w" : "b")),
          lastOpponent: random() < 0.7 ? 1 + Math.floor(random() * n) : null,
          clubId: wave % 2 ? 1 + Math.floor(random() * 4) : null,
        }),
      );
      const byId = new Map(waiting.map((p) => [p.userId, p]));
      const r = pairArena({ waiting, maxRank: 300, firstRound: false, random });
      const ids = [...r.pairs.flatMap((p) => [p.white, p.black]), ...r.unpaired];
      expect(ids.sort((a, b) => a - b)).toEqual(waiting.map((p) => p.userId));
      for (const p of r.pairs) {
        const w = byId.get(p.white)!;
        const b = byId.get(p.black)!;
        expect(mayMeet(w, b)).toBe(true);
        expect(forcedColor(w.colors)).not.toBe("b");
        expect(forcedColor(b.colors)).not.toBe("w");
      }
      // Nobody left waiting who could have met another waiting player (within the exact top group).
      const left = r.unpaired.map((id) => byId.get(id)!);
      if (n <= 100) {
        for (const a of left) for (const b of left) if (a !== b) expect(mayMeet(a, b)).toBe(false);
      }
    }
  });
});

describe("arena pairing: in steps", () => {
  /** A wave's input from `seed`: up to 450 waiting, with histories, last opponents, clubs, some first rounds. */
  const input = (seed: number): ArenaPairingInput => {
    const r = seeded(seed);
    const n = 2 + Math.floor(r() ** 2 * 450);
    const waiting = Array.from({ length: n }, (_, i) =>
      player(i + 1, {
        rating: 800 + Math.floor(r() * 1600),
        rank: 1 + Math.floor(r() * 600),
        colors: Array.from({ length: Math.floor(r() * 8) }, () => (r() < 0.6 ? "w" : "b")),
        lastOpponent: r() < 0.7 ? 1 + Math.floor(r() * n) : null,
        clubId: seed % 3 === 0 ? 1 + Math.floor(r() * 4) : null,
      }),
    );
    return { waiting, maxRank: 600, firstRound: seed % 7 === 0, random: seeded(-seed) };
  };
  const SEEDS = Array.from({ length: 300 }, (_, i) => i + 1);

  it("stepped, many waves interleaved, each gives what the one-shot form gives for the same input", () => {
    const waves = SEEDS.map((seed) => ({
      steps: pairArenaSteps(input(seed)),
      yields: 0,
      done: undefined as ArenaPairing | undefined,
    }));
    // One step of each wave in turn, as waves of several arenas might interleave on one event loop.
    while (waves.some((w) => w.done === undefined)) {
      for (const w of waves) {
        if (w.done !== undefined) continue;
        const step = w.steps.next();
        if (step.done) w.done = step.value;
        else w.yields++;
      }
    }
    for (const [k, seed] of SEEDS.entries()) {
      const { waiting, firstRound } = input(seed);
      expect(waves[k]!.done).toEqual(pairArena(input(seed)));
      // One yield per exact group matched (the unpaired of a group join the next), none in a first round.
      const groups = Math.min(ARENA_PAIRING.exactGroups, Math.ceil(waiting.length / ARENA_PAIRING.groupSize));
      if (firstRound) expect(waves[k]!.yields).toBe(0);
      else expect(waves[k]!.yields).toBeGreaterThanOrEqual(groups);
      expect(waves[k]!.yields).toBeLessThanOrEqual(ARENA_PAIRING.exactGroups);
    }
    expect(waves.filter((w) => w.yields > 1).length).toBeGreaterThan(30);
  });
});
