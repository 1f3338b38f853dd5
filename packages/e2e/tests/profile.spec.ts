import type { Page } from "@playwright/test";
import { newPage, playGame, registeredUser } from "../support/players.ts";
import { expect, test } from "../support/test.ts";

// One rated rapid game, played once over the real socket, feeds every test here.
test.describe.configure({ mode: "serial" });

// 1. f3 e5 2. g4 Qh4#: Black (the winner) mates in two.
const FOOLS_MATE = ["f2f3", "e7e5", "g2g4", "d8h4"];

let game: { gameId: string; winner: string; loser: string };

test.beforeAll(async () => {
  const [loser, winner] = [await registeredUser(), await registeredUser()];
  const gameId = await playGame(loser.sessionId, winner.sessionId, FOOLS_MATE, 10);
  game = { gameId, winner: winner.name, loser: loser.name };
});

const historyTable = (page: Page) => page.getByRole("table", { name: "Game history" });

test("a player's profile shows the game won, and the rapid statistics", async ({ browser }) => {
  const page = await newPage(browser);
  await page.goto(`/profile?username=${game.winner}`);
  await expect(page).toHaveTitle(`${game.winner} · Chess`);
  await expect(page.getByRole("heading", { level: 1, name: game.winner })).toBeVisible();
  await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(0);

  const row = historyTable(page).getByRole("row").filter({ hasText: game.loser });
  await expect(row).toHaveCount(1);
  await expect(row.getByText("Win", { exact: true })).toBeAttached();
  await expect(row.locator("[data-result='win']")).toBeVisible();
  await expect(row.getByRole("cell", { name: "Rapid 10+0", exact: true })).toBeVisible();
  // 4 plies: 2 moves.
  await expect(row.getByRole("cell", { name: "2", exact: true })).toBeVisible();
  await expect(row.getByRole("link", { name: /Download PGN/ })).toHaveAttribute("href", `/history/${game.gameId}/pgn`);

  const rapid = page.getByTestId("stat-card-rapid");
  await expect(rapid.getByRole("button", { name: /Rapid/ })).toHaveAttribute("aria-expanded", "true");
  await expect(rapid.getByTestId("games-played")).toHaveText("1");
  await expect(rapid.getByTestId("winrate")).toHaveText("100%");
  // One game is a line from where the winner started, not a lone dot.
  await expect(rapid.getByRole("img", { name: /^Rapid rating: 1200 → 12[1-9]\d over 1 rated game$/ })).toBeVisible();
  await expect(rapid.locator("circle")).toHaveCount(3);
  await page.context().close();
});

test("the leaderboard ranks the winner above the loser and leads to the profile and the game", async ({ browser }) => {
  const page = await newPage(browser);
  await page.goto("/leaderboards");
  await expect(page).toHaveTitle("Leaderboards · Chess");
  // A filter chosen shows its board at once; Get Leaderboards asks again.
  await page.getByLabel("Time Variant").selectOption("classical");
  await expect(page.getByText("Standard · Classical · Global")).toBeVisible();
  await page.getByLabel("Time Variant").selectOption("rapid");
  await expect(page.getByText("Standard · Rapid · Global")).toBeVisible();
  await page.getByRole("button", { name: "Get Leaderboards" }).click();

  const rows = page.getByTestId("leaderboard-row");
  await expect(rows.filter({ hasText: game.winner })).toHaveCount(1);
  await expect(rows.filter({ hasText: game.loser })).toHaveCount(1);
  const names = await rows.locator(".lb-row__name").allTextContents();
  expect(names.indexOf(game.winner)).toBeGreaterThanOrEqual(0);
  expect(names.indexOf(game.winner)).toBeLessThan(names.indexOf(game.loser));

  await rows.filter({ hasText: game.winner }).click();
  await expect(page).toHaveURL(`/profile?username=${game.winner}`);
  await expect(page.getByRole("heading", { level: 1, name: game.winner })).toBeVisible();

  // A click anywhere on the history row opens the game's analysis.
  await historyTable(page)
    .getByRole("row")
    .filter({ hasText: game.loser })
    .getByRole("cell", { name: "Rapid 10+0", exact: true })
    .click();
  await expect(page).toHaveURL(`/analysis?gameId=${game.gameId}`);
  await expect(page).toHaveTitle("Analysis · Chess");
  await expect(page.getByRole("button", { name: "Qh4#" })).toBeVisible();
  await expect(page.getByTestId("player-bottom")).toContainText(game.winner);
  await expect(page.getByTestId("player-top")).toContainText(game.loser);
  await page.context().close();
});

test("an unknown player has a clear not-found state", async ({ browser }) => {
  const page = await newPage(browser);
  const name = `nobody${Date.now().toString(36)}`;
  await page.goto(`/profile?username=${name}`);
  await expect(page.getByRole("heading", { name: `No player named ${name}` })).toBeVisible();
  await expect(historyTable(page)).toHaveCount(0);
  await page.context().close();
});

test("the history's page is in the address: opened there, paged, Back and a reload keep it", async ({ browser }) => {
  test.setTimeout(120_000);
  const [a, b] = [await registeredUser(), await registeredUser()];
  // Eleven games (a first page of ten, a second of one), each player making every other offer: a player may
  // make ten a minute.
  for (let i = 0; i < 11; i++) {
    if (i % 2 === 0) await playGame(a.sessionId, b.sessionId, FOOLS_MATE, 10);
    else await playGame(b.sessionId, a.sessionId, FOOLS_MATE, 10);
  }
  const page = await newPage(browser);
  // A short window, so the pager is below the fold: paging stays where the table is, not at the page's top.
  await page.setViewportSize({ width: 1280, height: 300 });
  await page.goto(`/profile?username=${a.name}&page=2`);
  await expect(page.getByText("Page 2", { exact: true })).toBeVisible();
  await expect(historyTable(page).getByRole("row")).toHaveCount(2);
  const previous = page.getByRole("button", { name: "Previous" });
  await previous.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(100);
  await previous.click();
  await expect(page).toHaveURL(new RegExp(`/profile\\?username=${a.name}$`));
  await expect(historyTable(page).getByRole("row")).toHaveCount(11);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  await page.goBack();
  await expect(page).toHaveURL(/page=2$/);
  await expect(historyTable(page).getByRole("row")).toHaveCount(2);
  await page.reload();
  await expect(page.getByText("Page 2", { exact: true })).toBeVisible();
  await expect(historyTable(page).getByRole("row")).toHaveCount(2);
  await page.context().close();
});
