import { type RefObject, useEffect } from "react";

/** A phone held sideways, as the CSS says it (Layout.css, GamePanels.css, Conversation.css). */
export const PHONE_SIDEWAYS = "(max-width: 899px) and (max-height: 500px) and (orientation: landscape)";

/** How long the page keeps `target` at the top while what stands above it settles (fonts, late data). */
const SETTLE_MS = 3_000;

function isPhoneSideways(): boolean {
  return window.matchMedia?.(PHONE_SIDEWAYS).matches ?? false;
}

/**
 * On a phone held sideways, opens the page scrolled to `target`: the screen has room for what the page is for
 * (a board and its clocks, a conversation and its input), not for the site's header above it too. What stands
 * above may still grow after the first scroll (a loaded machine showed a board 9 px lower, its last rank cut
 * off), so the target is placed again whenever the page's size changes, until the player scrolls or touches
 * anything, or for SETTLE_MS.
 */
export function useSidewaysStart(target: RefObject<HTMLElement | null>): void {
  // After the commit's layout effects, among them ScrollRestoration's scroll to the top of a new page.
  useEffect(() => {
    const el = target.current;
    if (!el || !isPhoneSideways()) return;
    const place = () => el.scrollIntoView({ block: "start" });
    place();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(place);
    observer.observe(document.body);
    const inputs = ["wheel", "touchstart", "keydown", "pointerdown"] as const;
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      for (const input of inputs) window.removeEventListener(input, stop);
    };
    for (const input of inputs) window.addEventListener(input, stop, { passive: true });
    const timer = setTimeout(stop, SETTLE_MS);
    return stop;
  }, [target]);
}
