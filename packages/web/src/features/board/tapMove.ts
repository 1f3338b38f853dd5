import type { Square } from "./boardPosition.ts";

/** Tap-tap (click-click) moves on a DOM-free state: select a piece, then tap where it goes. Pure. */

/** What a tap did, e.g. { kind: "move", from: "e2", to: "e4" }. */
export type TapResult =
  | { kind: "select"; square: Square }
  | { kind: "move"; from: Square; to: Square }
  | { kind: "deselect" }
  | { kind: "none" };

export interface TapRules {
  /** Whether the piece on `square` may be picked up, e.g. only my pieces. */
  canSelect: (square: Square) => boolean;
  /** Where the piece on `from` may go, e.g. ["e3", "e4"] for e2 at the start. */
  destinations: (from: Square) => readonly Square[];
}

/** The result of tapping `square` while `selected` is selected (null: nothing is). */
export function tap(selected: Square | null, square: Square, rules: TapRules): TapResult {
  if (selected === square) return { kind: "deselect" };
  if (selected !== null && rules.destinations(selected).includes(square))
    return { kind: "move", from: selected, to: square };
  if (rules.canSelect(square)) return { kind: "select", square };
  return selected === null ? { kind: "none" } : { kind: "deselect" };
}
