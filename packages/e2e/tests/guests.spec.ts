import type { BrowserContext, Page } from "@playwright/test";
import { baseURL, unique } from "../support/players.ts";
import { expect, test } from "../support/test.ts";

const identity = (page: Page) => page.getByTestId("identity");
const lobbyCounts = (page: Page) => page.getByTestId("lobby-counts");

async function openTab(context: BrowserContext, path = "/"): Promise<Page> {
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  await page.goto(path);
  return page;
}

test("every tab of a browser is one guest: the same name, the game resumes as its player, counted once, kept on sign-up", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: baseURL() });
  const first = await openTab(context);
  await expect(identity(first)).toContainText(/Guest-\d{4}/);
  const name = ((await identity(first).textContent()) ?? "").match(/Guest-\d{4}/)?.[0] ?? "";
  // The guest is kept in an http-only cookie, which pages cannot read.
  await expect.poll(async () => (await context.cookies()).find((c) => c.name === "sid")?.httpOnly ?? false).toBe(true);
  expect(await first.evaluate(() => document.cookie)).not.toContain("sid=");

  // The guest plays the computer in the first tab.
  await first.getByRole("button", { name: "Play with the computer" }).click();
  await first
    .getByRole("dialog", { name: "Play with the computer" })
    .getByRole("button", { name: "Play", exact: true })
    .click();
  await first.waitForURL(/\/play\?gameId=/);
  const gameUrl = new URL(first.url());

  // A new tab is the same guest, is offered its game, and opens it as its player.
  const second = await openTab(context);
  await expect(identity(second)).toContainText(name);
  const resume = second.getByRole("status").filter({ hasText: "You are playing" });
  await expect(resume).toContainText("Stockfish level 1");
  await second.screenshot({ path: "test-results/guests-second-tab.png" });
  await resume.getByRole("link", { name: "Resume" }).click();
  await expect(second.getByRole("button", { name: "Give Up" })).toBeVisible();
  await expect(second.getByText("Spectating")).toHaveCount(0);

  // The lobby counts the browser once, however many tabs it has open.
  const third = await openTab(context);
  await expect(lobbyCounts(third)).toBeVisible();
  const before = await lobbyCounts(third).textContent();
  const fourth = await openTab(context);
  await expect(identity(fourth)).toContainText(name);
  await third.waitForTimeout(2_500);
  await expect(lobbyCounts(third)).toHaveText(before ?? "");
  await fourth.close();

  // The guest signs up in the third tab: the game goes on under the account, in every tab.
  const username = unique("g");
  await third.goto("/my-profile");
  await third.getByRole("button", { name: "Create User" }).click();
  const dialog = third.getByRole("dialog", { name: "Create User" });
  await dialog.getByLabel("Username").fill(username);
  await dialog.getByLabel("Email").fill(`${username}@example.com`);
  await dialog.getByLabel("Password", { exact: true }).fill("a-good-password");
  await dialog.getByLabel("Repeat password").fill("a-good-password");
  await dialog.getByRole("button", { name: "Create account" }).click();
  await expect(identity(third)).toContainText(username);
  await expect(identity(second)).toContainText(username);
  await third.goto(`${gameUrl.pathname}${gameUrl.search}`);
  await expect(third.getByRole("button", { name: "Give Up" })).toBeVisible();
  await expect(third.getByText("Spectating")).toHaveCount(0);
  await expect(third.getByRole("heading", { level: 1 })).toContainText(`${username} vs Stockfish level 1`);
  await third.screenshot({ path: "test-results/guests-signed-up-game.png" });
  // Nobody has moved yet: the account ends the game as the guest could have.
  await third.getByRole("button", { name: "Abort" }).click();
  await expect(third.getByRole("heading", { name: "Gameover! The game was aborted" })).toBeVisible();
  await context.close();
});
