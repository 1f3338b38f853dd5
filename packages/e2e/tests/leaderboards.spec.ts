import AxeBuilder from "@axe-core/playwright";
import { newPage, playGame, registeredUser } from "../support/players.ts";
import { expect, test } from "../support/test.ts";

const FOOLS_MATE = ["f2f3", "e7e5", "g2g4", "d8h4"];

test("the leaderboards open on the top players of every board, and each opens in full", async ({ browser }) => {
  // Rated games in Bullet (1 minute) and Blitz (5 minutes) only: the page must not open on an empty Rapid.
  // Long names (up to 18 characters; 20 is the most a name may have): the overview shows them whole.
  const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => registeredUser("lbwide")));
  await playGame(a!.sessionId, b!.sessionId, FOOLS_MATE, 1);
  await playGame(c!.sessionId, d!.sessionId, FOOLS_MATE, 5);

  const page = await newPage(browser);
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Leaderboards" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Leaderboards" })).toBeVisible();
  const bullet = page.getByRole("article", { name: "Standard Bullet" });
  const blitz = page.getByRole("article", { name: "Standard Blitz" });
  await expect(bullet.getByTestId("leaderboard-row").first()).toBeVisible();
  await expect(blitz.getByTestId("leaderboard-row").first()).toBeVisible();
  await expect(bullet).toContainText(/\d+ players?/);
  // SPEC's filters are there on the overview too.
  await expect(page.getByRole("button", { name: "Get Leaderboards" })).toBeVisible();
  // With players in it, in both themes and at a phone's width, it reads for everyone and fits.
  for (const [theme, width, height] of [
    ["light", 1440, 900],
    ["dark", 390, 844],
  ] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width, height });
    if (process.env.LEADERBOARD_SHOTS)
      await page.screenshot({ path: `${process.env.LEADERBOARD_SHOTS}/lb-${theme}-${width}.png`, fullPage: true });
    const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual(
      [],
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const names = bullet.locator(".lb-row__name");
    for (const name of await names.all()) {
      expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth), `${width} px`).toBe(true);
    }
  }

  await blitz.getByRole("link", { name: "Full Standard Blitz leaderboard" }).click();
  await expect(page).toHaveURL(/\/leaderboards\?gameVariant=standard&timeVariant=blitz$/);
  await expect(page.getByText("Standard · Blitz · Global")).toBeVisible();
  await expect(page.getByLabel("Time Variant")).toHaveValue("blitz");
  const ranked = page.getByRole("list", { name: "Rankings, page 1" });
  // The winner stands on page 1 (the loser may not: the worker's server holds other specs' players too).
  await expect(ranked.getByRole("link", { name: new RegExp(d!.name) })).toBeVisible();
  // A row opens the player's profile; Back returns to the board, and Back again to the overview.
  await ranked.getByRole("link", { name: new RegExp(d!.name) }).click();
  await expect(page).toHaveURL(new RegExp(`/profile\\?username=${d!.name}$`));
  await page.goBack();
  await expect(page.getByText("Standard · Blitz · Global")).toBeVisible();
  await page.goBack();
  await expect(page.getByRole("article", { name: "Standard Bullet" })).toBeVisible();
});
