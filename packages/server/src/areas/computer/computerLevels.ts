import type { ComputerLevel, Score } from "@chess/shared";

/** How Stockfish plays at one level. */
export interface LevelSettings {
  level: ComputerLevel;
  /** lichess fishnet's UCI `Skill Level` (-9..20); negative values need lichess's own Stockfish build. */
  fishnetSkill: number;
  /** The `Skill Level` we send: stock Stockfish takes 0..20 and ignores anything else. */
  skill: number;
  /** Search depth limit. */
  depth: number;
  /** Think time per move (ms) with plenty on the clock. */
  moveTimeMs: number;
  /**
   * Levels fishnet plays below Skill Level 0: the move is drawn at random from the `lines` best moves that
   * lose at most `maxLossCp` against the best, which lets a beginner win pieces now and then.
   */
  spread?: { lines: number; maxLossCp: number };
}

/**
 * Levels 1-8 as lichess plays them: skill, depth and time from lichess-org/fishnet `src/api.rs`
 * (`SkillLevel::skill_level`, `depth`, `time`), read at commit 1350d8e0006f84e56e3c673f4ca24943d3897a73:
 * skill -9, -5, -1, 3, 7, 11, 16, 20; depth 5 for levels 1-5, then 8, 13, 22; time 50, 100, 150, 200,
 * 300, 400, 500, 1000 ms. The `spread` of levels 1-3 is ours, standing in for the negative skill levels.
 */
export const LEVELS: readonly LevelSettings[] = [
  { level: 1, fishnetSkill: -9, skill: 0, depth: 5, moveTimeMs: 50, spread: { lines: 8, maxLossCp: 600 } },
  { level: 2, fishnetSkill: -5, skill: 0, depth: 5, moveTimeMs: 100, spread: { lines: 5, maxLossCp: 300 } },
  { level: 3, fishnetSkill: -1, skill: 0, depth: 5, moveTimeMs: 150, spread: { lines: 3, maxLossCp: 120 } },
  { level: 4, fishnetSkill: 3, skill: 3, depth: 5, moveTimeMs: 200 },
  { level: 5, fishnetSkill: 7, skill: 7, depth: 5, moveTimeMs: 300 },
  { level: 6, fishnetSkill: 11, skill: 11, depth: 8, moveTimeMs: 400 },
  { level: 7, fishnetSkill: 16, skill: 16, depth: 13, moveTimeMs: 500 },
  { level: 8, fishnetSkill: 20, skill: 20, depth: 22, moveTimeMs: 1000 },
];

export function levelSettings(level: ComputerLevel): LevelSettings {
  const settings = LEVELS[level - 1];
  if (settings?.level !== level) throw new Error(`No computer level ${level}`);
  return settings;
}

/** The shortest think we ask for: below it the engine's answer is no faster, only worse. */
export const MIN_THINK_MS = 10;
/** fishnet gives a move request 7 s; a search past its think time this long is stopped and retried. */
export const MOVE_TIMEOUT_MS = 7_000;

/**
 * How long the computer thinks on a move: its level's time less what the request already waited for an
 * engine, but never more than a share of its own clock (a 40th of what is left plus half the increment), so
 * that it does not lose on time in a fast game. `clock` is null while the clocks do not run yet (before both
 * first moves) or in an untimed game. A busy server thus makes the computer play faster and weaker, never
 * slower than its level: lichess's players expect a level 1 reply at once, whatever else runs.
 */
export function thinkTimeMs(
  level: ComputerLevel,
  clock: { leftMs: number; incrementMs: number } | null,
  waitedMs = 0,
): number {
  const cap = levelSettings(level).moveTimeMs - Math.max(0, waitedMs);
  if (!clock) return Math.max(MIN_THINK_MS, cap);
  const share = Math.floor(Math.max(0, clock.leftMs) / 40 + clock.incrementMs / 2);
  return Math.max(MIN_THINK_MS, Math.min(cap, share));
}

/** A candidate move with its score from the side to move's view. */
export interface EngineLine {
  move: string;
  score: Score;
}

/** Centipawns of a score for comparing lines: a mate in n is worth more than any material, sooner more. */
export function scoreCp(score: Score): number {
  if ("cp" in score) return score.cp;
  return score.mate > 0 ? 100_000 - score.mate : -100_000 - score.mate;
}

/**
 * The move the computer plays: Stockfish's own choice, or at the levels with a spread a random one of the
 * best lines that lose at most the level's allowance. `random` returns [0, 1).
 */
export function pickMove(
  level: ComputerLevel,
  bestMove: string,
  lines: readonly EngineLine[],
  random: () => number = Math.random,
): string {
  const { spread } = levelSettings(level);
  if (!spread || lines.length === 0) return bestMove;
  const top = lines.slice(0, spread.lines);
  const best = Math.max(...top.map((l) => scoreCp(l.score)));
  const fair = top.filter((l) => scoreCp(l.score) >= best - spread.maxLossCp);
  const i = Math.min(fair.length - 1, Math.floor(random() * fair.length));
  return fair[i]?.move ?? bestMove;
}

/** What the engine is asked for one move at `level`. */
export function searchOf(level: ComputerLevel, thinkMs: number) {
  const s = levelSettings(level);
  return { skill: s.skill, depth: s.depth, movetimeMs: thinkMs, multipv: s.spread?.lines ?? 1 };
}
