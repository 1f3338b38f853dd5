import { describe, expect, it } from "vitest";
import { type Edge, maxWeightMatching } from "./maxWeightMatching.ts";

/** The best matching of a small graph by dynamic programming over vertex subsets: its size and weight. */
function exact(n: number, edges: readonly Edge[], maxCardinality: boolean): { size: number; weight: number } {
  const w = Array.from({ length: n }, () => new Array<number>(n).fill(Number.NEGATIVE_INFINITY));
  for (const [i, j, x] of edges) w[i]![j] = w[j]![i] = Math.max(w[i]![j]!, x);
  // Size and weight packed as one number: size first when cardinality comes first.
  const SCALE = maxCardinality ? 1e9 : 0;
  const memo = new Float64Array(1 << n).fill(Number.NaN);
  memo[0] = 0;
  const best = (mask: number): number => {
    if (!Number.isNaN(memo[mask]!)) return memo[mask]!;
    const v = 31 - Math.clz32(mask & -mask);
    const rest = mask & ~(1 << v);
    let value = best(rest);
    for (let u = v + 1; u < n; u++) {
      if (!(rest & (1 << u)) || w[v]![u] === Number.NEGATIVE_INFINITY) continue;
      value = Math.max(value, SCALE + w[v]![u]! + best(rest & ~(1 << u)));
    }
    memo[mask] = value;
    return value;
  };
  const value = best((1 << n) - 1);
  return maxCardinality
    ? { size: Math.floor(value / SCALE + 1e-9), weight: value % SCALE }
    : { size: -1, weight: value };
}

function measure(n: number, edges: readonly Edge[], mate: Int32Array) {
  let size = 0;
  let weight = 0;
  for (let v = 0; v < n; v++) {
    const u = mate[v]!;
    if (u < 0) continue;
    expect(mate[u]).toBe(v);
    if (v < u) {
      const e = edges.filter(([i, j]) => (i === v && j === u) || (i === u && j === v));
      expect(e.length).toBeGreaterThan(0);
      size++;
      weight += Math.max(...e.map(([, , w]) => w));
    }
  }
  return { size, weight };
}

/** A small deterministic generator, so a failure names its seed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

function randomGraph(seed: number, most: number) {
  const r = rng(seed);
  const n = 1 + Math.floor(r() * most);
  const density = 0.2 + r() * 0.8;
  const maxW = [3, 20, 100_000][Math.floor(r() * 3)]!;
  const edges: Edge[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) if (r() < density) edges.push([i, j, Math.floor(r() * maxW)]);
  }
  return { n, edges };
}

describe("maximum-weight matching", () => {
  it("small cases by hand", () => {
    expect(Array.from(maxWeightMatching(0, [], false))).toEqual([]);
    expect(Array.from(maxWeightMatching(2, [[0, 1, 1]], false))).toEqual([1, 0]);
    // A path 0-1-2-3: the middle edge is heaviest, but the two outer ones weigh more together.
    const path: Edge[] = [
      [0, 1, 5],
      [1, 2, 11],
      [2, 3, 5],
    ];
    expect(Array.from(maxWeightMatching(4, path, false))).toEqual([-1, 2, 1, -1]);
    expect(Array.from(maxWeightMatching(4, path, true))).toEqual([1, 0, 3, 2]);
    // A triangle with a tail: needs a blossom.
    const blossom: Edge[] = [
      [0, 1, 8],
      [0, 2, 9],
      [1, 2, 10],
      [2, 3, 7],
    ];
    expect(Array.from(maxWeightMatching(4, blossom, false))).toEqual([1, 0, 3, 2]);
  });

  it.each([
    [3_000, 10],
    [300, 16],
  ])("agrees with an exhaustive search on %i random graphs of up to %i vertices", (graphs, most) => {
    for (let seed = 1; seed <= graphs; seed++) {
      const { n, edges } = randomGraph(seed * 7919 + most, most);
      for (const maxCardinality of [false, true]) {
        const got = measure(n, edges, maxWeightMatching(n, edges, maxCardinality));
        const want = exact(n, edges, maxCardinality);
        if ((maxCardinality && got.size !== want.size) || got.weight !== want.weight) {
          throw new Error(`seed ${seed} maxCardinality ${maxCardinality}: ${JSON.stringify({ got, want, n, edges })}`);
        }
      }
    }
  });
});
