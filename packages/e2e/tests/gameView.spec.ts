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
    await game.move(0, "e2e4");
    await game.move(1, "e7e5");
    const page = await newPage(browser, alice.sessionId);
    await page.goto(`/play?gameId=${game.gameId}`);
    const field = page.getByRole("textbox", { name: "Type a move" });
    await expect(moveList(page).getByRole("button", { name: "e5", exact: true })).toBeVisible();
    await page.keyboard.type("Nf3");
    await page.keyboard.press("Enter");
    await expect(page.getByText("You played Nf3.")).toBeVisible();
    // Not the player's turn, a move that is no premove either: refused.
    await page.keyboard.type("Ke3");
    await page.keyboard.press("Enter");
    const refusal = page.locator(".move-entry__feedback--error");
    await expect(refusal).toBeVisible();
    await game.move(3, "b8c6");
    await expect(moveList(page).getByRole("button", { name: "Nc6", exact: true })).toBeVisible();
    await expect(refusal).toHaveCount(0);
    await expect(field).not.toHaveAttribute("aria-invalid");
    await page.context().close();
  } finally {
    await game.end();
  }
});

test("after a drag a screen reader hears the move, not the drag library's English", async ({ browser }) => {
  const [alice, bob] = [await registeredUser(), await registeredUser()];
  const game = await socketGame(alice.sessionId, bob.sessionId);
  try {
    // Both sides have moved: a slow page load cannot let the game be aborted.
    await game.move(0, "e2e4");
    await game.move(1, "e7e5");
    const page = await newPage(browser, alice.sessionId);
    await page.goto(`/play?gameId=${game.gameId}`);
    await expect(moveList(page).getByRole("button", { name: "e5", exact: true })).toBeVisible();
    await drag(page, "g1", "f3");
    await expect(moveList(page).getByRole("button", { name: "Nf3", exact: true })).toBeVisible();
    await game.move(3, "b8c6");
    await expect(page.getByTestId("game-announcer")).toContainText("Black played knight to c6");
    // Every region a screen reader listens to: none says "Draggable item e2 was dropped over droppable area e4".
    const spoken = page.locator('[aria-live="assertive"], [aria-live="polite"], [role="status"], [role="alert"]');
    for (const text of await spoken.allTextContents()) expect(text).not.toMatch(/draggable|droppable/i);
    await expect(page.locator('[aria-live="assertive"][id^="DndLiveRegion"]')).toHaveCount(0);
    await page.context().close();
  } finally {
    await game.end();
  }
});

for (const { size, width, height } of SIZES) {
  test(`on a ${size} the end is written into the move list, with both ratings and their changes`, async ({
    browser,
  }) => {
    const [alice, bob] = [await registeredUser(), await registeredUser()];
    const game = await socketGame(alice.sessionId, bob.sessionId);
    try {
      for (const [ply, uci] of ["e2e4", "e7e5", "g1f3", "b8c6"].entries()) await game.move(ply, uci);
      const page = await newPage(browser, alice.sessionId);
      await page.setViewportSize({ width, height });
      await page.goto(`/play?gameId=${game.gameId}`);
      // While the game is on, each name has its rating beside it.
      const [top, bottom] = [page.getByTestId("player-bar-top"), page.getByTestId("player-bar-bottom")];
      await expect(top.getByTestId("player-rating")).toHaveText("1200");
      await expect(bottom.getByTestId("player-rating")).toHaveText("1200");
      await game.resign("b");

      await expect(moveList(page).locator("xpath=..").getByTestId("move-list-ending")).toHaveText(
        "1-0 · Black resigned",
      );
      await expect(bottom.getByTestId("player-rating")).toHaveText("1200+20");
      await expect(top.getByTestId("player-rating")).toHaveText("1200\u221220");
      const box = page.getByRole("dialog", { name: `Gameover! Winner is: ${alice.name}` });
      await expect(box.getByTestId("game-over-rating")).toHaveText("Your rating: 1220 (+20)");
      await expect(box.getByTestId("game-over-new-rating")).toHaveText(`${bob.name}: 1180 (\u221220)`);
      await shoot(page, `game-end-${size}`);

      // A reload tells the same.
      await page.reload();
      await expect(page.getByTestId("move-list-ending")).toHaveText("1-0 · Black resigned");
      await expect(top.getByTestId("player-rating")).toHaveText("1200\u221220");
      await page.context().close();
    } finally {
      await game.end();
    }
  });
}

