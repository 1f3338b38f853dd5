import type { Page } from "@playwright/test";

/** A square of a board: the live game's (`live-board`) unless another board's id is named. */
export const square = (page: Page, sq: string, board = "live-board") => page.locator(`[id="${board}-square-${sq}"]`);

/** The live game's move list. */
export const moveList = (page: Page) => page.getByRole("table", { name: "Moves" });

/** Drags a piece the way a person does: press, move in steps (react-chessboard's mouse sensor), release. */
export async function drag(page: Page, from: string, to: string, board = "live-board") {
  // Pieces still sliding into a new position (react-chessboard's 300 ms transform transition) move under the
  // pointer: a drag started on one was seen lost on a loaded CI machine. Wait for the board to stand still.
  await square(page, from, board).evaluate(async (el, id) => {
    let root: Element | null = el;
    while (root && root.querySelectorAll(`[id^="${id}-square-"]`).length < 64) root = root.parentElement;
    const moving = (root ?? el).getAnimations({ subtree: true });
    await Promise.all(
      moving.filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => {})),
    );
  }, board);
  const a = await square(page, from, board).boundingBox();
  const b = await square(page, to, board).boundingBox();
  if (!a || !b) throw new Error(`squares ${from} / ${to} not on screen`);
  const start = { x: a.x + a.width / 2, y: a.y + a.height / 2 };
  const end = { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  const steps = 10;
  for (let i = 1; i <= steps; i++) {
    await page.mouse.move(start.x + ((end.x - start.x) * i) / steps, start.y + ((end.y - start.y) * i) / steps);
  }
  await page.mouse.up();
  // After a drop, dnd-kit (react-chessboard's drag layer) swallows every click on the page for 50 ms (a capture
  // listener it removes on a timer): a click made at once, as a test does, never reaches its button. A page
  // timer of 60 ms set now fires after that one, however late a loaded machine runs both.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 60)));
}
