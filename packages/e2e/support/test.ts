import { type BrowserContext, test as base } from "@playwright/test";

export { expect } from "@playwright/test";

/**
 * Playwright's `test`, closing at its end every browser context the test opened with `browser.newContext()`,
 * whether it passed or failed. Playwright closes only its own `context` fixture: a worker's browser otherwise
 * keeps every earlier test's pages live (sockets, clocks, game pages' timers) and traces all of them in each
 * later test: a CI run timed out waiting four minutes for a login dialog with ten such pages open.
 */
export const test = base.extend<{ closeOpenedContexts: undefined }>({
  closeOpenedContexts: [
    async ({ browser }, use) => {
      const before = new Set<BrowserContext>(browser.contexts());
      await use(undefined);
      const opened = browser.contexts().filter((context) => !before.has(context));
      await Promise.all(opened.map((context) => context.close().catch(() => {})));
    },
    { auto: true },
  ],
});
