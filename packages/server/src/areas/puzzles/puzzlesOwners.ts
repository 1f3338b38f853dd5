/** Whose deck a game's mistakes go to, by colour: an account, or null (a guest's, or no one's). */
export interface DeckOwners {
  w: number | null;
  b: number | null;
}

/** Who imported a game: the account (null: a guest) and the side it played, when chosen or named in the tags. */
export interface Importer {
  userId: number | null;
  color: "w" | "b" | null;
}

/**
 * An imported game's mistakes go to the importer's own deck: those of the side they played, or of both sides
 * when it is not known (lichess's "learn from your mistakes" follows the side the player is named as; a game
 * pasted without one is studied from both sides, as lichess's own analysis lets one do).
 */
export function importerOwners({ userId, color }: Importer): DeckOwners {
  return { w: color === "b" ? null : userId, b: color === "w" ? null : userId };
}
