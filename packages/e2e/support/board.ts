import type { Page } from "@playwright/test";

/** A square of a board: the live game's (`live-board`) unless another board's id is named. */
export const square = (page: Page, sq: string, board = "live-board") => page.locator(`[id="${board}-square-${sq}"]`);

/** The live game's move list. */
export const moveList = (page: Page) => page.getByRole("table", { name: "Moves" });

/** Drags a piece the way a person does: press, move in steps (react-chessboard's mouse sensor), release. */
export async function drag(page: Page, from: string, to: string, board = "live-board") {
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
}
