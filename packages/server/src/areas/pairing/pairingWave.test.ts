import { actorKey } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { compatible, pairWave, RATING_RANGE, ratingRange, type WaveEntry } from "./pairingWave.ts";

const NOW = 1_000_000;

/** A waiting player: `g1` a guest, `u7` account 7; `waited` seconds ago, in the 3+2 pool unless told. */
function entry(
  id: string,
  opts: { rating?: number; waited?: number; pool?: string; mixed?: boolean; avoid?: number[] } = {},
): WaveEntry {
  const userId = id.startsWith("u") ? Number(id.slice(1)) : null;
  return {
    key: actorKey({ sessionId: id, userId }),
    poolId: opts.pool ?? "3+2",
    sessionId: `sess-${id}`,
    userId,
    name: id,
    rating: opts.rating ?? 1200,
    mixed: opts.mixed ?? false,
    joinedAt: NOW - (opts.waited ?? 0) * 1000,
    socketId: `sock-${id}`,
    avoid: opts.avoid ?? [],
  };
}

const names = (pairs: Array<[WaveEntry, WaveEntry]>) => pairs.map(([a, b]) => `${a.name}-${b.name}`);

describe("ratingRange", () => {
  it.each([
    [0, RATING_RANGE.start],
    [10, 250],
    [30, 450],
    [45, RATING_RANGE.max],
    [600, RATING_RANGE.max],
    [-5, RATING_RANGE.start],
  ])("after %i s of waiting accepts ±%i", (seconds, range) => {
    expect(ratingRange(seconds * 1000)).toBe(range);
  });
});

describe("pairWave", () => {
  // Each row: the pool as the wave finds it → the pairs (longest waiting first) and who waits on.
  it.each<[string, WaveEntry[], string[], string[]]>([
    ["nobody", [], [], []],
    ["one player waits alone", [entry("g1")], [], ["g1"]],
    ["two guests are paired", [entry("g1"), entry("g2")], ["g1-g2"], []],
    ["two accounts are paired", [entry("u1", { rating: 1500 }), entry("u2", { rating: 1600 })], ["u1-u2"], []],
    [
      "three: the odd one waits",
      [entry("g1", { waited: 3 }), entry("g2", { waited: 2 }), entry("g3")],
      ["g1-g2"],
      ["g3"],
    ],
    [
      "the longest waiting gets the closest rating",
      [entry("u1", { rating: 1500, waited: 9 }), entry("u2", { rating: 1400 }), entry("u3", { rating: 1520 })],
      ["u1-u3"],
      ["u2"],
    ],
    ["different pools never meet", [entry("g1", { pool: "1+0" }), entry("g2", { pool: "3+2" })], [], ["g1", "g2"]],
    ["blocked players are never paired", [entry("u1", { avoid: [2] }), entry("u2")], [], ["u1", "u2"]],
    [
      "a block is respected from the blocked side's entry too",
      [entry("u1"), entry("u2", { avoid: [1] }), entry("u3", { waited: 1 })],
      ["u3-u1"],
      ["u2"],
    ],
    [
      "a blocked pair still finds other opponents",
      [entry("u1", { avoid: [2], waited: 2 }), entry("u2", { waited: 1 }), entry("u3"), entry("u4")],
      ["u1-u3", "u2-u4"],
      [],
    ],
    ["a guest and an account are not paired by default", [entry("g1"), entry("u1")], [], ["g1", "u1"]],
    ["nor when only one side allows it", [entry("g1", { mixed: true }), entry("u1")], [], ["g1", "u1"]],
    [
      "a guest and an account who both allow it are paired",
      [entry("g1", { mixed: true }), entry("u1", { mixed: true })],
      ["g1-u1"],
      [],
    ],
    [
      "ratings too far apart for new arrivals wait",
      [entry("u1", { rating: 1200 }), entry("u2", { rating: 1400 })],
      [],
      ["u1", "u2"],
    ],
    [
      "the same pair is made once both have waited long enough",
      [entry("u1", { rating: 1200, waited: 6 }), entry("u2", { rating: 1400, waited: 5 })],
      ["u1-u2"],
      [],
    ],
    [
      "the narrower range decides: a long wait does not pull in a newcomer far away",
      [entry("u1", { rating: 1200, waited: 60 }), entry("u2", { rating: 1700 })],
      [],
      ["u1", "u2"],
    ],
    [
      "beyond the widest range nobody is paired",
      [entry("u1", { rating: 1000, waited: 300 }), entry("u2", { rating: 1700, waited: 300 })],
      [],
      ["u1", "u2"],
    ],
  ])("%s", (_name, entries, pairs, remaining) => {
    const out = pairWave(entries, NOW);
    expect(names(out.pairs)).toEqual(pairs);
    expect(out.remaining.map((e) => e.name).sort()).toEqual(remaining.sort());
  });

  it("never pairs a player with themselves, even given twice (two tabs of one account)", () => {
    const tab1 = entry("u5");
    const tab2 = { ...entry("u5"), socketId: "another-tab" };
    expect(compatible(tab1, tab2, NOW)).toBe(false);
    expect(pairWave([tab1, tab2], NOW).pairs).toEqual([]);
  });

  it("gives everyone at most one game per wave, whatever the order given", () => {
    const many = Array.from({ length: 9 }, (_, i) => entry(`g${i}`, { waited: i % 4 }));
    const out = pairWave([...many].reverse(), NOW);
    const seen = out.pairs.flat().map((e) => e.key);
    expect(new Set(seen).size).toBe(seen.length);
    expect(out.pairs).toHaveLength(4);
    expect(out.remaining).toHaveLength(1);
    expect(pairWave(many, NOW)).toEqual(out);
  });
});
