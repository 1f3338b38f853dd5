import type { Browser, Page } from "@playwright/test";
import { newPage, registeredUser } from "../support/players.ts";
import { expect, test } from "../support/test.ts";
import { storage } from "../support/variants.ts";

// The suite's servers start players' arenas 20 s after they are made (ARENA_COUNTDOWN_MS): these tests wait for it.
test.describe.configure({ mode: "serial", timeout: 240_000 });

type Player = { name: string; page: Page };

async function player(browser: Browser): Promise<Player> {
  const { name, sessionId } = await registeredUser("ar");
  const page = await newPage(browser, sessionId);
  await page.goto("/");
  await expect(page.getByTestId("identity")).toContainText(name);
  return { name, page };
}

/** Plays a move by typing it, the quickest way in (the first move has a time limit). */
async function play(page: Page, san: string) {
  const field = page.getByRole("textbox", { name: "Type a move" });
  await field.fill(san);
  await field.press("Enter");
}

const tournaments = (page: Page) => page.getByRole("region", { name: "Tournaments" });
const gameIdOf = (page: Page) => new URL(page.url()).searchParams.get("gameId");

test("three players join an arena from the lobby, play, score, and are paired again", storage, async ({ browser }) => {
  const a = await player(browser);
  const b = await player(browser);
  const c = await player(browser);
  const name = `E2E ${Date.now().toString(36)}`;

  // A creates a 1-minute-countdown blitz arena from the lobby and lands on its page.
  await tournaments(a.page).getByRole("button", { name: "Create arena" }).click();
  const dialog = a.page.getByRole("dialog", { name: "Create arena" });
  await dialog.getByLabel("Name (optional)").fill(name);
  await dialog.getByLabel("Clock").selectOption("3+2");
  await dialog.getByLabel("Duration (minutes)").fill("20");
  await dialog.getByLabel("Starts in (minutes)").fill("1");
  await dialog.getByRole("button", { name: "Create arena" }).click();
  await a.page.waitForURL(/\/tournament\//);
  await expect(a.page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(a.page.getByRole("timer")).toHaveText(/^[01]:\d\d$/);

  // B finds it in the lobby's list, starting soon; C opens its address.
  await b.page.reload();
  const row = tournaments(b.page).getByRole("link", { name: new RegExp(name) });
  await expect(row).toContainText(/starts in \d:\d\d/);
  await row.click();
  await b.page.waitForURL(/\/tournament\//);
  await c.page.goto(a.page.url());

  const players = [a, b, c];
  for (const p of players) {
    await p.page.getByRole("button", { name: "Join" }).click();
    await expect(p.page.getByRole("button", { name: "Withdraw" })).toBeVisible();
  }
  const standings = a.page.getByRole("region", { name: "Standings" });
  for (const p of [b, c]) await expect(standings.getByRole("link", { name: p.name })).toBeVisible();

  // At the start two of the three are paired, and their game opens by itself; the third waits on the arena's page.
  const atPlay = () => players.filter((p) => /\/play\?gameId=/.test(p.page.url()));
  await expect.poll(() => atPlay().length, { timeout: 120_000, intervals: [250] }).toBe(2);
  const paired = atPlay();
  const waiting = players.filter((p) => !paired.includes(p));
  const [first, second, waiter] = [...paired, ...waiting] as [Player, Player, Player];
  const firstGameId = gameIdOf(first.page);
  expect(gameIdOf(second.page)).toBe(firstGameId);
  expect(waiter.page.url()).toMatch(/\/tournament\//);
  for (const p of [first, second]) await expect(p.page.getByRole("link", { name })).toBeVisible();

  // White moves at once while Black berserks (a first move not made within seconds aborts the game, and the
  // arena pairs the players again); Black replies at once, then gives up.
  const dot = await first.page.getByTestId("player-bar-bottom").locator(".player-bar__dot").getAttribute("class");
  const [white, black] = dot?.includes("player-bar__dot--w") ? [first, second] : [second, first];
  await Promise.all([play(white.page, "e4"), black.page.getByRole("button", { name: "Berserk" }).click()]);
  await expect(black.page.getByRole("table", { name: "Moves" })).toContainText("e4");
  await play(black.page, "e5");
  await expect(white.page.getByRole("table", { name: "Moves" })).toContainText("e5");
  await expect(white.page.getByTestId("player-bar-top")).toContainText("berserk");
  await expect(black.page.getByRole("button", { name: "Berserk" })).toHaveCount(0);
  await black.page.getByRole("button", { name: "Give Up" }).click();
  await black.page.getByRole("button", { name: "Yes, give up" }).click();

  // Both stay on the finished game's page: it follows the arena, so the waiter's next opponent (one of them,
  // never the one just met) has the new game open by itself, as the waiter does.
  await waiter.page.waitForURL(/\/play\?gameId=/, { timeout: 30_000 });
  const nextGameId = gameIdOf(waiter.page);
  expect(nextGameId).not.toBe(firstGameId);
  await expect
    .poll(() => [white, black].filter((p) => gameIdOf(p.page) === nextGameId).length, {
      timeout: 30_000,
      intervals: [250],
    })
    .toBe(1);
  const left = gameIdOf(white.page) === nextGameId ? black : white;
  expect(gameIdOf(left.page)).toBe(firstGameId);

  // No rematch in an arena: back to the tournament, where the win scored 2 with its rule behind it.
  await expect(left.page.getByRole("button", { name: "Rematch" })).toHaveCount(0);
  await left.page.getByRole("button", { name: "Back to tournament" }).click();
  await left.page.waitForURL(/\/tournament\//);
  const whiteRow = left.page
    .getByRole("region", { name: "Standings" })
    .getByRole("row", { name: new RegExp(white.name) });
  await expect(whiteRow.getByRole("button", { name: "2: Win: 2 points" })).toBeVisible();
  await left.page.getByRole("button", { name: "Pause" }).click();
  await expect(left.page.getByRole("button", { name: "Rejoin" })).toBeVisible();
});

test("a guest types /tournaments, reads an arena and is asked to log in to join", async ({ browser }) => {
  const page = await newPage(browser);
  // The API's path typed in the address bar lands on the list page, not on JSON.
  await page.goto("/tournaments");
  await page.waitForURL(/\/tournament$/);
  await expect(page.getByRole("heading", { level: 1, name: "Tournaments" })).toBeVisible();
  const list = tournaments(page);
  const first = list.getByRole("link").first();
  await expect(first).toBeVisible();
  await first.click();
  await page.waitForURL(/\/tournament\//);
  await expect(page.getByRole("region", { name: "Standings" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Log in to join$/ }).or(page.getByText("Finished"))).toBeVisible();
  await expect(page.getByText("Log in to read the tournament chat.")).toBeVisible();
});
