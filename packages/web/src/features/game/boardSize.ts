/** The live board's size: what fits the window, the default, and the player's own choice. Pure. */

/** Below this viewport width the page is one column and the board takes the whole width (if the height allows). */
export const ONE_COLUMN_BELOW = 900;
/** From this viewport width the game info, the board and the moves stand side by side. */
const THREE_COLUMNS_FROM = 1200;
/** The page's widest content (100rem) and its side padding (1rem each side). */
const PAGE_MAX = 1600;
const PAGE_PADDING = 32;
/** The narrowest the side columns get (14rem + 15rem, or 15rem alone) and the gaps (1.5rem) around the board. */
const PANELS_3 = 29 * 16 + 2 * 24;
const PANELS_2 = 15 * 16 + 24;
/** What stands above and below the board: the header, the two player bars and the tools. */
const CHROME_HEIGHT = 236;
/** Page padding kept on each side of a full-width board on a phone. */
const SIDE_MARGIN = 12;
export const MIN_BOARD_WIDTH = 280;
/** On a phone: the two player bars (3rem each), the gaps beside the board, and a little room to spare. */
const PHONE_BARS_HEIGHT = 2 * 48 + 2 * 8 + 8;
/** The smallest board a short screen gets to keep both clocks on the screen with it. */
const MIN_PHONE_BOARD = 200;
/**
 * A phone held sideways: the player bars stand in a column right of the board (LiveGameView.css), at least
 * 12rem wide, beside the page's padding and the gap to the board (3rem in all); the board keeps a little of
 * the height free above and below it.
 */
const SIDEWAYS_BARS = 12 * 16 + 3 * 16;
const SIDEWAYS_MARGIN = 8;
const MAX_BOARD_WIDTH = 1100;

export interface Viewport {
  width: number;
  height: number;
}

/** Phones and small tablets, as `max-width: 899px` says it in CSS (LiveGameView.css): the page is one column. */
export function isOneColumn({ width }: Viewport): boolean {
  return width < ONE_COLUMN_BELOW;
}

/** A phone held sideways, as PHONE_SIDEWAYS (lib/phoneSideways.ts) says it in CSS. */
export function isSideways({ width, height }: Viewport): boolean {
  return width < ONE_COLUMN_BELOW && height <= 500 && width > height;
}

/** The widest board that fits beside the side panels (on a phone: the screen's width). */
export function maxBoardWidth({ width }: Viewport): number {
  if (width < ONE_COLUMN_BELOW) return Math.floor(Math.min(Math.max(0, width - 2 * SIDE_MARGIN), 640));
  const room = Math.min(width, PAGE_MAX) - PAGE_PADDING - (width >= THREE_COLUMNS_FROM ? PANELS_3 : PANELS_2);
  return Math.floor(Math.max(MIN_BOARD_WIDTH, Math.min(MAX_BOARD_WIDTH, room)));
}

/** The board before the player resizes it: as large as fits both the width and the height, players bars included. */
export function defaultBoardWidth(viewport: Viewport): number {
  const max = maxBoardWidth(viewport);
  // Sideways, the bars beside the board: it takes the screen's height.
  if (isSideways(viewport))
    return Math.floor(
      Math.max(MIN_PHONE_BOARD, Math.min(viewport.height - 2 * SIDEWAYS_MARGIN, viewport.width - SIDEWAYS_BARS)),
    );
  // A short screen otherwise: the screen's width would make a board taller than the screen, its clocks off it.
  if (viewport.width < ONE_COLUMN_BELOW)
    return Math.floor(Math.min(max, Math.max(MIN_PHONE_BOARD, viewport.height - PHONE_BARS_HEIGHT)));
  return Math.floor(Math.max(MIN_BOARD_WIDTH, Math.min(max, viewport.height - CHROME_HEIGHT)));
}

/** Board width in px: the player's `chosen` width (from the resize handle) where it fits, else the default. */
export function liveBoardWidth(viewport: Viewport, chosen?: number | null): number {
  const max = maxBoardWidth(viewport);
  if (viewport.width < ONE_COLUMN_BELOW || !chosen || !Number.isFinite(chosen)) return defaultBoardWidth(viewport);
  return Math.floor(Math.max(MIN_BOARD_WIDTH, Math.min(max, chosen)));
}

/** Whether the board can be resized at this width (not on a phone, where it fills the screen). */
export function boardResizable(viewport: Viewport): boolean {
  return !isOneColumn(viewport);
}
