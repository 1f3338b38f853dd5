/** An edge between vertices `i` and `j` (0-based) of integer weight `w`. */
export type Edge = readonly [i: number, j: number, w: number];

/**
 * A maximum-weight matching of a general graph (Edmonds' blossoms with Galil's O(n³) bookkeeping, primal-dual).
 * With `maxCardinality`, the heaviest among the matchings with the most edges. Returns `mate[v]`: v's partner,
 * or -1. Weights must be integers: duals are kept doubled so every step stays in integers.
 */
export function maxWeightMatching(nVertex: number, edges: readonly Edge[], maxCardinality: boolean): Int32Array {
  return new Matcher(nVertex, edges).run(maxCardinality);
}

// Labels of top-level blossoms: free, outer (S), inner (T); BREADCRUMB marks a path while scanning.
const FREE = 0;
const S = 1;
const T = 2;
const BREADCRUMB = 4;

/**
 * Vertices are 0..n-1, non-trivial blossoms n..2n-1. An edge k has two endpoints, 2k (its i) and 2k+1 (its j);
 * `p ^ 1` is the other end. A vertex's `mate` is the remote endpoint of its matched edge.
 */
class Matcher {
  private readonly n: number;
  /** Edge k joins ei[k] and ej[k] with weight ew[k]. */
  private readonly ei: Int32Array;
  private readonly ej: Int32Array;
  private readonly ew: Float64Array;
  private readonly endpoint: Int32Array;
  private readonly neighbEnd: number[][];
  private readonly mate: Int32Array;
  private readonly label: Int32Array;
  private readonly labelEnd: Int32Array;
  private readonly inBlossom: Int32Array;
  private readonly blossomParent: Int32Array;
  private readonly blossomChilds: (number[] | null)[];
  private readonly blossomBase: Int32Array;
  private readonly blossomEndps: (number[] | null)[];
  private readonly bestEdge: Int32Array;
  private readonly blossomBestEdges: (number[] | null)[];
  private readonly unusedBlossoms: number[];
  private readonly dualVar: Float64Array;
  private readonly allowEdge: Uint8Array;
  private queue: number[] = [];

  constructor(n: number, edges: readonly Edge[]) {
    this.n = n;
    const m = edges.length;
    let maxWeight = 0;
    this.ei = new Int32Array(m);
    this.ej = new Int32Array(m);
    this.ew = new Float64Array(m);
    this.endpoint = new Int32Array(2 * m);
    this.neighbEnd = Array.from({ length: n }, () => []);
    edges.forEach(([i, j, w], k) => {
      if (i === j || i < 0 || j < 0 || i >= n || j >= n) throw new Error(`bad edge ${i}-${j}`);
      if (!Number.isInteger(w)) throw new Error(`edge weights must be integers: ${w}`);
      maxWeight = Math.max(maxWeight, w);
      this.ei[k] = i;
      this.ej[k] = j;
      this.ew[k] = w;
      this.endpoint[2 * k] = i;
      this.endpoint[2 * k + 1] = j;
      this.neighbEnd[i]!.push(2 * k + 1);
      this.neighbEnd[j]!.push(2 * k);
    });
    this.mate = new Int32Array(n).fill(-1);
    this.label = new Int32Array(2 * n);
    this.labelEnd = new Int32Array(2 * n).fill(-1);
    this.inBlossom = Int32Array.from({ length: n }, (_, v) => v);
    this.blossomParent = new Int32Array(2 * n).fill(-1);
    this.blossomChilds = new Array(2 * n).fill(null);
    this.blossomBase = Int32Array.from({ length: 2 * n }, (_, b) => (b < n ? b : -1));
    this.blossomEndps = new Array(2 * n).fill(null);
    this.bestEdge = new Int32Array(2 * n).fill(-1);
    this.blossomBestEdges = new Array(2 * n).fill(null);
    this.unusedBlossoms = Array.from({ length: n }, (_, i) => n + i);
    this.dualVar = new Float64Array(2 * n);
    this.dualVar.fill(maxWeight, 0, n);
    this.allowEdge = new Uint8Array(m);
  }

