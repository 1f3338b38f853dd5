import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { drag } from "../support/board.ts";
import { newPage } from "../support/players.ts";
import { createSiteFixture, endSiteFixture, SITE_ROUTES, type SiteFixture } from "../support/siteRoutes.ts";
import { expect, test } from "../support/test.ts";

// One fixture for every page, made again only if a failure restarts the worker.
let fixture: SiteFixture;
let page: Page;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  fixture = await createSiteFixture();
  page = await newPage(browser, fixture.me.sessionId);
});

test.afterAll(async () => {
  await page?.context().close();
  if (fixture) await endSiteFixture(fixture);
});

/**
 * The serious and critical axe violations (WCAG 2.1 A and AA) of the page as it is now: one line per rule,
 * with how many elements break it and the first few of them.
 */
async function violations(p: Page, builder = (axe: AxeBuilder) => axe): Promise<string[]> {
  const axe = new AxeBuilder({ page: p }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  const results = await builder(axe).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => {
      const where = v.nodes.slice(0, 3).map((n) => n.target.join(" "));
      const why = v.nodes[0]?.failureSummary?.split("\n").slice(1).join(" ").trim();
      return `${v.id} (${v.impact}) on ${v.nodes.length} element(s), e.g. ${where.join(" | ")}: ${why}`;
    });
}

// Each page is loaded once, in the light theme, and checked in both: the dark theme follows the colour scheme
// the browser reports, without a reload. Only colours change with the theme, so the dark pass runs axe's colour
// rules alone; the rest (names, roles, structure) were checked in the light one.
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];
for (const route of SITE_ROUTES) {
  test(`${route.name} in the light and the dark theme has no serious accessibility violations`, async () => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto(route.path(fixture));
    for (const theme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: theme });
      for (const control of route.controls(page, fixture)) await expect(control, `${theme} theme`).toBeVisible();
      // Let transitions and late content settle so colours are measured as shown.
      await page.waitForTimeout(300);
      const rules = theme === "dark" ? (axe: AxeBuilder) => axe.withRules(COLOUR_RULES) : undefined;
      expect(await violations(page, rules), `in the ${theme} theme`).toEqual([]);
    }
  });
}

test("the game-over dialog and the leave-game dialog have no serious accessibility violations", async ({ browser }) => {
  const live = await newPage(browser, fixture.me.sessionId);
  await live.goto(`/play?gameId=${fixture.liveGameId}`);
  await expect(live.getByRole("button", { name: "Give Up" })).toBeVisible();
  await live.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Leaderboards" }).click();
  await expect(live.getByRole("dialog", { name: "Leave the game?" })).toBeVisible();
  expect(await violations(live)).toEqual([]);
  await live.getByRole("button", { name: "Stay" }).click();

  const done = await newPage(browser, fixture.me.sessionId);
  await done.goto(`/play?gameId=${fixture.finishedGameId}`);
  await expect(done.getByRole("dialog", { name: /Gameover! Winner is/ })).toBeVisible();
  expect(await violations(done)).toEqual([]);
  for (const p of [live, done]) await p.context().close();
});

test("a puzzle after a wrong try and with its solution shown has no serious accessibility violations", async ({
  browser,
}) => {
  const solver = await newPage(browser);
  await solver.goto(`/puzzle/${fixture.puzzleId}`);
  await expect(solver.getByText("Find the best move for White")).toBeVisible();
  await drag(solver, "c4", "f7", "puzzle-board");
  await expect(solver.getByText("That's not it")).toBeVisible();
  expect(await violations(solver), "after a wrong try").toEqual([]);
  await solver.getByRole("button", { name: "View the solution" }).click();
  await expect(solver.getByTestId("puzzle-solution")).toHaveText("Qxf7#");
  expect(await violations(solver), "with the solution shown").toEqual([]);
  await solver.context().close();
});

test("the close-account dialog, with a refusal shown, has no serious accessibility violations", async ({ browser }) => {
  const settings = await newPage(browser, fixture.me.sessionId);
  for (const theme of ["light", "dark"] as const) {
    await settings.emulateMedia({ colorScheme: theme });
    await settings.goto("/settings");
    await settings.getByRole("button", { name: "Close account" }).click();
    const dialog = settings.getByRole("dialog", { name: "Close your account?" });
    await dialog.getByLabel("Current password").fill("not-the-password");
    await dialog.getByRole("button", { name: "Close my account" }).click();
    await expect(dialog.getByRole("alert")).toBeVisible();
    expect(await violations(settings), theme).toEqual([]);
    await settings.keyboard.press("Escape");
  }
  await settings.context().close();
});

test("a guest's pages and dialogs have no serious accessibility violations", async ({ browser }) => {
  const guest = await newPage(browser);
  await guest.goto("/");
  await guest.getByRole("button", { name: "Create Game" }).click();
  await expect(guest.getByRole("dialog", { name: "Create Game" })).toBeVisible();
  expect(await violations(guest)).toEqual([]);
  await guest.keyboard.press("Escape");

  await guest.goto("/my-profile");
  for (const name of ["Login", "Create User"]) {
    await guest.getByRole("button", { name, exact: true }).click();
    await expect(guest.getByRole("dialog", { name })).toBeVisible();
    expect(await violations(guest)).toEqual([]);
    await guest.keyboard.press("Escape");
  }

  await guest.goto("/social");
  await expect(guest.getByText("Access Denied")).toBeVisible();
  expect(await violations(guest)).toEqual([]);
  await guest.context().close();
});

test("a dropped connection is announced, and so is its return", async ({ browser }) => {
  // Noticing a silent drop takes Socket.IO's ping timeout (up to 10 s), then a reconnection backoff.
  test.setTimeout(180_000);
  const guest = await newPage(browser);
  await guest.goto("/");
  await expect(guest.getByTestId("identity")).toContainText(/Guest-\d{4}/);
  const banner = guest.getByRole("status").filter({ has: guest.locator(".connection-banner") });
  await guest.context().setOffline(true);
  await expect(banner).toHaveText("You are offline. The site reconnects when your network is back.", {
    timeout: 30_000,
  });
  expect(await violations(guest)).toEqual([]);
  await guest.screenshot({ path: "test-results/screens/connection-banner.png" });
  await guest.context().setOffline(false);
  await expect(banner).toHaveText("Connected again.", { timeout: 30_000 });
  await expect(guest.locator(".connection-banner")).toHaveCount(0, { timeout: 10_000 });
  await guest.context().close();
});

test("the board's pieces have accessible names", async () => {
  await page.goto("/");
  const board = page.getByRole("region", { name: "Free board" });
  await expect(board.getByRole("button", { name: "white knight on g1" })).toBeVisible();
  expect(await violations(page, (axe) => axe.include(".board"))).toEqual([]);
});
