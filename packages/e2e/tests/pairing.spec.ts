import type { Browser, Page } from "@playwright/test";
import { baseURL, newPage, registeredUser } from "../support/players.ts";
import { expect, test } from "../support/test.ts";

// The pools are shared by everyone on the server: these tests take turns.
test.describe.configure({ mode: "serial", timeout: 240_000 });

/** A guest on the lobby, at `size` when given. */
async function guest(browser: Browser, size?: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL(), ...(size ? { viewport: size } : {}) });
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  await page.goto("/");
  await expect(page.getByTestId("identity")).toContainText(/Guest-\d{4}/);
  return page;
}

const pairing = (page: Page) => page.getByRole("region", { name: "Quick pairing" });
const tile = (page: Page, name: string) => pairing(page).getByRole("button", { name, exact: true });
const gameIdOf = (page: Page) => new URL(page.url()).searchParams.get("gameId");

test("two players clicking the same 3+2 tile land in the same game", async ({ browser }) => {
  const a = await guest(browser);
  const b = await guest(browser);
  // A third visitor watches the lobby's counts.
  const c = await guest(browser);
  await expect(pairing(b).getByTestId("lobby-counts")).toContainText(/\b([3-9]|\d{2,}) players online/);

  await tile(a, "3+2 Blitz").click();
  await expect(tile(a, "3+2 Blitz")).toHaveAttribute("aria-pressed", "true");
  await expect(tile(a, "3+2 Blitz")).toContainText("Searching");
  await expect(pairing(a).getByRole("status")).toContainText("Searching for a 3+2 opponent");
  // The other player sees someone waiting in that pool.
  await expect(tile(b, "3+2 Blitz")).toContainText("1 waiting");

  await tile(b, "3+2 Blitz").click();
  await a.waitForURL(/\/play\?gameId=/);
  await b.waitForURL(/\/play\?gameId=/);
  expect(gameIdOf(a)).toBe(gameIdOf(b));

  // The third visitor's lobby counts the game and its two players (before the first-move limit aborts it).
  await expect(pairing(c).getByTestId("lobby-counts")).toContainText(/\b([1-9]|\d{2,}) games? in play/);
  await expect(tile(c, "3+2 Blitz")).toContainText(/0 waiting, ([2-9]|\d{2,}) playing/);
  for (const p of [a, b]) await expect(p.getByRole("region", { name: "Game", exact: true })).toContainText("Blitz 3+2");
  for (const p of [a, b, c]) await p.context().close();
});

test("a tile counts an open lobby offer of its time control, and clicking it plays that offer at once", async ({
  browser,
}) => {
  const owner = await guest(browser);
  const comer = await guest(browser);
  await owner.getByRole("button", { name: "Create Game" }).click();
  const dialog = owner.getByRole("dialog", { name: "Create Game" });
  await dialog.getByRole("button", { name: "10+5", exact: true }).click();
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await expect(dialog).toBeHidden();

  await expect(tile(comer, "10+5 Rapid")).toContainText("1 waiting");
  await tile(comer, "10+5 Rapid").click();
  await owner.waitForURL(/\/play\?gameId=/);
  await comer.waitForURL(/\/play\?gameId=/);
  expect(gameIdOf(owner)).toBe(gameIdOf(comer));
  for (const p of [owner, comer])
    await expect(p.getByRole("region", { name: "Game", exact: true })).toContainText("Rapid 10+5");
  for (const p of [owner, comer]) await p.context().close();
});

test("cancelling or leaving the lobby takes a player out of the pool", async ({ browser }) => {
  const a = await guest(browser);
  const watcher = await guest(browser);

  await tile(a, "1+0 Bullet").click();
  await expect(tile(watcher, "1+0 Bullet")).toContainText("1 waiting");
  await pairing(a).getByRole("button", { name: "Cancel search" }).click();
  await expect(tile(a, "1+0 Bullet")).toHaveAttribute("aria-pressed", "false");
  await expect(tile(watcher, "1+0 Bullet")).toContainText("0 waiting");

  await tile(a, "1+0 Bullet").click();
  await expect(tile(watcher, "1+0 Bullet")).toContainText("1 waiting");
  await a.getByRole("navigation").getByRole("link", { name: "Leaderboards" }).click();
  await expect(tile(watcher, "1+0 Bullet")).toContainText("0 waiting");
  for (const p of [a, watcher]) await p.context().close();
});

