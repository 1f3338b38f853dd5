/**
 * Engine evaluations and what players read from them (SPEC §3 Analysis entry, §9 constants;
 * accuracy after lichess). Scores are always from White's point of view.
 */

/** lichess's judgements of a move, mildest first (judgement.ts decides them). */
export const JUDGEMENTS = ["inaccuracy", "mistake", "blunder"] as const;
export type Judgement = (typeof JUDGEMENTS)[number];

/** A score: centipawns, or mate in `mate` moves (positive: White mates). */
export type Score = { cp: number } | { mate: number };

/**
 * One analysed position (SPEC §3): `eval` is centipawns from White's side as a number, or a mate as
 * text "#3" (White mates in 3) / "#-2" (Black mates in 2); `moves` is the engine's best line in UCI.
 */
export interface AnalysisEntry {
  eval: number | string;
  turn: "w" | "b";
  moves: string[];
  /** Win% for White (0..100, lichess's curve), e.g. 59.1 at +1.00; on game analyses. */
  winPercent?: number;
  /**
   * lichess's judgement of the move that led here (judgement.ts), null when not judged; on game analyses,
   * where index 0 (no move led there) is null.
   */
  judgement?: Judgement | null;
}

export const evalOf = (s: Score): number | string => ("mate" in s ? `#${s.mate}` : s.cp);

export function scoreOf(e: number | string): Score {
  if (typeof e === "number") return { cp: e };
  const m = /^#(-?\d+)$/.exec(e.trim());
  if (m) return { mate: Number(m[1]) };
  const n = Number(e);
  return { cp: Number.isFinite(n) ? n : 0 };
}

/**
 * SPEC §9 eval → percent (−100..100, White's side): linear at 20 per pawn below one pawn, otherwise
 * 20 + 15·log2(pawns), capped at 100; mate in N maps to 100 − N.
 */
export function evalPercent(s: Score): number {
  if ("mate" in s) {
    if (s.mate === 0) return 0;
    return Math.sign(s.mate) * Math.max(0, 100 - Math.abs(s.mate));
  }
  const pawns = s.cp / 100;
  const a = Math.abs(pawns);
  if (a < 1) return 20 * pawns;
  return Math.sign(pawns) * Math.min(100, 20 + 15 * Math.log2(a));
}

export const MOVE_QUALITIES = ["best", "good", "alright", "inaccuracy", "mistake", "blunder"] as const;
export type MoveQuality = (typeof MOVE_QUALITIES)[number];

/** Title and symbol of each tier. */
export const MOVE_QUALITY_INFO: Record<MoveQuality, { title: string; symbol: string }> = {
  best: { title: "Best", symbol: "★" },
  good: { title: "Good", symbol: "✓" },
  alright: { title: "Alright", symbol: "○" },
  inaccuracy: { title: "Inaccuracy", symbol: "?!" },
  mistake: { title: "Mistake", symbol: "?" },
  blunder: { title: "Blunder", symbol: "??" },
};

/** SPEC §9 thresholds on the mover's drop in percent: > 50 blunder, > 35 mistake, > 20 inaccuracy, > 10 alright, > 5 good. */
export function qualityOfDrop(drop: number): MoveQuality {
  if (drop > 50) return "blunder";
  if (drop > 35) return "mistake";
  if (drop > 20) return "inaccuracy";
  if (drop > 10) return "alright";
  if (drop > 5) return "good";
  return "best";
}

/** Quality of the move that led from `before` to `after`, played by `mover`. */
export function moveQuality(before: Score, after: Score, mover: "w" | "b"): MoveQuality {
  const sign = mover === "w" ? 1 : -1;
  return qualityOfDrop(sign * (evalPercent(before) - evalPercent(after)));
}

/** lichess winning chances (−1..1) from centipawns, clamped to ±1000; mates count as ±1000 cp. */
export function winningChances(s: Score): number {
  const cp = "mate" in s ? Math.sign(s.mate || 1) * 1000 : Math.max(-1000, Math.min(1000, s.cp));
  return 2 / (1 + Math.exp(-0.00368208 * cp)) - 1;
}

/** Win% (0..100) for White. */
export const winPercent = (s: Score): number => 50 + 50 * winningChances(s);

/** lichess move accuracy from the mover's Win% before and after. */
export function moveAccuracy(winBefore: number, winAfter: number): number {
  if (winAfter >= winBefore) return 100;
  const drop = winBefore - winAfter;
  const raw = 103.1668 * Math.exp(-0.04354 * drop) - 3.1669 + 1;
  return Math.max(0, Math.min(100, raw));
}

function stdDev(xs: number[]): number {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length);
}

/**
 * Each move's accuracy (lichess) and its weight in the game's accuracy, in order: index i is the move from
 * position i to i + 1. Weights are the standard deviation of Win% over a sliding window of positions.
 */
export function moveAccuracies(
  scores: Score[],
  firstMover: "w" | "b" = "w",
): Array<{ mover: "w" | "b"; accuracy: number; weight: number }> {
  const wins = scores.map(winPercent);
  if (wins.length < 2) return [];
  const windowSize = Math.max(2, Math.min(8, Math.floor((wins.length - 1) / 10)));
  const moves: Array<{ mover: "w" | "b"; accuracy: number; weight: number }> = [];
  for (let i = 1; i < wins.length; i++) {
    const from = Math.max(0, i - windowSize);
    const window = wins.slice(from, Math.max(from + windowSize, i + 1));
    const weight = Math.max(0.5, Math.min(12, stdDev(window)));
    const mover: "w" | "b" = (i - 1) % 2 === 0 ? firstMover : firstMover === "w" ? "b" : "w";
    const sign = mover === "w" ? 1 : -1;
    const before = sign === 1 ? (wins[i - 1] as number) : 100 - (wins[i - 1] as number);
    const after = sign === 1 ? (wins[i] as number) : 100 - (wins[i] as number);
    moves.push({ mover, accuracy: moveAccuracy(before, after), weight });
  }
  return moves;
}

/**
 * Game accuracy per player (lichess): mean of the volatility-weighted mean and the harmonic mean of
 * move accuracies. `scores` has one entry per position, the first before the first move.
 */
export function gameAccuracy(scores: Score[], firstMover: "w" | "b" = "w"): { w: number | null; b: number | null } {
  const moves = moveAccuracies(scores, firstMover);
  return {
    w: combineAccuracies(moves.filter((m) => m.mover === "w")),
    b: combineAccuracies(moves.filter((m) => m.mover === "b")),
  };
}

/** lichess's combination: the mean of the weighted mean and the harmonic mean; null for no moves. */
export function combineAccuracies(xs: ReadonlyArray<{ accuracy: number; weight: number }>): number | null {
  if (xs.length === 0) return null;
  const weighted = xs.reduce((a, x) => a + x.accuracy * x.weight, 0) / xs.reduce((a, x) => a + x.weight, 0);
  const harmonic = xs.length / xs.reduce((a, x) => a + 1 / Math.max(x.accuracy, 1e-3), 0);
  return (weighted + harmonic) / 2;
}
