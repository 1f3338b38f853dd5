import type { Page } from "@playwright/test";
import { drag as dragOn } from "../support/board.ts";
import { newPage, registeredUser } from "../support/players.ts";
import { expect, test } from "../support/test.ts";

const SCHOLARS = `[Event "Club night"]
[White "carol"]
[Black "dave"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7# 1-0`;
const OTHER = `[White "erin"]\n[Black "frank"]\n\n1. d4 d5 2. c4 *`;

const moves = (page: Page) => page.getByRole("table", { name: "Moves" });
const shown = (page: Page) => moves(page).locator("[aria-current='true']");
const drag = (page: Page, from: string, to: string) => dragOn(page, from, to, "analysis-board");
const lines = (page: Page) => page.getByTestId("tree-line");

test("an imported game: a bad PGN named by line, one game picked from a file, its analysis, and a tree of variations kept", async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const player = await registeredUser("tree");
  const page = await newPage(browser, player.sessionId);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/analysis");
  const pgn = page.getByRole("textbox", { name: "Paste the PGN of one game or many" });

  // A bad PGN is refused with the line at fault.
  await pgn.fill('[White "a"]\n\n1. e4 e5\n2. Ke3 *');
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid move in PGN: 2. Ke3 (line 4)");

  // A file of two games: one is picked from the list.
  await pgn.fill(`${OTHER}\n\n${SCHOLARS}\n`);
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const list = page.getByRole("list", { name: "Games in the file" });
  await expect(list.getByRole("button")).toHaveCount(2);
  await list.getByRole("button", { name: /carol vs dave/ }).click();
  await expect(page).toHaveURL(/\/analysis\?import=import-/);
  await expect(page.getByText("Imported", { exact: true })).toBeVisible();
  await expect(shown(page)).toHaveText("Qxf7#");

  // The same analysis as a played game's: the report beside the board, a marked move to jump to.
  await page.getByRole("checkbox", { name: "Enable Analysis" }).check();
  await expect(page.getByTestId("eval-bar")).toBeVisible({ timeout: 240_000 });
  const chart = await page.getByTestId("eval-chart").boundingBox();
  const board = await page.locator(".analysis__board").boundingBox();
  expect(chart && board && chart.x > board.x + board.width).toBe(true);
  expect(chart && chart.y + chart.height).toBeLessThanOrEqual(900);
  expect(chart?.width).toBeGreaterThanOrEqual(300);
  await page.getByRole("list", { name: "Black's marked moves" }).getByRole("button", { name: /Nf6/ }).click();
  await expect(shown(page)).toHaveText(/^Nf6/);

  // Two variations after 3. Bc4, one a line of two moves.
  await moves(page)
    .getByRole("button", { name: /^Bc4\b/ })
    .click();
  await drag(page, "g7", "g6");
  await expect(page.getByTestId("variation")).toContainText("Your variation: 3... g6");
  await drag(page, "h5", "f3");
  await expect(page.getByTestId("variation")).toContainText("Your variation: 3... g6 4. Qf3");
  await moves(page)
    .getByRole("button", { name: /^Bc4\b/ })
    .click();
  await drag(page, "d7", "d6");
  await expect(lines(page)).toHaveCount(2);
  await expect(lines(page).nth(0)).toContainText("3... g6 4. Qf3");
  await expect(lines(page).nth(1)).toContainText("3... d6");
  // Up and down go between the moves tried at one point.
  await page.keyboard.press("ArrowUp");
  await expect(shown(page)).toHaveText("3... g6");
  await page.keyboard.press("ArrowDown");
  await expect(shown(page)).toHaveText("3... d6");

  // Promoted from the move's menu, then the other deleted.
  await moves(page).getByRole("button", { name: "3... d6" }).click({ button: "right" });
  await page.getByRole("menu").getByRole("menuitem", { name: "Promote variation" }).click();
  await expect(lines(page).nth(0)).toContainText("3... d6");
  await moves(page).getByRole("button", { name: "3... g6" }).click();
  await page.getByRole("button", { name: "Delete from here" }).click();
  await expect(lines(page)).toHaveCount(1);
  await expect(shown(page)).toHaveText(/^Bc4/);
  await moves(page).getByRole("button", { name: "3... d6" }).click();
  await page.screenshot({ path: "test-results/screens/analysis-tree-1440.png" });

  // Kept with the game: after a reload the variation is there again.
  await page.waitForTimeout(1_500);
  await page.reload();
  await expect(lines(page)).toHaveCount(1);
  await expect(lines(page).first()).toContainText("3... d6");

  // A phone keeps the board first, the report below.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("checkbox", { name: "Enable Analysis" }).check();
  await expect(page.getByTestId("eval-chart")).toBeVisible({ timeout: 60_000 });
  const phoneBoard = await page.locator(".analysis__board").boundingBox();
  const phoneChart = await page.getByTestId("eval-chart").boundingBox();
  expect(phoneBoard && phoneChart && phoneChart.y > phoneBoard.y + phoneBoard.height).toBe(true);
  await page.screenshot({ path: "test-results/screens/analysis-tree-390.png", fullPage: true });
  await page.context().close();
});

// A PGN with comments, one that looks like markup, and two variations.
const COMMENTED = `[White "gina"]
[Black "hal"]

1. e4 {Best by test} e5 (1... c5 2. Nf3) 2. Nf3 Nc6 (2... d6 {<b>Sharp</b> & risky} 3. d4) 3. Bb5 *`;

test("an imported PGN's comments shown in the move list as text, and its variations deleted for good", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const player = await registeredUser("note");
  const page = await newPage(browser, player.sessionId);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/analysis");
  await page.getByRole("textbox", { name: "Paste the PGN of one game or many" }).fill(COMMENTED);
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page).toHaveURL(/\/analysis\?import=import-/);
  const comments = page.getByTestId("move-comment");
  await expect(comments).toHaveText(["Best by test", "<b>Sharp</b> & risky"]);
  await expect(moves(page).locator("b")).toHaveCount(0);
  await expect(lines(page)).toHaveCount(2);

  // One of the PGN's variations deleted: after a reload it stays deleted, the comments on the moves left stay.
  await moves(page).getByRole("button", { name: "1... c5" }).click();
  await page.getByRole("button", { name: "Delete from here" }).click();
  await expect(lines(page)).toHaveCount(1);
  await page.waitForTimeout(1_500);
  await page.reload();
  await expect(lines(page)).toHaveCount(1);
  await expect(lines(page).first()).toContainText("2... d6");
  await expect(comments).toHaveText(["Best by test", "<b>Sharp</b> & risky"]);

  // The other one too: the game alone, also after a reload in a fresh browser (the account's copy).
  await moves(page).getByRole("button", { name: "2... d6" }).click();
  await page.getByRole("button", { name: "Delete from here" }).click();
  await expect(lines(page)).toHaveCount(0);
  await page.waitForTimeout(1_500);
  const url = page.url();
  await page.context().close();
  const fresh = await newPage(browser, player.sessionId);
  await fresh.goto(url);
  await expect(shown(fresh)).toHaveText("Bb5");
  await expect(lines(fresh)).toHaveCount(0);
  await expect(fresh.getByTestId("move-comment")).toHaveText(["Best by test"]);
  await fresh.screenshot({ path: "test-results/screens/analysis-comments-1440.png" });
  await fresh.context().close();
});
