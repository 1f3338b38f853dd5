import type { Page } from "@playwright/test";
import { drag, moveList, square } from "../support/board.ts";
import { newPage, registeredUser, socketGame } from "../support/players.ts";
import { expect, test } from "../support/test.ts";

// The game page as a player from lichess or chess.com reads it (issue 47): the promotion picker, the typed
// move's errors, the end of the game in the move list, the opening's name, the phone's chat.

const SIZES = [
  { size: "laptop", width: 1440, height: 900 },
  { size: "phone", width: 390, height: 844 },
] as const;

async function shoot(page: Page, name: string): Promise<void> {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `test-results/screens/${name}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: null });
}

test("the promotion choices stand on the promotion square's file, the queen on the square", async ({ browser }) => {
  const [alice, bob] = [await registeredUser(), await registeredUser()];
  const game = await socketGame(alice.sessionId, bob.sessionId);
  try {
    const line = ["a2a4", "h7h5", "a4a5", "h5h4", "a5a6", "h4h3", "a6b7", "h3g2"];
    for (const [ply, uci] of line.entries()) await game.move(ply, uci);
    const page = await newPage(browser, alice.sessionId);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/play?gameId=${game.gameId}`);
    await expect(moveList(page).getByRole("button", { name: "hxg2", exact: true })).toBeVisible();

    await drag(page, "b7", "c8");
    const choices = page.getByRole("group", { name: "Promote to" });
    await expect(choices).toBeVisible();
    const target = await square(page, "c8").boundingBox();
    const queen = await choices.getByRole("button", { name: "Queen" }).boundingBox();
    const knight = await choices.getByRole("button", { name: "Knight" }).boundingBox();
    if (!target || !queen || !knight) throw new Error("c8 or the choices not on screen");
    // The queen covers c8, the other three go down the c-file.
    expect(Math.abs(queen.x - target.x)).toBeLessThan(2);
    expect(Math.abs(queen.y - target.y)).toBeLessThan(2);
    expect(Math.abs(knight.x - target.x)).toBeLessThan(2);
    expect(knight.y).toBeGreaterThan(target.y + 2.5 * target.height);
    await shoot(page, "promotion-laptop");
    await choices.getByRole("button", { name: "Knight" }).click();
    await expect(moveList(page).getByRole("button", { name: "bxc8=N", exact: true })).toBeVisible();
    await page.context().close();
  } finally {
    await game.end();
  }
});

test("a typed move's error goes once the opponent moves", async ({ browser }) => {
  const [alice, bob] = [await registeredUser(), await registeredUser()];
  const game = await socketGame(alice.sessionId, bob.sessionId);
  try {
    const page = await newPage(browser, alice.sessionId);
    await page.goto(`/play?gameId=${game.gameId}`);
    const field = page.getByRole("textbox", { name: "Type a move" });
    await expect(field).toBeVisible();
    await page.keyboard.type("e4");
    await page.keyboard.press("Enter");
    await expect(page.getByText("You played e4.")).toBeVisible();
    // Not the player's turn, a move that is no premove either: refused.
    await page.keyboard.type("Ke3");
    await page.keyboard.press("Enter");
    const refusal = page.locator(".move-entry__feedback--error");
    await expect(refusal).toBeVisible();
    await game.move(1, "e7e5");
    await expect(moveList(page).getByRole("button", { name: "e5", exact: true })).toBeVisible();
    await expect(refusal).toHaveCount(0);
    await expect(field).not.toHaveAttribute("aria-invalid");
    await page.context().close();
  } finally {
    await game.end();
  }
});
