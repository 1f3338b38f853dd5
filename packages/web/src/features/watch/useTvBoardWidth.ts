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
  useLayoutEffect(() => {
    const measure = () => {
      const box = center.current;
      const board = box?.querySelector(".board");
      const lower = box?.querySelector(".player-bar--bottom");
      if (!board || !lower) return;
      setChrome(
        Math.round(lower.getBoundingClientRect().bottom + window.scrollY - board.getBoundingClientRect().height),
      );
    };
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, [center]);
  if (oneColumn || chrome === null) return liveWidth;
  return Math.floor(Math.max(MIN_TV_BOARD, Math.min(liveWidth, window.innerHeight - chrome - BOTTOM_MARGIN)));
}