  /** Twice the edge's slack (duals are doubled). */
  private slack(k: number): number {
    return this.dualVar[this.ei[k]!]! + this.dualVar[this.ej[k]!]! - 2 * this.ew[k]!;
  }

  private leaves(b: number, out: number[] = []): number[] {
    if (b < this.n) out.push(b);
    else for (const t of this.blossomChilds[b]!) this.leaves(t, out);
    return out;
  }

  /** Labels the top-level blossom of `w` with `t`, reached through endpoint `p`; an inner one labels its mate outer. */
  private assignLabel(w: number, t: number, p: number): void {
    for (;;) {
      const b = this.inBlossom[w]!;
      this.label[w] = this.label[b] = t;
      this.labelEnd[w] = this.labelEnd[b] = p;
      this.bestEdge[w] = this.bestEdge[b] = -1;
      if (t === S) {
        this.queue.push(...this.leaves(b));
        return;
      }
      const base = this.blossomBase[b]!;
      const mateBase = this.mate[base]!;
      w = this.endpoint[mateBase]!;
      t = S;
      p = mateBase ^ 1;
    }
  }

  /** Traces back from v and w: the base of a new blossom, or -1 when the paths reach two roots (augmenting). */
  private scanBlossom(v: number, w: number): number {
    const path: number[] = [];
    let base = -1;
    while (v !== -1 || w !== -1) {
      let b = this.inBlossom[v]!;
      if (this.label[b]! & BREADCRUMB) {
        base = this.blossomBase[b]!;
        break;
      }
      path.push(b);
      this.label[b] = 5;
      if (this.labelEnd[b] === -1) {
        v = -1;
      } else {
        v = this.endpoint[this.labelEnd[b]!]!;
        b = this.inBlossom[v]!;
        v = this.endpoint[this.labelEnd[b]!]!;
      }
      if (w !== -1) [v, w] = [w, v];
    }
    for (const b of path) this.label[b] = S;
    return base;
  }

  /** Makes a blossom of the cycle closed by edge k through `base`. */
  private addBlossom(base: number, k: number): void {
    let v = this.ei[k]!;
    let w = this.ej[k]!;
    const bb = this.inBlossom[base]!;
    let bv = this.inBlossom[v]!;
    let bw = this.inBlossom[w]!;
    const b = this.unusedBlossoms.pop()!;
    this.blossomBase[b] = base;
    this.blossomParent[b] = -1;
    this.blossomParent[bb] = b;
    const path: number[] = [];
    const endps: number[] = [];
    while (bv !== bb) {
      this.blossomParent[bv] = b;
      path.push(bv);
      endps.push(this.labelEnd[bv]!);
      v = this.endpoint[this.labelEnd[bv]!]!;
      bv = this.inBlossom[v]!;
    }
    path.push(bb);
    path.reverse();
    endps.reverse();
    endps.push(2 * k);
    while (bw !== bb) {
      this.blossomParent[bw] = b;
      path.push(bw);
      endps.push(this.labelEnd[bw]! ^ 1);
      w = this.endpoint[this.labelEnd[bw]!]!;
      bw = this.inBlossom[w]!;
    }
    this.blossomChilds[b] = path;
    this.blossomEndps[b] = endps;
    this.label[b] = S;
    this.labelEnd[b] = this.labelEnd[bb]!;
    this.dualVar[b] = 0;
    for (const leaf of this.leaves(b)) {
      if (this.label[this.inBlossom[leaf]!] === T) this.queue.push(leaf);
      this.inBlossom[leaf] = b;
    }
    // The least-slack edge from the new blossom to each other outer blossom.
    const bestEdgeTo = new Int32Array(2 * this.n).fill(-1);
    for (const sub of path) {
      const own = this.blossomBestEdges[sub];
      const lists = own ? [own] : this.leaves(sub).map((leaf) => this.neighbEnd[leaf]!.map((p) => p >> 1));
      for (const list of lists) {
        for (const e of list) {
          const bj = this.inBlossom[this.inBlossom[this.ej[e]!] === b ? this.ei[e]! : this.ej[e]!]!;
          if (
            bj !== b &&
            this.label[bj] === S &&
            (bestEdgeTo[bj] === -1 || this.slack(e) < this.slack(bestEdgeTo[bj]!))
          ) {
            bestEdgeTo[bj] = e;
          }
        }
      }
      this.blossomBestEdges[sub] = null;
      this.bestEdge[sub] = -1;
    }
    const best = Array.from(bestEdgeTo).filter((e) => e !== -1);
    this.blossomBestEdges[b] = best;
    this.bestEdge[b] = -1;
    for (const e of best) {
      if (this.bestEdge[b] === -1 || this.slack(e) < this.slack(this.bestEdge[b]!)) this.bestEdge[b] = e;
    }
  }

