/** The keys that step through a game's moves, on every page that shows a move table. Pure. */

/** What a key does to the move shown: back or forward one move, or to the first or last position. */
export type MoveStep = "back" | "forward" | "first" | "last";

const STEPS: Readonly<Record<string, MoveStep>> = {
  ArrowLeft: "back",
  ArrowRight: "forward",
  Home: "first",
  End: "last",
};
/** Up and down go to the ends too where the page has no other use for them (the analysis board). */
const UP_DOWN: Readonly<Record<string, MoveStep>> = { ArrowUp: "first", ArrowDown: "last" };

/** The step `key` takes, e.g. "back" for ArrowLeft; `upDown` adds ArrowUp (first) and ArrowDown (last). */
export function moveStepOf(key: string, upDown = false): MoveStep | undefined {
  return STEPS[key] ?? (upDown ? UP_DOWN[key] : undefined);
}

/** Whether a key pressed on `target` is being typed or changes a control's value, not meant for the page. */
export function isTypingTarget(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    target.closest("input:not([type='checkbox']), textarea, select, [contenteditable='true']") !== null
  );
}
