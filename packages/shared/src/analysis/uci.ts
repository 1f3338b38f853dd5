import type { Score } from "./evaluation.ts";

/** The last search report of the main line: score from the side to move, depth, nodes, best line. */
export interface UciInfo {
  depth: number;
  nodes: number;
  score: Score;
  /** true when the score is only a bound (lowerbound/upperbound), not exact. */
  bound: boolean;
  pv: string[];
}

/** Parses one `info` line of the first principal variation (or of any, with `anyPv`); undefined for other lines. */
export function parseInfo(line: string, anyPv = false): (UciInfo & { multipv: number }) | undefined {
  if (!line.startsWith("info ") || !line.includes(" score ")) return undefined;
  const t = line.split(/\s+/);
  const at = (key: string) => t.indexOf(key);
  const multipvAt = at("multipv");
  const multipv = multipvAt >= 0 ? Number(t[multipvAt + 1]) : 1;
  if (!anyPv && multipv !== 1) return undefined;
  const s = at("score");
  const kind = t[s + 1];
  const value = Number(t[s + 2]);
  if (!Number.isFinite(value) || (kind !== "cp" && kind !== "mate")) return undefined;
  const pvAt = at("pv");
  return {
    depth: Number(t[at("depth") + 1] ?? 0) || 0,
    nodes: Number(t[at("nodes") + 1] ?? 0) || 0,
    score: kind === "cp" ? { cp: value } : { mate: value },
    bound: t[s + 3] === "lowerbound" || t[s + 3] === "upperbound",
    pv: pvAt >= 0 ? t.slice(pvAt + 1).filter(Boolean) : [],
    multipv,
  };
}

/** `bestmove e2e4 ponder e7e5` → "e2e4"; "(none)" when the side to move has no move. */
export function parseBestMove(line: string): string | undefined {
  if (!line.startsWith("bestmove")) return undefined;
  return line.split(/\s+/)[1] ?? "(none)";
}

/** Turns a score from the side to move's view into White's view. */
export function whitePov(score: Score, turn: "w" | "b"): Score {
  if (turn === "w") return score;
  return "mate" in score ? { mate: -score.mate } : { cp: -score.cp };
}