  /** Undoes blossom b: at the end of a stage (`endStage`), or when an inner blossom's dual reached zero. */
  private expandBlossom(b: number, endStage: boolean): void {
    const childs = this.blossomChilds[b]!;
    const endps = this.blossomEndps[b]!;
    for (const s of childs) {
      this.blossomParent[s] = -1;
      if (s < this.n) this.inBlossom[s] = s;
      else if (endStage && this.dualVar[s] === 0) this.expandBlossom(s, endStage);
      else for (const leaf of this.leaves(s)) this.inBlossom[leaf] = s;
    }
    if (!endStage && this.label[b] === T) {
      // Relabel the sub-blossoms on the even path from the entry child to the base as T, S, T...
      const entryChild = this.inBlossom[this.endpoint[this.labelEnd[b]! ^ 1]!]!;
      let j = childs.indexOf(entryChild);
      let jStep: number;
      let endpTrick: number;
      if (j & 1) {
        j -= childs.length;
        jStep = 1;
        endpTrick = 0;
      } else {
        jStep = -1;
        endpTrick = 1;
      }
      const at = (i: number) => (i < 0 ? i + childs.length : i);
      let p = this.labelEnd[b]!;
      while (j !== 0) {
        this.label[this.endpoint[p ^ 1]!] = 0;
        this.label[this.endpoint[endps[at(j - endpTrick)]! ^ endpTrick ^ 1]!] = 0;
        this.assignLabel(this.endpoint[p ^ 1]!, T, p);
        this.allowEdge[endps[at(j - endpTrick)]! >> 1] = 1;
        j += jStep;
        p = endps[at(j - endpTrick)]! ^ endpTrick;
        this.allowEdge[p >> 1] = 1;
        j += jStep;
      }
      const bv = childs[at(j)]!;
      this.label[this.endpoint[p ^ 1]!] = this.label[bv] = T;
      this.labelEnd[this.endpoint[p ^ 1]!] = this.labelEnd[bv] = p;
      this.bestEdge[bv] = -1;
      j += jStep;
      while (childs[at(j)] !== entryChild) {
        const sub = childs[at(j)]!;
        if (this.label[sub] === S) {
          j += jStep;
          continue;
        }
        const labelled = this.leaves(sub).find((leaf) => this.label[leaf] !== 0);
        if (labelled !== undefined) {
          this.label[labelled] = 0;
          this.label[this.endpoint[this.mate[this.blossomBase[sub]!]!]!] = 0;
          this.assignLabel(labelled, T, this.labelEnd[labelled]!);
        }
        j += jStep;
      }
    }
    this.label[b] = -1;
    this.labelEnd[b] = -1;
    this.blossomChilds[b] = null;
    this.blossomEndps[b] = null;
    this.blossomBase[b] = -1;
    this.blossomBestEdges[b] = null;
    this.bestEdge[b] = -1;
    this.unusedBlossoms.push(b);
  }