test("a guest and an account meet in the 10+0 pool by default, in a casual game", async ({ browser }) => {
  const account = await newPage(browser, (await registeredUser("pool")).sessionId);
  await account.goto("/");
  await expect(pairing(account).getByLabel("Also play guests (unrated)")).toBeChecked();
  await tile(account, "10+0 Rapid").click();
  const visitor = await guest(browser);
  await expect(pairing(visitor).getByLabel("Also play registered players")).toBeChecked();
  await tile(visitor, "10+0 Rapid").click();
  await visitor.waitForURL(/\/play\?gameId=/);
  await account.waitForURL(/\/play\?gameId=/);
  expect(gameIdOf(visitor)).toBe(gameIdOf(account));
  for (const p of [account, visitor]) {
    await expect(p.getByRole("region", { name: "Game", exact: true })).toContainText("Rapid 10+0");
  }
  await expect(account.getByRole("region", { name: "Game", exact: true })).toContainText(/casual|unrated/i);
  await account.getByRole("button", { name: "Abort" }).click();
  for (const p of [account, visitor]) await p.context().close();
});

test("a guest and an account who opted out wait apart, are told why, and meet once both allow it", async ({
  browser,
}) => {
  const account = await newPage(browser, (await registeredUser("pool")).sessionId);
  await account.goto("/");
  await tile(account, "5+5 Blitz").click();
  const visitor = await guest(browser);
  await pairing(visitor).getByLabel("Also play registered players").uncheck();
  await tile(visitor, "5+5 Blitz").click();
  await expect(tile(visitor, "5+5 Blitz")).toContainText("2 waiting");

  // The guest unticked its box: both wait, and each page says why after a few seconds.
  await expect(pairing(visitor)).toContainText(
    "1 other player waits in 5+5 but is not a match for you yet: tick “Also play registered players” to meet registered players too",
  );
  await expect(pairing(account)).toContainText("a guest and a registered player are paired only when both allow it");
  // Both have waited 20 s: the computer is offered to play meanwhile.
  await expect(pairing(account).getByRole("button", { name: "Play the computer while you wait" })).toBeVisible({
    timeout: 30_000,
  });
  await pairing(visitor).getByLabel("Also play registered players").check();
  await visitor.waitForURL(/\/play\?gameId=/);
  await account.waitForURL(/\/play\?gameId=/);
  expect(gameIdOf(visitor)).toBe(gameIdOf(account));
  for (const p of [account, visitor]) await p.context().close();
});

test("a guest alone in a pool is offered the computer at its time control, and the dialog keeps the level for next time", async ({
  browser,
}) => {
  const page = await guest(browser);
  await tile(page, "2+1 Bullet").click();
  const alone = pairing(page).getByText("Nobody else is looking for a 2+1 game right now. The search goes on.");
  await expect(alone).toBeVisible();
  await pairing(page).getByRole("button", { name: "Play the computer while you wait" }).click();
  const dialog = page.getByRole("dialog", { name: "Play with the computer" });
  await expect(dialog.getByRole("button", { name: "2+1", exact: true })).toHaveAttribute("aria-pressed", "true");
  await dialog.getByRole("button", { name: "Level 3" }).click();
  await dialog.getByRole("button", { name: "Play", exact: true }).click();

  await page.waitForURL(/\/play\?gameId=/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("vs Stockfish level 3");
  await expect(page.getByRole("region", { name: "Game", exact: true })).toContainText("Bullet 2+1");
  await page.getByRole("button", { name: "Abort" }).click();
  await expect(page.getByRole("heading", { name: "Gameover! The game was aborted" })).toBeVisible();

  // Back in the lobby the search is over (the game took the player out of the pool), and the computer's
  // dialog opens on what was played last.
  await page.goto("/");
  await expect(tile(page, "2+1 Bullet")).toHaveAttribute("aria-pressed", "false");
  await expect(tile(page, "2+1 Bullet")).toContainText("0 waiting");
  await page.getByRole("button", { name: "Play with the computer" }).click();
  await expect(dialog.getByRole("button", { name: "Level 3" })).toHaveAttribute("aria-pressed", "true");
  await expect(dialog.getByRole("button", { name: "2+1", exact: true })).toHaveAttribute("aria-pressed", "true");
  await page.context().close();
});

test("the lobby with its pairing tiles fits a phone without sideways scrolling", async ({ browser }) => {
  // Each page waits in a pool of its own, so that the two are never paired with each other.
  for (const [size, pool] of [
    [{ width: 375, height: 667 }, "5+0 Blitz"],
    [{ width: 1280, height: 800 }, "10+0 Rapid"],
  ] as const) {
    const page = await guest(browser, size);
    await tile(page, pool).click();
    await expect(tile(page, pool)).toHaveAttribute("aria-pressed", "true");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await pairing(page).boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= size.width).toBe(true);
    // The guest's name is whole in the top bar, on a phone too ("Guest-4…" before).
    const name = page.getByTestId("identity").locator(".identity__name");
    await expect(name).toHaveText(/^Guest-\d{4}$/);
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth), `name at ${size.width} px`).toBe(true);
    await page.screenshot({ path: test.info().outputPath(`lobby-${size.width}.png`), fullPage: true });
    await pairing(page).screenshot({ path: test.info().outputPath(`pairing-${size.width}.png`) });
    await page.context().close();
  }
});
