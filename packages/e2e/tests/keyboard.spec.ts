import type { Browser, Locator, Page } from "@playwright/test";
import { newPage } from "../support/players.ts";
import { expect, test } from "../support/test.ts";

// Games go through the shared lobby: one test at a time.
test.describe.configure({ mode: "serial" });

type Direction = "forward" | "backward";

/**
 * Presses Tab (Shift+Tab backward) until `target` has the focus, as a keyboard user would, who goes the short
 * way round; fails if it is never reached.
 */
async function tabTo(page: Page, target: Locator, direction: Direction = "forward", max = 80): Promise<void> {
  await expect(target).toBeVisible();
  const key = direction === "forward" ? "Tab" : "Shift+Tab";
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${target} was not reached with ${max} presses of ${key}`);
}

/** Tabs to `target` and presses Enter; checks the focus ring is drawn around it first. */
async function activate(page: Page, target: Locator, direction: Direction = "forward"): Promise<void> {
  await tabTo(page, target, direction);
  await expect(target).toHaveCSS("outline-style", "solid");
  await page.keyboard.press("Enter");
}

/** A guest on the lobby and the guest name the top bar shows. */
async function guest(browser: Browser): Promise<{ page: Page; name: string }> {
  const page = await newPage(browser);
  await page.goto("/");
  const badge = page.getByTestId("identity");
  await expect(badge).toContainText(/Guest-\d{4}/);
  const name = ((await badge.textContent()) ?? "").match(/Guest-\d+/)?.[0] ?? "";
  return { page, name };
}

const moveField = (page: Page) => page.getByRole("textbox", { name: "Type a move" });
const moveList = (page: Page) => page.getByRole("table", { name: "Moves" });
/** The newest announcement of the live region. */
const announcer = (page: Page) => page.getByTestId("game-announcer").locator("p").last();

/**
 * Types `move` wherever the focus is, as on lichess: the game page sends a move's first key to the move field,
 * so no Tab is needed (walking there took longer than the 20 s first-move limit). Plays it with Enter.
 */
async function typeMove(page: Page, move: string): Promise<void> {
  const field = moveField(page);
  await page.keyboard.type(move);
  await expect(field).toBeFocused();
  await expect(field).toHaveValue(move);
  await page.keyboard.press("Enter");
}

test("two players play a whole game and a rematch with the keyboard only", async ({ browser }) => {
  // Two games typed move by move, each waiting for the other side to see it: slow on a busy 2-core machine.
  test.setTimeout(360_000);
  const white = await guest(browser);
  const black = await guest(browser);

  // White opens the Create Game dialog, picks 5+0 and White, and creates the offer.
  await activate(white.page, white.page.getByRole("button", { name: "Create Game" }));
  const dialog = white.page.getByRole("dialog", { name: "Create Game" });
  await expect(dialog).toBeVisible();
  await activate(white.page, dialog.getByRole("button", { name: "5+0", exact: true }));
  const random = dialog.getByRole("radio", { name: "Random" });
  await tabTo(white.page, random);
  await white.page.keyboard.press("ArrowLeft");
  await expect(dialog.getByRole("radio", { name: "White" })).toBeChecked();
  await activate(white.page, dialog.getByRole("button", { name: "Create", exact: true }));
  await expect(dialog).toBeHidden();

  await activate(black.page, black.page.getByRole("button", { name: /^Accept Guest-\d+ \/ 5\+0$/ }));
  for (const p of [white.page, black.page]) await p.waitForURL(/\/play\?gameId=/);
  await expect(white.page.getByRole("region", { name: "Chess board, you play White" })).toBeVisible();
  await expect(black.page.getByRole("region", { name: "Chess board, you play Black" })).toBeVisible();
  // What had the focus went with the lobby: each player starts on the game's heading, not on the body.
  for (const p of [white.page, black.page]) await expect(p.getByRole("heading", { level: 1 })).toBeFocused();

  // A wrong move is explained inline, Escape empties the field, then fool's mate.
  await expect(moveField(white.page)).not.toBeFocused();
  await typeMove(white.page, "Nf6");
  await expect(white.page.getByText("Nf6 is not a legal move here.")).toBeVisible();
  await expect(moveField(white.page)).toHaveAttribute("aria-invalid", "true");
  await white.page.keyboard.press("Escape");
  await expect(moveField(white.page)).toHaveValue("");
  await white.page.keyboard.type("f3");
  await white.page.keyboard.press("Enter");
  await expect(white.page.getByText("You played f3.")).toBeVisible();
  await expect(moveList(black.page).getByRole("button", { name: "f3", exact: true })).toBeVisible();
  await expect(announcer(black.page)).toHaveText("White played pawn to f3");

  await typeMove(black.page, "e5");
  await expect(announcer(white.page)).toHaveText("Black played pawn to e5");
  await typeMove(white.page, "g4");
  await expect(moveList(black.page).getByRole("button", { name: "g4", exact: true })).toBeVisible();
  await typeMove(black.page, "Qh4#");

  const over = `Gameover! Winner is: ${black.name}`;
  for (const p of [white.page, black.page]) {
    await expect(p.getByRole("dialog", { name: over })).toBeVisible();
    await expect(p.getByRole("dialog", { name: over })).toContainText("Checkmate");
  }
  // The mating move and the end are both read out.
  const region = white.page.getByTestId("game-announcer");
  await expect(region).toContainText("Black played queen to h4, checkmate");
  await expect(region).toContainText(`Gameover! Winner is: ${black.name}. Checkmate.`);

  // Rematch from the keyboard: colours swap, so black plays White now.
  const firstUrl = white.page.url();
  await activate(white.page, white.page.getByRole("dialog", { name: over }).getByRole("button", { name: "Rematch" }));
  const prompt = black.page.getByRole("alertdialog", { name: "A rematch has been offered. Accept?" });
  await activate(black.page, prompt.getByRole("button", { name: "Accept" }));
  for (const p of [white.page, black.page]) await expect(p).not.toHaveURL(firstUrl);
  await expect(black.page.getByRole("region", { name: "Chess board, you play White" })).toBeVisible();
  await expect(white.page.getByRole("region", { name: "Chess board, you play Black" })).toBeVisible();
  for (const p of [white.page, black.page]) await expect(p.getByRole("heading", { level: 1 })).toBeFocused();

  // A premove typed before the opponent moved is played as soon as the turn comes.
  await typeMove(white.page, "e5");
  await expect(white.page.getByText("Premove e5 set: it is played when your turn comes.")).toBeVisible();
  await typeMove(black.page, "e4");
  await expect(moveList(black.page).getByRole("button", { name: "e5", exact: true })).toBeVisible();
  await expect(announcer(black.page)).toHaveText("Black played pawn to e5");

  // Stepping through the moves from the empty field, and back to the game.
  const shown = moveList(white.page).locator("[aria-current='true']");
  await expect(shown).toHaveText("e5");
  // The premove left the focus in the emptied field, where the arrows step.
  await expect(moveField(white.page)).toBeFocused();
  await white.page.keyboard.press("ArrowLeft");
  await expect(shown).toHaveText("e4");
  await white.page.keyboard.press("End");
  await expect(shown).toHaveText("e5");

  // Suggest Draw and Decline from the keyboard.
  await activate(black.page, black.page.getByRole("button", { name: "Suggest Draw" }));
  const drawPrompt = white.page.getByRole("alertdialog", { name: "A draw has been offered. Accept?" });
  // The prompt sits above the move list: back from the move field.
  await activate(white.page, drawPrompt.getByRole("button", { name: "Decline" }), "backward");
  await expect(black.page.getByText("Your draw offer was declined")).toBeVisible();

  // Leaving a live game for another page asks first; Stay keeps the game.
  const nav = white.page.getByRole("navigation", { name: "Main" });
  await activate(white.page, nav.getByRole("link", { name: "Play", exact: true }));
  const leave = white.page.getByRole("dialog", { name: "Leave the game?" });
  await activate(white.page, leave.getByRole("button", { name: "Stay" }));
  await expect(leave).toBeHidden();
  await expect(white.page).toHaveURL(/\/play\?gameId=/);

  await activate(white.page, white.page.getByRole("button", { name: "Give Up" }));
  await activate(white.page, white.page.getByRole("button", { name: "Yes, give up" }));
  const second = `Gameover! Winner is: ${black.name}`;
  for (const p of [white.page, black.page]) {
    await expect(p.getByRole("dialog", { name: second })).toContainText("Resignation");
  }
  for (const p of [white.page, black.page]) await p.context().close();
});

test("a quick-pairing search starts and stops with Enter, and the focus stays on its tile", async ({ browser }) => {
  const { page } = await guest(browser);
  const tile = page.getByRole("button", { name: "60+15 Classical" });
  await activate(page, tile);
  await expect(tile).toHaveAttribute("aria-pressed", "true");
  await expect(tile).toBeFocused();
  await expect(page.getByText("Searching for a 60+15 opponent…")).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(tile).toHaveAttribute("aria-pressed", "false");
  await expect(tile).toBeFocused();
  await page.context().close();
});

test("the free board is one Tab stop: arrows go over the squares, Enter picks a piece up and puts it down", async ({
  browser,
}) => {
  const { page } = await guest(browser);
  const board = page.getByRole("region", { name: "Free board" });
  await tabTo(page, board);
  await expect(board).toHaveCSS("outline-style", "solid");
  await expect(board.locator('[aria-roledescription="draggable"][tabindex="0"]')).toHaveCount(0);
  const square = (name: string) => page.locator(`[id="free-board-square-${name}"]`);
  for (const key of ["ArrowUp", "Enter", "ArrowUp", "ArrowUp"]) await page.keyboard.press(key);
  await expect(page.locator("#free-board-cursor")).toHaveText("e4, empty");
  await page.keyboard.press("Enter");
  await expect(square("e4").locator('[data-piece="wP"]')).toBeVisible();
  await expect(square("e2").locator("[data-piece]")).toHaveCount(0);
  // The next stop is the first control under the board, not a piece.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Flip board" })).toBeFocused();
  await page.context().close();
});
