import { expect, test } from "../support/test.ts";

const routes = [
  ["/", "Play"],
  ["/play", "Live game"],
  ["/analysis", "Analysis"],
  ["/social", "Social"],
  ["/my-profile", "My Profile"],
  ["/profile?username=nobody", "nobody"],
  ["/watch", "Watch"],
  ["/tv", "TV"],
  ["/leaderboards", "Leaderboards"],
  ["/credits", "Credits"],
  ["/messages/somebody", "Messages"],
] as const;

for (const [path, title] of routes) {
  test(`${path} renders inside the common layout`, async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(path);
    await expect(page.getByRole("navigation")).toBeVisible();
    for (const link of ["Play", "Watch", "Social", "Leaderboards", "My Profile"]) {
      await expect(page.getByRole("navigation").getByRole("link", { name: link, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Credits" })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(title));
    expect(errors).toEqual([]);
  });
}

test("the lobby shows a free board that flips", async ({ page }) => {
  await page.goto("/");
  const board = page.getByRole("region", { name: "Free board" });
  await expect(board).toBeVisible();
  const rowOf = async (square: string) => (await board.locator(`[data-square="${square}"]`).boundingBox())?.y ?? -1;
  expect(await rowOf("a1")).toBeGreaterThan(await rowOf("a8"));
  await page.getByRole("button", { name: "Flip board" }).click();
  await expect.poll(async () => (await rowOf("a1")) < (await rowOf("a8"))).toBe(true);
  await expect(board.locator('[data-square="e1"] [data-piece="wK"]')).toBeVisible();
});

test("credits name Stockfish's licence and link its source", async ({ page }) => {
  await page.goto("/credits");
  await expect(page.getByText(/GPL/).first()).toBeVisible();
  await expect(page.getByRole("link", { name: /Stockfish/ }).first()).toHaveAttribute("href", /stockfish/i);
});

test("an unknown path shows a not-found page in the layout", async ({ page }) => {
  await page.goto("/no-such-page");
  await expect(page.getByRole("navigation")).toBeVisible();
  await expect(page.getByText(/not found/i).first()).toBeVisible();
});
