import { useEffect } from "react";

export const SITE_NAME = "Chess";

/** "Play" → "Play · Chess". */
export function pageTitle(title: string): string {
  return title ? `${title} · ${SITE_NAME}` : SITE_NAME;
}

/** Sets document.title while the calling page is shown. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