  /** Swaps matched and unmatched edges from vertex v to the base of blossom b, v becoming the new base. */
  private augmentBlossom(b: number, v: number): void {
    let t = v;
    while (this.blossomParent[t] !== b) t = this.blossomParent[t]!;
    if (t >= this.n) this.augmentBlossom(t, v);
    const childs = this.blossomChilds[b]!;
    const endps = this.blossomEndps[b]!;
    const at = (i: number) => (i < 0 ? i + childs.length : i);
    const i = childs.indexOf(t);
    let j = i;
    let jStep: number;
    let endpTrick: number;
    if (i & 1) {
      j -= childs.length;
      jStep = 1;
      endpTrick = 0;
    } else {
      jStep = -1;
      endpTrick = 1;
    }
    while (j !== 0) {
      j += jStep;
      t = childs[at(j)]!;
      const p = endps[at(j - endpTrick)]! ^ endpTrick;
      if (t >= this.n) this.augmentBlossom(t, this.endpoint[p]!);
      j += jStep;
      t = childs[at(j)]!;
      if (t >= this.n) this.augmentBlossom(t, this.endpoint[p ^ 1]!);
      this.mate[this.endpoint[p]!] = p ^ 1;
      this.mate[this.endpoint[p ^ 1]!] = p;
    }
    this.blossomChilds[b] = [...childs.slice(i), ...childs.slice(0, i)];
    this.blossomEndps[b] = [...endps.slice(i), ...endps.slice(0, i)];
    this.blossomBase[b] = this.blossomBase[this.blossomChilds[b]![0]!]!;
  }

  /** Flips the augmenting path through edge k, from both its ends back to their roots. */
  private augmentMatching(k: number): void {
    const v = this.ei[k]!;
    const w = this.ej[k]!;
    for (let [s, p] of [
      [v, 2 * k + 1],
      [w, 2 * k],
    ] as [number, number][]) {
      for (;;) {
        const bs = this.inBlossom[s]!;
        if (bs >= this.n) this.augmentBlossom(bs, s);
        this.mate[s] = p;
        if (this.labelEnd[bs] === -1) break;
        const t = this.endpoint[this.labelEnd[bs]!]!;
        const bt = this.inBlossom[t]!;
        s = this.endpoint[this.labelEnd[bt]!]!;
        const j = this.endpoint[this.labelEnd[bt]! ^ 1]!;
        if (bt >= this.n) this.augmentBlossom(bt, j);
        this.mate[j] = this.labelEnd[bt]!;
        p = this.labelEnd[bt]! ^ 1;
      }
    }
  }

