import { type RefObject, useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * After a route change that left the keyboard focus on <body> (what had it went with the old page, e.g. the
 * dialog that started a game), moves it to the new page's heading, else to `main`, so a keyboard or
 * screen-reader user starts on the page they were sent to. A focus still in place (a nav link) is left.
 */
export function useRouteFocus(main: RefObject<HTMLElement | null>): void {
  const { pathname, search } = useLocation();
  const where = pathname + search;
  const shown = useRef(where);
  useEffect(() => {
    if (shown.current === where) return;
    shown.current = where;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const target = main.current?.querySelector<HTMLElement>("h1") ?? main.current;
    if (!target) return;
    if (!target.hasAttribute("tabindex")) target.tabIndex = -1;
    // The scroll is ScrollRestoration's: the top for a new page, where it was left for Back.
    target.focus({ preventScroll: true });
  }, [where, main]);
}
