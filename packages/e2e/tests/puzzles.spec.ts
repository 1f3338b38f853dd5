import type { PuzzleDeck } from "@chess/shared";
import type { Page } from "@playwright/test";
import { drag } from "../support/board.ts";
import { baseURL, newPage, registeredUser, socketGame } from "../support/players.ts";
import { expect, test } from "../support/test.ts";

test.describe.configure({ mode: "serial" });

// 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qf3?? — White missed 4. Qxf7#: a puzzle from White's own game.
const MISSED_MATE = ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f3"];

let white: { name: string; sessionId: string };
let puzzleId: number;

const get = async <T>(path: string, sessionId: string): Promise<T> =>
  (await (await fetch(`${baseURL()}${path}`, { headers: { cookie: `sid=${sessionId}` } })).json()) as T;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  white = await registeredUser();
  const black = await registeredUser();
  const game = await socketGame(white.sessionId, black.sessionId);
  for (const [ply, uci] of MISSED_MATE.entries()) await game.move(ply, uci);
  await game.resign("b");
  game.close();
  // The analysis is made once; its puzzles follow in the background.
  await get(`/game/analysis/${game.gameId}`, white.sessionId);
  await expect
    .poll(async () => (await get<PuzzleDeck>("/puzzles/mine", white.sessionId)).puzzles[0]?.id, { timeout: 60_000 })
    .toBeDefined();
  puzzleId = (await get<PuzzleDeck>("/puzzles/mine", white.sessionId)).puzzles[0]?.id as number;
});

const move = (page: Page, from: string, to: string) => drag(page, from, to, "puzzle-board");

test("a player solves a puzzle from their own mistake at desktop size: rating change and deck progress", async ({
  browser,
}, info) => {
  const page = await newPage(browser, white.sessionId);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/puzzles");
  await page.getByRole("link", { name: /White to move/ }).click();
  await expect(page).toHaveURL(new RegExp(`/puzzle/${puzzleId}$`));
  await expect(page.getByText("Find the best move for White")).toBeVisible();
  await expect(page.getByTestId("deck-progress")).toHaveText("0 solved · 0 to retry · 1 new");
  await page.screenshot({ path: info.outputPath("puzzle-desktop.png") });
  await move(page, "h5", "f7");
  await expect(page.getByText("Solved!")).toBeVisible();
  await expect(page.getByTestId("puzzle-rating-change")).toHaveText("Your puzzle rating: 1520 (+20)");
  await expect(page.getByTestId("deck-progress")).toHaveText("1 solved · 0 to retry · 0 new");
  await expect(page.getByRole("button", { name: "Next puzzle" })).toBeVisible();
  await page.screenshot({ path: info.outputPath("puzzle-desktop-solved.png") });
});

test("a guest on a phone misses, retries and solves the puzzle", async ({ browser }, info) => {
  const page = await newPage(browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/puzzle/${puzzleId}`);
  await expect(page.getByText("Find the best move for White")).toBeVisible();
  const board = await page.locator('[id="puzzle-board-square-a1"]').boundingBox();
  expect((board?.x ?? -1) >= 0 && (board?.y ?? 900) + (board?.height ?? 0) < 844).toBe(true);
  await page.screenshot({ path: info.outputPath("puzzle-phone.png") });
  await move(page, "c4", "f7");
  await expect(page.getByText("That's not it")).toBeVisible();
  await page.getByRole("button", { name: "Try again" }).click();
  await move(page, "h5", "f7");
  await expect(page.getByText("Solved!")).toBeVisible();
  await expect(page.getByText("Log in to get a puzzle rating.")).toBeVisible();
  await page.screenshot({ path: info.outputPath("puzzle-phone-solved.png") });
});
