import { type RefObject, useLayoutEffect, useState } from "react";

/** The smallest board TV shrinks to so both clocks stay on the screen. */
const MIN_TV_BOARD = 280;
/** Room kept under the lower clock. */
const BOTTOM_MARGIN = 12;

/**
 * TV's board: the live board's width, made smaller where the screen is too short for it with the page's title,
 * the game's heading and both players' bars around it (at 1440x900 the lower clock fell below the fold). What
 * stands above the board and below it is measured, not guessed: `center` holds the bars and the board.
 */
export function useTvBoardWidth(center: RefObject<HTMLElement | null>, liveWidth: number, oneColumn: boolean): number {
  const [chrome, setChrome] = useState<number | null>(null);
  // After every render: a heading that wraps (long names) or a result line changes what stands around the
  // board. The measure settles at once: the same value does not render again.
  useLayoutEffect(() => {
    const box = center.current;
    const board = box?.querySelector(".board");
    const lower = box?.querySelector(".player-bar--bottom");
    if (!board || !lower) return;
    setChrome(Math.round(lower.getBoundingClientRect().bottom + window.scrollY - board.getBoundingClientRect().height));
  });
  const [, setViewHeight] = useState(0);
  useLayoutEffect(() => {
    const onResize = () => setViewHeight(window.innerHeight);
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, []);
  if (oneColumn || chrome === null) return liveWidth;
  return Math.floor(Math.max(MIN_TV_BOARD, Math.min(liveWidth, window.innerHeight - chrome - BOTTOM_MARGIN)));
}
