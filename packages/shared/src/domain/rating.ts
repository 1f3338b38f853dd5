/** Elo ratings per (variant, time class). */

export const DEFAULT_ELO = 1200;

/** Rating change for each outcome, from one player's side (SPEC §3 eloDeltas). */
export interface EloDeltas {
  winEloDelta: number;
  drawEloDelta: number;
  lossEloDelta: number;
}

/** Expected score of a player rated `own` against `opponent`. */
export function expectedScore(own: number, opponent: number): number {
  return 1 / (1 + 10 ** ((opponent - own) / 400));
}

/** FIDE-like K: 40 while provisional (under 30 games), 20 below 2400, 10 from 2400. */
export function kFactor(rating: number, gamesPlayed: number): number {
  if (gamesPlayed < 30) return 40;
  return rating >= 2400 ? 10 : 20;
}

/** The three possible rating changes of a player before the game starts. */
export function eloDeltas(own: number, opponent: number, gamesPlayed: number): EloDeltas {
  const k = kFactor(own, gamesPlayed);
  const e = expectedScore(own, opponent);
  return {
    winEloDelta: Math.round(k * (1 - e)),
    drawEloDelta: Math.round(k * (0.5 - e)),
    lossEloDelta: Math.round(k * (0 - e)),
  };
}

/** All zeros: unrated games (a guest played). */
export const NO_ELO_CHANGE: EloDeltas = { winEloDelta: 0, drawEloDelta: 0, lossEloDelta: 0 };

export type Outcome = "win" | "draw" | "loss";

export function deltaFor(deltas: EloDeltas, outcome: Outcome): number {
  return outcome === "win" ? deltas.winEloDelta : outcome === "draw" ? deltas.drawEloDelta : deltas.lossEloDelta;
}
