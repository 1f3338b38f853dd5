/** The game's sounds: a move, a capture, a check, the end of a game, and a clock running low. */
export const GAME_SOUNDS = ["move", "capture", "check", "end", "lowTime"] as const;
export type GameSound = (typeof GAME_SOUNDS)[number];
