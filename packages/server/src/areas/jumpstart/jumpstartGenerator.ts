import type { Score } from "@chess/shared";
import { Chess } from "chess.js";

/** What the generator needs from an engine; scores from White's side. */
export interface JumpstartEngine {
  candidates(fen: string, k: number): Promise<Array<{ move: string; score: Score }>>;
  evaluate(fen: string): Promise<Score>;
}

export interface Target {
  /** Pawns, White's view. */
  evalMin: number;
  evalMax: number;
  /** Full-move numbers. */
  moveMin: number;
  moveMax: number;
}

export interface Generated {
  fen: string;
  /** Pawns, White's view, from the final (deeper) evaluation. */
  eval: number;
}

const cpOf = (s: Score) => ("mate" in s ? Math.sign(s.mate) * 10_000 : s.cp);

/** Opening plies played with more variety before steering starts. */
const FREE_PLIES = 6;
/** Final plies that head straight for the target. */
const GREEDY_PLIES = 4;
/** Plies played past the chosen move number when the deeper check misses. */
const MAX_EXTRA_PLIES = 6;
const CANDIDATES = 6;
/** Pawns kept clear of each end of the evaluation range. */
const EDGE_MARGIN = 0.15;

/**
 * Plays a plausible game with the engine's best few moves at each turn, picking at random with a bias
 * toward the move that keeps the evaluation on a path to a random target inside the range, then checks
 * the end position with a deeper search. Never random legal moves: every move is one of the engine's
 * top candidates. Returns undefined when the attempt misses (the caller tries again).
 */
export async function generateOnce(
  engine: JumpstartEngine,
  target: Target,
  rng: () => number,
  signal?: AbortSignal,
): Promise<Generated | undefined> {
  const moveNumber = Math.max(1, Math.round(target.moveMin + rng() * (target.moveMax - target.moveMin)));
  const plies = (moveNumber - 1) * 2 + (rng() < 0.5 ? 0 : 1);
  const targetCp = 100 * (target.evalMin + rng() * (target.evalMax - target.evalMin));
  const chess = new Chess();

  /** Plays one of the engine's candidates; `greedy` takes the one closest to `desired` most of the time. */
  async function step(desired: number, free: boolean, greedy: boolean): Promise<boolean> {
    const cands = await engine.candidates(chess.fen(), CANDIDATES);
    if (cands.length === 0) return false;
    const miss = (c: { score: Score }) => Math.abs(cpOf(c.score) - desired);
    let chosen = cands[0];
    if (greedy && rng() < 0.8) {
      chosen = cands.reduce((a, b) => (miss(b) < miss(a) ? b : a));
    } else {
      const weights = cands.map((c, rank) =>
        free ? 1 / (rank + 1) : Math.exp(-miss(c) / 60) / Math.sqrt(rank + 1) + 1e-6,
      );
      let r = rng() * weights.reduce((a, b) => a + b, 0);
      for (let i = 0; i < cands.length; i++) {
        r -= weights[i] as number;
        if (r <= 0) {
          chosen = cands[i];
          break;
        }
      }
    }
    const uci = chosen?.move ?? "";
    chess.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci.length > 4 ? uci[4] : undefined });
    return !chess.isGameOver();
  }

  for (let ply = 0; ply < plies; ply++) {
    if (signal?.aborted) return undefined;
    const progress = (ply + 1) / plies;
    if (!(await step(targetCp * progress * progress, ply < FREE_PLIES, plies - ply <= GREEDY_PLIES))) return undefined;
  }
  // The cheap searches that steer are noisy: check deeper, and keep steering while the move range allows.
  // Accept only a little inside the range, so another engine's look at the position agrees it is in it.
  const margin = Math.min(EDGE_MARGIN, (target.evalMax - target.evalMin) / 4);
  for (let extra = 0; extra <= MAX_EXTRA_PLIES; extra += 2) {
    const pawns = cpOf(await engine.evaluate(chess.fen())) / 100;
    const moveOk = chess.moveNumber() >= target.moveMin && chess.moveNumber() <= target.moveMax;
    if (moveOk && pawns >= target.evalMin + margin && pawns <= target.evalMax - margin) {
      return { fen: chess.fen(), eval: Math.round(pawns * 100) / 100 };
    }
    if (chess.moveNumber() + 1 > target.moveMax) return undefined;
    for (let i = 0; i < 2; i++) if (!(await step(targetCp, false, true))) return undefined;
  }
  return undefined;
}

/** Tries until a position fits, the deadline passes (even mid-attempt) or `signal` is aborted. */
export async function generate(
  engine: JumpstartEngine,
  target: Target,
  opts: { deadline: number; rng?: () => number; maxAttempts?: number; signal?: AbortSignal },
): Promise<Generated | undefined> {
  const rng = opts.rng ?? Math.random;
  // The deadline also stops an attempt between its engine calls: someone may be waiting on it.
  const timeUp = AbortSignal.timeout(Math.max(0, opts.deadline - Date.now()));
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeUp]) : timeUp;
  for (let attempt = 0; attempt < (opts.maxAttempts ?? 50) && !signal.aborted; attempt++) {
    const found = await generateOnce(engine, target, rng, signal);
    if (found) return found;
  }
  return undefined;
}
