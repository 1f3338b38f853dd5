import {
  type Color,
  END_REASON_TEXT,
  formatTimeControl,
  type GameOver,
  type LiveGame,
  TIME_CLASS_LABEL,
  UNLIMITED_LABEL,
  VARIANT_LABELS,
} from "@chess/shared";
import { formatEloDelta } from "../../lib/ratingText.ts";
import type { GameResult, GameState } from "./gameStore.ts";

/** Words the game page shows, kept apart from the components so they are tested as plain functions. */

/** "Blitz 5+3 · Rated" / "Bullet 1+0 · Casual" / "Chess960 · Blitz 3+2 · Rated" / "Jumpstart · Rapid 10+0 · Rated". */
export function gameTypeLabel(
  state: Pick<GameState, "timeClass" | "baseTime" | "increment" | "rated"> &
    Partial<Pick<GameState, "variant" | "untimed">>,
): string {
  const speed = state.untimed
    ? UNLIMITED_LABEL
    : `${TIME_CLASS_LABEL[state.timeClass]} ${formatTimeControl({ baseTime: state.baseTime, increment: state.increment })}`;
  // Chess960 and Jumpstart change how the game is played (castling, a dealt position), so the header says so.
  const variant = state.variant && state.variant !== "standard" ? `${VARIANT_LABELS[state.variant]} · ` : "";
  return `${variant}${speed} · ${state.rated ? "Rated" : "Casual"}`;
}

/** The game-over headline (SPEC §2): "Gameover! Winner is: {winner}", or the abort. */
export function gameOverHeadline(result: GameResult): string {
  if (result.reason === "abort" || result.winningColor === "none") return "Gameover! The game was aborted";
  return `Gameover! Winner is: ${result.winner}`;
}

/**
 * Why the game ended, e.g. "Checkmate", "Time out". An abandoned game reads as each side lived it: the
 * player who stayed sees "Opponent left the game", the one who went "You left the game", anyone else the
 * neutral words.
 */
export function endReasonText(result: GameResult, myColor: Color | null = null): string {
  // A draw claimed against a player who left does not say who left: the neutral words.
  if (
    result.reason === "abandon" &&
    myColor !== null &&
    result.winningColor !== "none" &&
    result.winningColor !== "draw"
  ) {
    const won = result.winningColor === (myColor === "w" ? "white" : "black");
    return won ? "Opponent left the game" : "You left the game";
  }
  return END_REASON_TEXT[result.reason];
}

/**
 * "Your rating: 1508 (+8)" once the new rating is known, "Your rating: +8" before; "Casual game - not rated",
 * or nothing for a spectator.
 */
export function ratingChangeText(
  result: GameResult,
  rated: boolean,
  spectator: boolean,
  newRating?: number,
): string | undefined {
  if (spectator || result.myEloChange === null) return undefined;
  if (!rated) return "Casual game - not rated";
  if (result.reason === "abort") return "Aborted games are not rated";
  const delta = formatEloDelta(result.myEloChange);
  return newRating === undefined ? `Your rating: ${delta}` : `Your rating: ${newRating} (${delta})`;
}

/** The score as chess writes it: "1-0", "0-1", "½-½"; undefined for an aborted game. */
export function gameScore(result: Pick<GameResult, "winningColor" | "reason">): string | undefined {
  if (result.reason === "abort") return undefined;
  if (result.winningColor === "white") return "1-0";
  if (result.winningColor === "black") return "0-1";
  if (result.winningColor === "draw") return "½-½";
  return undefined;
}

/**
 * A game of mine that ended while I was elsewhere: "You won against bob (Resignation)", "You lost against bob
 * (Time out)", "Draw against bob (…)", "Your game against bob was aborted".
 */
export function endedElsewhereText(game: LiveGame, over: Pick<GameOver, "winningColor" | "reason">): string {
  if (over.reason === "abort" || over.winningColor === "none") return `Your game against ${game.opponent} was aborted`;
  const myColor = game.isWhite ? "w" : "b";
  const why = endReasonText(
    { winningColor: over.winningColor, reason: over.reason, winner: "", myEloChange: null },
    myColor,
  );
  if (over.winningColor === "draw") return `Draw against ${game.opponent} (${why})`;
  const won = over.winningColor === (game.isWhite ? "white" : "black");
  return `You ${won ? "won" : "lost"} against ${game.opponent} (${why})`;
}

/**
 * After a restart of the game's server (or a takeover by another): "The server restarted - the 12 s it was
 * away were not counted on the clocks". It is charged only until the server's last sign of life.
 */
export function resumedText(awayMs: number): string {
  const seconds = Math.max(1, Math.round(awayMs / 1000));
  return `The server restarted - the ${seconds} s it was away ${seconds === 1 ? "was" : "were"} not counted on the clocks`;
}

const SIDE = { white: "White", black: "Black" } as const;

/**
 * The result as the move list ends with it (lichess): "1-0 · Black resigned", "½-½ · Draw by repetition",
 * "0-1 · White ran out of time", "Game aborted".
 */
export function resultLine(result: Pick<GameResult, "winningColor" | "reason">): string {
  const score = gameScore(result);
  if (!score) return "Game aborted";
  const loser = result.winningColor === "white" ? SIDE.black : result.winningColor === "black" ? SIDE.white : "";
  const why: Record<GameResult["reason"], string> = {
    checkmate: "Checkmate",
    stalemate: "Stalemate",
    insufficient: "Insufficient material",
    threefold: "Draw by repetition",
    fiftyMoves: "Fifty-move rule",
    resign: `${loser} resigned`,
    draw: "Draw by agreement",
    flag: loser ? `${loser} ran out of time` : "Time out, no mating material left",
    abandon: loser ? `${loser} left the game` : "Game abandoned",
    abort: "Game aborted",
  };
  return `${score} · ${why[result.reason]}`;
}

/**
 * The new ratings of a finished rated game, as the game-over box lists them after SPEC's own line: the
 * opponent's (bob, "1492 (−8)") for a player, both for a spectator. Empty when unrated or unknown.
 */
export function newRatingLines(
  state: Pick<GameState, "white" | "black" | "ratings" | "myColor">,
  result: Pick<GameResult, "eloChange">,
): Array<{ name: string; rating: string }> {
  const change = result.eloChange;
  if (!change) return [];
  const sides: Color[] = state.myColor === null ? ["w", "b"] : [state.myColor === "w" ? "b" : "w"];
  return sides.flatMap((c) => {
    const before = state.ratings[c];
    if (before === null) return [];
    const name = c === "w" ? state.white : state.black;
    return [{ name, rating: `${Math.round(before + change[c])} (${formatEloDelta(change[c])})` }];
  });
}
