import type { ArenaRule } from "@chess/shared";

/** The numbers of lichess's arena sheet. */
export const ARENA_SCORING = {
  win: 2,
  draw: 1,
  /** Streaks double a win's and a draw's points. */
  fireFactor: 2,
  /** Wins in a row that set a player on fire. */
  fireAfterWins: 2,
  /** A draw of fewer plies scores nothing. */
  quickDrawPlies: 20,
  /** A draw of at least this many plies scores even after another draw. */
  longDrawPlies: 60,
  /** A berserk win of at least this many plies earns the berserk point. */
  berserkMinPlies: 14,
} as const;

export type ArenaOutcome = "win" | "draw" | "loss";

/** A finished game of an arena, from one player's side. */
export interface ArenaGame {
  outcome: ArenaOutcome;
  plies: number;
  /** The player halved their own clock. */
  berserk: boolean;
}

/** What one game scored, and why. */
export interface GameScore {
  points: number;
  rule: ArenaRule;
  berserkBonus: boolean;
}

export interface ArenaSheet {
  scores: GameScore[];
  total: number;
  /** The last two games were wins (streaks on): the next win counts double. */
  onFire: boolean;
}

/**
 * A player's sheet from their games in the order they finished. Streaks (on fire) can be turned off;
 * the draw rules cannot: they keep players from agreeing quick draws to climb.
 */
export function scoreSheet(games: readonly ArenaGame[], options: { streaks: boolean }): ArenaSheet {
  const scores: GameScore[] = [];
  let winsInRow = 0;
  // A draw since the last win: further draws score nothing unless long (losses between do not reset it).
  let drewSinceWin = false;
  let total = 0;
  for (const game of games) {
    const onFire = options.streaks && winsInRow >= ARENA_SCORING.fireAfterWins;
    const score = scoreGame(game, onFire, drewSinceWin);
    scores.push(score);
    total += score.points;
    winsInRow = game.outcome === "win" ? winsInRow + 1 : 0;
    if (game.outcome === "win") drewSinceWin = false;
    if (game.outcome === "draw") drewSinceWin = true;
  }
  return { scores, total, onFire: options.streaks && winsInRow >= ARENA_SCORING.fireAfterWins };
}

function scoreGame(game: ArenaGame, onFire: boolean, drewSinceWin: boolean): GameScore {
  const factor = onFire ? ARENA_SCORING.fireFactor : 1;
  if (game.outcome === "win") {
    const berserkBonus = game.berserk && game.plies >= ARENA_SCORING.berserkMinPlies;
    return {
      points: ARENA_SCORING.win * factor + (berserkBonus ? 1 : 0),
      rule: onFire ? "winOnFire" : "win",
      berserkBonus,
    };
  }
  if (game.outcome === "loss") return { points: 0, rule: "loss", berserkBonus: false };
  if (game.plies < ARENA_SCORING.quickDrawPlies) return { points: 0, rule: "quickDraw", berserkBonus: false };
  if (drewSinceWin && game.plies < ARENA_SCORING.longDrawPlies) {
    return { points: 0, rule: "drawStreak", berserkBonus: false };
  }
  return { points: ARENA_SCORING.draw * factor, rule: onFire ? "drawOnFire" : "draw", berserkBonus: false };
}
