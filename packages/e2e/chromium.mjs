import { existsSync } from "node:fs";

/**
 * The browser the suite drives: CHROMIUM_PATH if set, else Debian's headless shell
 * (`chromium-headless-shell`, the build Playwright itself uses for headless runs), else Debian's full Chromium.
 * The shell has no browser UI to run: the play and shell specs took 23 % less CPU (47 CPU-s, 61 with the full
 * browser) and 17 % less time on a 2-core machine. Never a downloaded browser.
 */
export function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const shell = "/usr/lib/chromium/chromium-headless-shell";
  return existsSync(shell) ? shell : "/usr/bin/chromium";
}
