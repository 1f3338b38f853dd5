import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { newPage, registeredUser } from "../support/players.ts";
import { createSiteFixture, endSiteFixture, SITE_ROUTES, sendFriendMessage } from "../support/siteRoutes.ts";

// Every route at phone, tablet and desktop sizes in both themes, to look at: packages/e2e/gallery/ (not in git).
const OUT = fileURLToPath(new URL("../gallery", import.meta.url));
const SIZES = [
  { name: "phone", width: 375, height: 667 },
  { name: "tablet", width: 768, height: 1024 },
  { name: "desktop", width: 1920, height: 1080 },
] as const;

test("every page at three sizes in both themes", async ({ browser }) => {
  const fixture = await createSiteFixture();
  await sendFriendMessage(fixture, "Are you there?");
  const page = await newPage(browser, fixture.me.sessionId);
  const only = process.env.GALLERY_ROUTES?.split(",");
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      for (const route of SITE_ROUTES.filter((r) => !only || only.includes(r.name))) {
        await page.goto(route.path(fixture));
        for (const control of route.controls(page, fixture)) await expect(control).toBeVisible();
        await page.waitForLoadState("load");
        await page.waitForTimeout(400);
        await page.screenshot({ path: `${OUT}/${route.name}-${size.name}-${theme}.png`, fullPage: true });
      }
    }
  }
  await page.context().close();
  await endSiteFixture(fixture);
});

test("dialogs and states the routes do not show by themselves, in both themes", async ({ browser }) => {
  const fixture = await createSiteFixture();
  // My own message beside the friend's, and a jumpstart offer with swords in the lobby.
  await sendFriendMessage({ me: fixture.friend, friend: fixture.me }, "Sure, tomorrow at eight.");
  // The friend is in the fixture's live game: someone else offers the jumpstart game.
  const friend = await newPage(browser, (await registeredUser("js")).sessionId);
  await friend.goto("/");
  await friend.getByRole("button", { name: "Create Game" }).click();
  const create = friend.getByRole("dialog", { name: "Create Game" });
  await create.getByLabel("Variant").selectOption({ label: "Jumpstart Chess" });
  await create.getByRole("button", { name: /^Early game/ }).click();
  // "Almost even" comes chosen (a second press would take it back).
  await expect(create.getByRole("button", { name: /^Almost even/ })).toHaveAttribute("aria-pressed", "true");
  await create.getByText("Me", { exact: true }).click();
  await create.getByRole("button", { name: "Create", exact: true }).click();
  await expect(create).toBeHidden();

  const page = await newPage(browser, fixture.me.sessionId);
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const size of [SIZES[0], SIZES[2]]) {
      await page.setViewportSize({ width: size.width, height: size.height });
      const shot = (name: string) => page.screenshot({ path: `${OUT}/state-${name}-${size.name}-${theme}.png` });
      await page.goto(`/play?gameId=${fixture.finishedGameId}`);
      await expect(page.getByRole("dialog", { name: /Gameover! Winner is/ })).toBeVisible();
      await page.waitForTimeout(400);
      await shot("game-over");
      await page.goto("/");
      await expect(page.getByRole("img", { name: "Creator takes the handicap" })).toBeVisible();
      await shot("jumpstart-offer");
      await page.getByRole("button", { name: "Create Game" }).click();
      await expect(page.getByRole("dialog", { name: "Create Game" })).toBeVisible();
      await page.waitForTimeout(300);
      await shot("create-game");
      await page.goto(`/messages/${fixture.friend.name}`);
      await expect(page.getByText("Sure, tomorrow at eight.")).toBeVisible();
      await shot("conversation");
    }
  }
  for (const p of [page, friend]) await p.context().close();
  await endSiteFixture(fixture);
});
