import { type RefObject, useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** How long a new page's heading is followed while it loads (a placeholder's heading is replaced). */
const FOLLOW_MS = 5_000;

/**
 * After a route change that left the keyboard focus on <body> (what had it went with the old page, e.g. the
 * dialog that started a game), moves it to the new page's heading, else to `main`, so a keyboard or
 * screen-reader user starts on the page they were sent to. A focus still in place (a nav link) is left.
 * A page that shows a placeholder first (analysis, TV) replaces that heading once loaded and the focus goes
 * with it: it is given to the new heading, until the player clicks or presses a key.
 */
export function useRouteFocus(main: RefObject<HTMLElement | null>): void {
  const { pathname, search } = useLocation();
  const where = pathname + search;
  const shown = useRef(where);
  useEffect(() => {
    if (shown.current === where) return;
    shown.current = where;
    const root = main.current;
    if (!root || !focusLost()) return;
    const focusHeading = () => {
      const target = root.querySelector<HTMLElement>("h1") ?? root;
      if (!target.hasAttribute("tabindex")) target.tabIndex = -1;
      // The scroll is ScrollRestoration's: the top for a new page, where it was left for Back.
      target.focus({ preventScroll: true });
    };
    focusHeading();
    const observer = new MutationObserver(() => {
      if (focusLost()) focusHeading();
    });
    observer.observe(root, { childList: true, subtree: true });
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      document.removeEventListener("pointerdown", stop, true);
      document.removeEventListener("keydown", stop, true);
    };
    const timer = setTimeout(stop, FOLLOW_MS);
    document.addEventListener("pointerdown", stop, true);
    document.addEventListener("keydown", stop, true);
    return stop;
  }, [where, main]);
}

const focusLost = () => document.activeElement === null || document.activeElement === document.body;
