/** Playing the computer: the levels a player picks from and how the computer is named as an opponent. */

/** lichess's eight levels, 1 (a beginner can beat it) to 8 (full strength). */
export const COMPUTER_LEVELS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export type ComputerLevel = (typeof COMPUTER_LEVELS)[number];

/** "Stockfish level 3": the opponent's name in the game, its history and its analysis. */
export const computerName = (level: number): string => `Stockfish level ${level}`;

/**
 * The level of a player named like the computer, else undefined. Unambiguous: usernames cannot contain
 * spaces (USERNAME_PATTERN) and guests are "Guest-1234".
 */
export function computerLevelOfName(name: string): ComputerLevel | undefined {
  const m = /^Stockfish level ([1-8])$/.exec(name);
  return m ? (Number(m[1]) as ComputerLevel) : undefined;
}
