import type { Page } from "@playwright/test";
import { drag, square } from "../support/board.ts";
import { baseURL } from "../support/players.ts";
import { expect, test } from "../support/test.ts";

const moves = (page: Page) => page.getByRole("table", { name: "Moves" }).getByRole("button");

test("a guest alone plays the computer from the lobby in two clicks, moves, sees its reply and takes back", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: baseURL() });
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  await page.goto("/");
  await expect(page.getByTestId("identity")).toContainText(/Guest-\d{4}/);

  await page.screenshot({ path: "test-results/computer-lobby.png", fullPage: true });
  // Two clicks: the lobby's button, then Play with the dialog's defaults (level 1, 10+0, random colour).
  await page.getByRole("button", { name: "Play with the computer" }).click();
  const dialog = page.getByRole("dialog", { name: "Play with the computer" });
  await expect(dialog.getByRole("button", { name: "Level 1" })).toHaveAttribute("aria-pressed", "true");
  // The keyboard starts at the dialog's first choice as it stands (the level), and Tab goes down from there.
  await expect(dialog.getByRole("button", { name: "Level 1" })).toBeFocused();
  await page.screenshot({ path: "test-results/computer-dialog.png" });
  await dialog.getByRole("button", { name: "Play", exact: true }).click();

  await page.waitForURL(/\/play\?gameId=/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("vs Stockfish level 1");
  // The dialog went with the lobby: the focus goes to the game's heading, not to the page's body.
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  await expect(page.getByTestId("player-bar-top")).toContainText("Stockfish level 1");
  // The computer does not chat: the page does not invite the player to.
  await expect(page.getByRole("region", { name: "Game chat" })).toHaveCount(0);

  const white = (await page.getByTestId("player-bar-bottom").locator(".player-bar__dot--w").count()) > 0;
  if (!white) await expect(moves(page)).toHaveCount(1, { timeout: 20_000 });
  const before = white ? 0 : 1;
  // e4 or e5: legal whatever White opened with (no first move reaches e5 or gives check).
  if (white) await drag(page, "e2", "e4");
  else await drag(page, "e7", "e5");
  await expect(moves(page).nth(before)).toHaveText(white ? "e4" : "e5");
  // The engine's reply appears on the board and in the move list.
  await expect(moves(page)).toHaveCount(before + 2, { timeout: 15_000 });
  await page.screenshot({ path: "test-results/computer-game.png" });

  // Takeback: my move and its reply go.
  await page.getByRole("button", { name: "Takeback" }).click();
  await expect(moves(page)).toHaveCount(before);
  await expect(square(page, white ? "e2" : "e7").locator("[data-piece]")).toBeVisible();
  // And the game goes on from there: the same move, another reply.
  if (white) await drag(page, "e2", "e4");
  else await drag(page, "e7", "e5");
  await expect(moves(page)).toHaveCount(before + 2, { timeout: 15_000 });

  await page.getByRole("button", { name: "Give Up" }).click();
  await page.getByRole("button", { name: "Yes, give up" }).click();
  await expect(page.getByRole("heading", { name: "Gameover! Winner is: Stockfish level 1" })).toBeVisible();
  await context.close();
});

test("a position set up on the free board is played on against the computer", async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: baseURL() });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.getByTestId("identity")).toContainText(/Guest-\d{4}/);
  // On the scratch board, White's king's pawn goes to e4 (White stays to move: the board has no turns).
  const free = (sq: string) => page.locator(`[id="free-board-square-${sq}"]`);
  const a = await free("e2").boundingBox();
  const b = await free("e4").boundingBox();
  if (!a || !b) throw new Error("free board not on screen");
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + ((b.y - a.y) * i) / 10);
  await page.mouse.up();
  await expect(free("e4").locator("[data-piece]")).toBeVisible();

  await page.getByRole("button", { name: "Continue from here against the computer" }).click();
  const dialog = page.getByRole("dialog", { name: "Play with the computer" });
  await expect(dialog.getByText("From the position on the board.")).toBeVisible();
  await dialog.getByText("White", { exact: true }).click();
  await dialog.getByRole("button", { name: "Play", exact: true }).click();

  await page.waitForURL(/\/play\?gameId=/);
  await expect(square(page, "e4").locator("[data-piece]")).toBeVisible();
  await expect(square(page, "e2").locator("[data-piece]")).toHaveCount(0);
  await drag(page, "d2", "d4");
  await expect(moves(page)).toHaveCount(2, { timeout: 15_000 });
  await page.getByRole("button", { name: "Give Up" }).click();
  await page.getByRole("button", { name: "Yes, give up" }).click();
  await expect(page.getByRole("heading", { name: "Gameover! Winner is: Stockfish level 1" })).toBeVisible();
  await context.close();
});