test("the opening is named during the game, after it, and on the analysis board", async ({ browser }) => {
  const [alice, bob] = [await registeredUser(), await registeredUser()];
  const game = await socketGame(alice.sessionId, bob.sessionId);
  try {
    // A transposition: 1. Nf3 Nc6 2. e4 e5 3. Bc4 is the Italian Game all the same.
    for (const [ply, uci] of ["g1f3", "b8c6", "e2e4", "e7e5"].entries()) await game.move(ply, uci);
    const page = await newPage(browser, alice.sessionId);
    await page.goto(`/play?gameId=${game.gameId}`);
    const opening = page.getByTestId("opening-name");
    await expect(opening).toHaveText("C44 King's Knight Opening: Normal Variation");
    // The whole name is read, on two lines if need be: not "C44 King's Knight Opening: Normal Var…".
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(await opening.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await drag(page, "f1", "c4");
    await expect(opening).toHaveText("C50 Italian Game");
    await game.resign("b");
    await expect(page.getByTestId("move-list-ending")).toHaveText("1-0 · Black resigned");
    await expect(opening).toHaveText("C50 Italian Game");
    await shoot(page, "opening-laptop");

    await page.getByRole("button", { name: "View Analysis" }).click();
    await expect(page).toHaveURL(/\/analysis/);
    await expect(page.getByTestId("opening-name")).toHaveText("C50 Italian Game");
    await page.context().close();
  } finally {
    await game.end();
  }
});

test("on a phone the chat is a tab beside the moves, and sending a message leaves the board in place", async ({
  browser,
}) => {
  const [alice, bob] = [await registeredUser(), await registeredUser()];
  const game = await socketGame(alice.sessionId, bob.sessionId);
  try {
    for (const [ply, uci] of ["e2e4", "e7e5"].entries()) await game.move(ply, uci);
    const page = await newPage(browser, alice.sessionId);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/play?gameId=${game.gameId}`);
    const tabs = page.getByRole("tablist", { name: "Moves or chat" });
    await expect(tabs.getByRole("tab", { name: "Moves" })).toHaveAttribute("aria-selected", "true");
    await expect(moveList(page)).toBeVisible();
    const input = page.getByPlaceholder("Message…");
    await expect(input).toBeHidden();
    await shoot(page, "phone-tabs-moves");

    await tabs.getByRole("tab", { name: "Chat" }).click();
    await expect(input).toBeVisible();
    await expect(moveList(page)).toBeHidden();
    const board = page.getByRole("region", { name: /Chess board/ });
    await input.fill("good luck");
    // Typing brings the input into view (a phone's keyboard would too); sending moves nothing more.
    const before = await board.boundingBox();
    expect(before?.y ?? -1000).toBeGreaterThan(-(before?.height ?? 0) / 3);
    await input.press("Enter");
    await expect(page.getByText("good luck")).toBeVisible();
    const after = await board.boundingBox();
    expect(Math.abs((after?.y ?? 0) - (before?.y ?? 0))).toBeLessThan(2);
    // The board is still on the screen, the chat right under it.
    expect((after?.y ?? -1) + (after?.height ?? 0) / 2).toBeGreaterThan(0);
    await shoot(page, "phone-tabs-chat");

    await tabs.getByRole("tab", { name: "Moves" }).click();
    await expect(moveList(page)).toBeVisible();
    await page.context().close();
  } finally {
    await game.end();
  }
});

test("TV at 1440x900 shows the board, both clocks and the moves on one screen", async ({ browser }) => {
  const [alice, bob] = [await registeredUser(), await registeredUser()];
  const game = await socketGame(alice.sessionId, bob.sessionId);
  try {
    for (const [ply, uci] of ["d2d4", "d7d5"].entries()) await game.move(ply, uci);
    const page = await newPage(browser);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/tv");
    await expect(moveList(page).getByRole("button", { name: "d5", exact: true })).toBeVisible();
    // The opening is named on TV too, as in the game.
    await expect(page.getByTestId("opening-name")).toHaveText(/^D00 Queen's Pawn Game/);
    const timers = page.getByRole("timer");
    await expect(timers).toHaveCount(2);
    for (const timer of await timers.all()) {
      const box = await timer.boundingBox();
      expect((box?.y ?? 1000) + (box?.height ?? 0)).toBeLessThanOrEqual(900);
    }
    const board = await page.getByRole("region", { name: /Chess board/ }).boundingBox();
    expect(board?.width ?? 0).toBeGreaterThan(450);
    const moves = await moveList(page).boundingBox();
    expect((moves?.y ?? 1000) + 40).toBeLessThanOrEqual(900);
    await shoot(page, "tv-laptop");
    await page.context().close();
  } finally {
    await game.end();
  }
});

test("the jumpstart Create Game dialog fits a 1440x900 screen, a stage and a handicap chosen", async ({ browser }) => {
  const page = await newPage(browser);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  await page.getByRole("button", { name: "Create Game" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Game" });
  await dialog.getByLabel("Variant").selectOption({ label: "Jumpstart Chess" });
  await expect(dialog.getByRole("button", { name: /^Middlegame/ })).toHaveAttribute("aria-pressed", "true");
  await expect(dialog.getByRole("button", { name: /^Almost even/ })).toHaveAttribute("aria-pressed", "true");
  const box = await dialog.boundingBox();
  expect((box?.y ?? -1) >= 0 && (box?.y ?? 0) + (box?.height ?? 1000) <= 900).toBe(true);
  const create = dialog.getByRole("button", { name: "Create", exact: true });
  const footer = await create.boundingBox();
  expect((footer?.y ?? 1000) + (footer?.height ?? 0)).toBeLessThanOrEqual(900);
  // Every choice can be reached, none hidden under the footer once scrolled to.
  const last = dialog.getByRole("button", { name: /^Free climbing/ });
  await last.scrollIntoViewIfNeeded();
  const lastBox = await last.boundingBox();
  expect((lastBox?.y ?? 1000) + (lastBox?.height ?? 0)).toBeLessThanOrEqual(footer?.y ?? 0);
  await shoot(page, "jumpstart-dialog-laptop");
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, "jumpstart-dialog-phone");
  await page.context().close();
});