  run(maxCardinality: boolean): Int32Array {
    const n = this.n;
    for (let stage = 0; stage < n; stage++) {
      this.label.fill(0);
      this.bestEdge.fill(-1);
      this.blossomBestEdges.fill(null, n);
      this.allowEdge.fill(0);
      this.queue = [];
      for (let v = 0; v < n; v++) {
        if (this.mate[v] === -1 && this.label[this.inBlossom[v]!] === FREE) this.assignLabel(v, S, -1);
      }
      let augmented = false;
      for (;;) {
        while (this.queue.length > 0 && !augmented) {
          const v = this.queue.pop()!;
          for (const p of this.neighbEnd[v]!) {
            const k = p >> 1;
            const w = this.endpoint[p]!;
            if (this.inBlossom[v] === this.inBlossom[w]) continue;
            let kSlack = 0;
            if (!this.allowEdge[k]) {
              kSlack = this.slack(k);
              if (kSlack <= 0) this.allowEdge[k] = 1;
            }
            const bw = this.inBlossom[w]!;
            if (this.allowEdge[k]) {
              if (this.label[bw] === FREE) {
                this.assignLabel(w, T, p ^ 1);
              } else if (this.label[bw] === S) {
                const base = this.scanBlossom(v, w);
                if (base >= 0) {
                  this.addBlossom(base, k);
                } else {
                  this.augmentMatching(k);
                  augmented = true;
                  break;
                }
              } else if (this.label[w] === FREE) {
                this.label[w] = T;
                this.labelEnd[w] = p ^ 1;
              }
            } else if (this.label[bw] === S) {
              const b = this.inBlossom[v]!;
              if (this.bestEdge[b] === -1 || kSlack < this.slack(this.bestEdge[b]!)) this.bestEdge[b] = k;
            } else if (this.label[w] === FREE) {
              if (this.bestEdge[w] === -1 || kSlack < this.slack(this.bestEdge[w]!)) this.bestEdge[w] = k;
            }
          }
        }
        if (augmented) break;

        // No tight edge left to grow by: change the duals by the largest step that keeps them feasible.
        let deltaType = -1;
        let delta = 0;
        let deltaEdge = -1;
        let deltaBlossom = -1;
        if (!maxCardinality) {
          deltaType = 1;
          delta = Math.min(...this.dualVar.subarray(0, n));
        }
        for (let v = 0; v < n; v++) {
          if (this.label[this.inBlossom[v]!] === FREE && this.bestEdge[v] !== -1) {
            const d = this.slack(this.bestEdge[v]!);
            if (deltaType === -1 || d < delta) {
              delta = d;
              deltaType = 2;
              deltaEdge = this.bestEdge[v]!;
            }
          }
        }
        for (let b = 0; b < 2 * n; b++) {
          if (this.blossomParent[b] === -1 && this.label[b] === S && this.bestEdge[b] !== -1) {
            const d = this.slack(this.bestEdge[b]!) / 2;
            if (deltaType === -1 || d < delta) {
              delta = d;
              deltaType = 3;
              deltaEdge = this.bestEdge[b]!;
            }
          }
        }
        for (let b = n; b < 2 * n; b++) {
          if (
            this.blossomBase[b]! >= 0 &&
            this.blossomParent[b] === -1 &&
            this.label[b] === T &&
            (deltaType === -1 || this.dualVar[b]! < delta)
          ) {
            delta = this.dualVar[b]!;
            deltaType = 4;
            deltaBlossom = b;
          }
        }
        if (deltaType === -1) {
          // Maximum cardinality reached: a last dual step to optimality.
          deltaType = 1;
          delta = Math.max(0, Math.min(...this.dualVar.subarray(0, n)));
        }
        for (let v = 0; v < n; v++) {
          const l = this.label[this.inBlossom[v]!];
          if (l === S) this.dualVar[v]! -= delta;
          else if (l === T) this.dualVar[v]! += delta;
        }
        for (let b = n; b < 2 * n; b++) {
          if (this.blossomBase[b]! >= 0 && this.blossomParent[b] === -1) {
            if (this.label[b] === S) this.dualVar[b]! += delta;
            else if (this.label[b] === T) this.dualVar[b]! -= delta;
          }
        }
        if (deltaType === 1) break;
        if (deltaType === 2) {
          this.allowEdge[deltaEdge] = 1;
          const i = this.ei[deltaEdge]!;
          this.queue.push(this.label[this.inBlossom[i]!] === FREE ? this.ej[deltaEdge]! : i);
        } else if (deltaType === 3) {
          this.allowEdge[deltaEdge] = 1;
          this.queue.push(this.ei[deltaEdge]!);
        } else {
          this.expandBlossom(deltaBlossom, false);
        }
      }
      if (!augmented) break;
      for (let b = n; b < 2 * n; b++) {
        if (this.blossomParent[b] === -1 && this.blossomBase[b]! >= 0 && this.label[b] === S && this.dualVar[b] === 0) {
          this.expandBlossom(b, true);
        }
      }
    }
    const partners = new Int32Array(n).fill(-1);
    for (let v = 0; v < n; v++) if (this.mate[v]! >= 0) partners[v] = this.endpoint[this.mate[v]!]!;
    return partners;
  }
}