test("a guest plays the computer without a clock: no clocks shown, and the game waits for them", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: baseURL() });
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  await page.goto("/");
  await expect(page.getByTestId("identity")).toContainText(/Guest-\d{4}/);

  await page.getByRole("button", { name: "Play with the computer" }).click();
  const dialog = page.getByRole("dialog", { name: "Play with the computer" });
  await dialog.getByRole("button", { name: "Unlimited" }).click();
  await expect(dialog.getByRole("button", { name: "Unlimited" })).toHaveAttribute("aria-pressed", "true");
  await expect(dialog.getByRole("button", { name: "10+0" })).toHaveAttribute("aria-pressed", "false");
  await dialog.getByText("White", { exact: true }).click();
  await page.screenshot({ path: "test-results/computer-unlimited-dialog.png" });
  await dialog.getByRole("button", { name: "Play", exact: true }).click();

  await page.waitForURL(/\/play\?gameId=/);
  await expect(page.getByText("Unlimited · Casual")).toBeVisible();
  await expect(page.getByRole("timer")).toHaveCount(0);
  // No first-move countdown either: the player may think as long as they like.
  await expect(page.getByText(/first move/i)).toHaveCount(0);
  await drag(page, "e2", "e4");
  await expect(moves(page)).toHaveCount(2, { timeout: 15_000 });
  // With both first moves made a timed game's clocks would run; here nothing runs down and nobody flags.
  await page.waitForTimeout(2_000);
  await expect(page.getByRole("timer")).toHaveCount(0);
  // d4 is legal whatever Black answered to 1.e4.
  await drag(page, "d2", "d4");
  await expect(moves(page)).toHaveCount(4, { timeout: 15_000 });
  await page.screenshot({ path: "test-results/computer-unlimited-game.png" });

  await page.getByRole("button", { name: "Give Up" }).click();
  await page.getByRole("button", { name: "Yes, give up" }).click();
  await expect(page.getByRole("heading", { name: "Gameover! Winner is: Stockfish level 1" })).toBeVisible();
  await context.close();
});

test("a shuffled free board is played on against the computer as Chess960", async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: baseURL() });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.getByTestId("identity")).toContainText(/Guest-\d{4}/);
  const board = page.getByRole("complementary", { name: "Free board area" });
  const shuffle = board.getByRole("button", { name: "Shuffle" });
  await shuffle.click();
  await expect(shuffle).toBeEnabled();
  await expect(board.getByTestId("free-board-info")).toHaveText("White to move · move 1");

  await board.getByRole("button", { name: "Continue from here against the computer" }).click();
  const dialog = page.getByRole("dialog", { name: "Play with the computer" });
  await dialog.getByText("White", { exact: true }).click();
  await dialog.getByRole("button", { name: "Play", exact: true }).click();
  await page.waitForURL(/\/play\?gameId=/);
  // Its castling rights came along (rook files): the server plays it as Chess960.
  await expect(page.getByText("Chess960 · Rapid 10+0 · Casual")).toBeVisible();
  await page.getByRole("button", { name: "Abort" }).click();
  await expect(page.getByRole("heading", { name: "Gameover! The game was aborted" })).toBeVisible();
  await context.close();
});
