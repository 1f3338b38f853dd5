import type { Page } from "@playwright/test";
import { drag, square } from "../support/board.ts";
import { newPage, registeredUser } from "../support/players.ts";
import { expect, test } from "../support/test.ts";
import { storage } from "../support/variants.ts";

const BOARD = "daily-board";

/** The navigation's "Daily" entry, named with its count when games wait ("Daily, 1 daily game waits…"). */
const yourTurn = (page: Page) => page.getByRole("navigation").getByRole("link", { name: /^Daily/ });

/** Drags a move on the daily board, then waits for the move list to show its SAN. */
async function move(page: Page, from: string, to: string, san: string, board = BOARD) {
  await expect(square(page, from, board)).toBeVisible();
  await drag(page, from, to, board);
  if (board === BOARD)
    await expect(page.getByRole("table", { name: "Moves" }).getByText(san, { exact: true })).toBeVisible();
}

/** Types a move in the daily page's "Type a move" field and plays it with Enter, then waits as `move` does. */
async function typeMove(page: Page, san: string) {
  await expect(page.getByTestId("daily-status")).toHaveText("Your turn");
  await page.getByRole("textbox", { name: "Type a move" }).fill(san);
  await page.getByRole("textbox", { name: "Type a move" }).press("Enter");
  await expect(page.getByRole("table", { name: "Moves" }).getByText(san, { exact: true })).toBeVisible();
}

async function shoot(page: Page, name: string) {
  for (const [w, h] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    // From the top: a full-page picture of a scrolled page draws the sticky header in its middle.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `test-results/daily/${name}-${w}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test(
  "a daily game: offered and accepted in the lobby, moves counted in 'Your turn', a conditional line answers by itself",
  storage,
  async ({ browser }) => {
    // Two browsers and eight full-page pictures: a loaded 2-core machine needs more than the default two minutes.
    test.setTimeout(300_000);
    const ann = await registeredUser("dan");
    const bob = await registeredUser("dbo");
    const a = await newPage(browser, ann.sessionId);
    const b = await newPage(browser, bob.sessionId);
    for (const p of [a, b]) await p.setViewportSize({ width: 1280, height: 900 });

    // Ann offers a 1-day game as White in the lobby; Bob, already there, sees it come and accepts it.
    await b.goto("/");
    await expect(b.getByRole("region", { name: "Daily games" })).toBeVisible();
    await a.goto("/");
    await a.getByRole("button", { name: "Create daily game" }).click();
    const dialog = a.getByRole("dialog", { name: "Create a daily game" });
    await dialog.getByText("1 day", { exact: true }).click();
    await dialog.getByText("White", { exact: true }).click();
    await dialog.getByRole("button", { name: "Create daily offer" }).click();
    await expect(dialog).toBeHidden();
    await expect(
      a.getByRole("list", { name: "Open daily offers" }).getByRole("button", { name: "Withdraw" }),
    ).toBeVisible();
    await shoot(a, "lobby");

    await b.getByRole("button", { name: `Accept ${ann.name}'s daily game` }).click();
    await expect(b).toHaveURL(/\/daily\/[\w-]+$/);
    const gamePath = new URL(b.url()).pathname;
    await expect(b.getByTestId("daily-status")).toHaveText(`Waiting for ${ann.name}`);

    // Ann's count says her move waits; "Your turn" lists the game and opens it.
    await expect(yourTurn(a)).toHaveAccessibleName("Daily, 1 daily game waits for your move");
    await yourTurn(a).click();
    await expect(a.getByTestId("daily-entry")).toHaveCount(1);
    await expect(a.getByTestId("daily-entry")).toContainText("Your turn");
    await shoot(a, "your-turn");
    await a.getByRole("link", { name: bob.name }).click();
    await expect(a).toHaveURL(new RegExp(`${gamePath}$`));
    await expect(a.getByTestId("daily-status")).toHaveText("Your turn");

    await move(a, "e2", "e4", "e4");
    await expect(yourTurn(a)).toHaveAccessibleName("Daily");
    await expect(yourTurn(b)).toHaveAccessibleName("Daily, 1 daily game waits for your move");
    // Bob types his answer instead of dragging it.
    await typeMove(b, "e5");
    await expect(yourTurn(b)).toHaveAccessibleName("Daily");
    await move(a, "g1", "f3", "Nf3");
    await expect(a.getByTestId("daily-status")).toHaveText(`Waiting for ${bob.name}`);
    await expect(a.getByTestId("daily-clock-top")).toHaveText(/^(23 hours \d+ minutes|1 day) left$/);

    // While Bob thinks, Ann enters a line: if 2… Nc6 then 3. Bb5.
    await a.getByRole("button", { name: "Conditional moves" }).click();
    const cond = "conditional-board";
    await move(a, "b8", "c6", "Nc6", cond);
    await expect(a.getByTestId("conditional-draft")).toHaveText("2… Nc6");
    await move(a, "f1", "b5", "Bb5", cond);
    await expect(a.getByTestId("conditional-draft")).toHaveText("2… Nc6 3. Bb5");
    await a.getByRole("button", { name: "Add line" }).click();
    await expect(a.getByRole("list", { name: "Saved conditional lines" }).getByRole("listitem")).toHaveText([
      /2… Nc6 3\. Bb5/,
    ]);
    await shoot(a, "conditional");
    await a.getByRole("button", { name: "Done" }).click();
    await expect(a.getByRole("button", { name: "Conditional moves (1)" })).toBeVisible();

    // Bob plays the foreseen move: the server answers for Ann at once, and it is Bob's turn again.
    await move(b, "b8", "c6", "Nc6");
    await expect(b.getByRole("table", { name: "Moves" }).getByText("Bb5", { exact: true })).toBeVisible();
    await expect(b.getByTestId("daily-status")).toHaveText("Your turn");
    await expect(a.getByRole("table", { name: "Moves" }).getByText("Bb5", { exact: true })).toBeVisible();
    await expect(a.getByTestId("daily-status")).toHaveText(`Waiting for ${bob.name}`);
    await expect(a.getByRole("button", { name: "Conditional moves" })).toBeVisible();
    await expect(yourTurn(a)).toHaveAccessibleName("Daily");
    await expect(yourTurn(b)).toHaveAccessibleName("Daily, 1 daily game waits for your move");
    await shoot(b, "game");
  },
);
