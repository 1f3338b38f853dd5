/** The live board's width (SPEC §9: 700 scaled by window width over 1920). Pure. */

const SPEC_WIDTH = 700;
const SPEC_VIEWPORT = 1920;
/** Below this viewport width the page is one column and the board takes the whole width. */
export const ONE_COLUMN_BELOW = 900;
const MIN_WIDTH = 420;
const MAX_WIDTH = 760;
/** Page padding kept on each side of a full-width board on a phone. */
const SIDE_MARGIN = 12;

/** Board width in px for a viewport `viewportWidth` px wide. */
export function liveBoardWidth(viewportWidth: number): number {
  const fullWidth = Math.max(0, viewportWidth - 2 * SIDE_MARGIN);
  if (viewportWidth < ONE_COLUMN_BELOW) return Math.floor(Math.min(fullWidth, 640));
  const scaled = (SPEC_WIDTH * viewportWidth) / SPEC_VIEWPORT;
  return Math.floor(Math.min(fullWidth, Math.max(MIN_WIDTH, Math.min(MAX_WIDTH, scaled))));
}
