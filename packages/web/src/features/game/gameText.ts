import { END_REASON_TEXT, formatTimeControl, TIME_CLASS_LABEL } from "@chess/shared";
import type { GameResult, GameState } from "./gameStore.ts";

/** Words the game page shows, kept apart from the components so they are tested as plain functions. */

/** "+10", "−10" (a real minus sign), "±0". */
export function formatEloDelta(delta: number): string {
  if (delta === 0) return "±0";
  return delta > 0 ? `+${delta}` : `\u2212${Math.abs(delta)}`;
}

/** "Blitz 5+3 · Rated" / "Bullet 1+0 · Casual". */
export function gameTypeLabel(state: Pick<GameState, "timeClass" | "baseTime" | "increment" | "rated">): string {
  const tc = formatTimeControl({ baseTime: state.baseTime, increment: state.increment });
  return `${TIME_CLASS_LABEL[state.timeClass]} ${tc} · ${state.rated ? "Rated" : "Casual"}`;
}

/** The game-over headline (SPEC §2): "Gameover! Winner is: {winner}", or the abort. */
export function gameOverHeadline(result: GameResult): string {
  if (result.reason === "abort" || result.winningColor === "none") return "Gameover! The game was aborted";
  return `Gameover! Winner is: ${result.winner}`;
}

/** Why the game ended, e.g. "Checkmate", "Time out". */
export function endReasonText(result: GameResult): string {
  return END_REASON_TEXT[result.reason];
}

/** "Your rating: +8", "Casual game - not rated", or nothing for a spectator or an abort. */
export function ratingChangeText(result: GameResult, rated: boolean, spectator: boolean): string | undefined {
  if (spectator || result.myEloChange === null) return undefined;
  if (!rated) return "Casual game - not rated";
  if (result.reason === "abort") return "Aborted games are not rated";
  return `Your rating: ${formatEloDelta(result.myEloChange)}`;
}
