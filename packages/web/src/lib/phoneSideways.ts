import { type RefObject, useEffect } from "react";

/** A phone held sideways, as the CSS says it (Layout.css, GamePanels.css, Conversation.css). */
export const PHONE_SIDEWAYS = "(max-width: 899px) and (max-height: 500px) and (orientation: landscape)";

function isPhoneSideways(): boolean {
  return window.matchMedia?.(PHONE_SIDEWAYS).matches ?? false;
}

/**
 * On a phone held sideways, opens the page scrolled to `target`: the screen has room for what the page is for
 * (a board and its clocks, a conversation and its input), not for the site's header above it too.
 */
export function useSidewaysStart(target: RefObject<HTMLElement | null>): void {
  // After the commit's layout effects, among them ScrollRestoration's scroll to the top of a new page.
  useEffect(() => {
    if (isPhoneSideways()) target.current?.scrollIntoView({ block: "start" });
  }, [target]);
}
