import type { Page } from "@playwright/test";
import { loginAgain, newPage, registeredUser, socketGame } from "../support/players.ts";
import { expect, test } from "../support/test.ts";
import { storage } from "../support/variants.ts";

const BLUE_LIGHT = "rgb(222, 227, 230)";
const GREEN_LIGHT = "rgb(235, 236, 208)";
const PURPLE_LIGHT = "rgb(232, 226, 240)";
const DARK_BG = "rgb(22, 21, 18)";
const LIGHT_BG = "rgb(242, 240, 236)";

const theme = (page: Page) => page.locator("html");
const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
/** The colour of a8 (a light square) on the board called `label`. */
const a8 = (page: Page, label: string) =>
  page
    .getByRole("region", { name: label })
    .locator("[data-square='a8']")
    .evaluate((el) => el.style.backgroundColor);

async function choose(page: Page, theme: RegExp, boardColors: string) {
  await page.getByRole("radio", { name: theme }).check();
  await page.getByRole("radio", { name: boardColors, exact: true }).check();
}

test("a logged-in player's theme and board colours are kept on the account", storage, async ({ browser }) => {
  const me = await registeredUser("set");
  const page = await newPage(browser, me.sessionId);
  await page.goto("/");
  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveTitle("Settings · Chess");
  await expect(page.getByText("Saved to your account.")).toBeVisible();

  await choose(page, /^Dark/, "Blue");
  await expect(theme(page)).toHaveAttribute("data-theme", "dark");
  expect(await pageBackground(page)).toBe(DARK_BG);
  expect(await a8(page, "Board preview")).toBe(BLUE_LIGHT);
  await expect(page.getByText("Saved to your account.")).toBeVisible();

  await page.reload();
  await expect(theme(page)).toHaveAttribute("data-theme", "dark");
  await expect(page.getByRole("radio", { name: "Blue", exact: true })).toBeChecked();
  await page.goto("/");
  expect(await a8(page, "Free board")).toBe(BLUE_LIGHT);
  await page.context().close();

  // A browser that has never seen these settings gets them from the account.
  const elsewhere = await newPage(browser, me.sessionId);
  await elsewhere.goto("/settings");
  await expect(elsewhere.getByRole("radio", { name: /^Dark/ })).toBeChecked();
  await expect(theme(elsewhere)).toHaveAttribute("data-theme", "dark");
  expect(await a8(elsewhere, "Board preview")).toBe(BLUE_LIGHT);
  await elsewhere.context().close();
});

test("a change made just before the tab is closed still reaches the account", async ({ browser }) => {
  const me = await registeredUser("close");
  const page = await newPage(browser, me.sessionId);
  await page.goto("/settings");
  await expect(page.getByText("Saved to your account.")).toBeVisible();
  // Closed well inside the half second the page waits before saving.
  await page.getByRole("radio", { name: /^Dark/ }).check();
  await page.close({ runBeforeUnload: true });
  await page.context().close();

  const elsewhere = await newPage(browser, me.sessionId);
  await elsewhere.goto("/settings");
  await expect(elsewhere.getByRole("radio", { name: /^Dark/ })).toBeChecked();
  await elsewhere.context().close();
});

test("a guest's settings are kept in the browser, and carry over to an account that has none", async ({ browser }) => {
  const page = await newPage(browser);
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/settings");
  await expect(page.getByText(/Saved in this browser/)).toBeVisible();
  expect(await pageBackground(page)).toBe(LIGHT_BG);

  await choose(page, /^Dark/, "Green");
  await page.reload();
  await expect(theme(page)).toHaveAttribute("data-theme", "dark");
  expect(await pageBackground(page)).toBe(DARK_BG);
  await expect(page.getByRole("radio", { name: "Green", exact: true })).toBeChecked();
  expect(await a8(page, "Board preview")).toBe(GREEN_LIGHT);

  // "System" follows the device.
  await page.getByRole("radio", { name: /^System/ }).check();
  expect(await pageBackground(page)).toBe(LIGHT_BG);
  await page.emulateMedia({ colorScheme: "dark" });
  expect(await pageBackground(page)).toBe(DARK_BG);
  await choose(page, /^Light/, "Purple");

  const me = await registeredUser("carry");
  await page.goto("/my-profile");
  await page.getByRole("button", { name: "Login" }).click();
  const login = page.getByRole("dialog", { name: "Login" });
  await login.getByLabel("Username").fill(me.name);
  await login.getByLabel("Password").fill("a-good-password");
  await login.getByRole("button", { name: "Log in" }).click();
  await expect(login).toBeHidden();

  await page.goto("/settings");
  await expect(page.getByText("Saved to your account.")).toBeVisible();
  await expect(page.getByRole("radio", { name: "Purple", exact: true })).toBeChecked();
  await page.context().close();

  const elsewhere = await newPage(browser, me.sessionId);
  await elsewhere.emulateMedia({ colorScheme: "dark" });
  await elsewhere.goto("/settings");
  await expect(theme(elsewhere)).toHaveAttribute("data-theme", "light");
  expect(await pageBackground(elsewhere)).toBe(LIGHT_BG);
  expect(await a8(elsewhere, "Board preview")).toBe(PURPLE_LIGHT);
  await elsewhere.context().close();
});

test("a player changes the password in Settings, then logs in with the new one", async ({ browser }) => {
  const me = await registeredUser("pw");
  const page = await newPage(browser, me.sessionId);
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Password" });
  const change = async (current: string, next: string) => {
    await section.getByLabel("Current password").fill(current);
    await section.getByLabel("New password", { exact: true }).fill(next);
    await section.getByLabel("Repeat new password").fill(next);
    await section.getByRole("button", { name: "Change password" }).click();
  };

  await change("not-my-password", "a-better-password");
  await expect(section.getByRole("alert")).toHaveText("Your current password is not right");
  await change("a-good-password", "a-better-password");
  await expect(section.getByRole("status")).toHaveText("Your password has been changed");
  await expect(section.getByLabel("Current password")).toHaveValue("");

  await page.goto("/my-profile");
  await page.getByRole("button", { name: "Logout" }).click();
  await page.getByRole("button", { name: "Login" }).click();
  const login = page.getByRole("dialog", { name: "Login" });
  await login.getByLabel("Username").fill(me.name);
  await login.getByLabel("Password").fill("a-good-password");
  await login.getByRole("button", { name: "Log in" }).click();
  await expect(login).toContainText("Invalid username or password");
  await login.getByLabel("Password").fill("a-better-password");
  await login.getByRole("button", { name: "Log in" }).click();
  await expect(login).toBeHidden();
  await expect(page.getByTestId("identity")).toContainText(me.name);
  await page.context().close();
});

test("a player who takes no takebacks is never asked for one: the opponent gets no Propose takeback", async ({
  browser,
}) => {
  const alice = await registeredUser("tbn");
  const bob = await registeredUser("tbb");
  const settings = await newPage(browser, alice.sessionId);
  await settings.goto("/settings");
  const games = settings.getByRole("region", { name: "Games" });
  await games.getByRole("radio", { name: /^Never/ }).check();
  await expect(settings.getByText("Saved to your account.")).toBeVisible();
  await settings.context().close();

  // Bob (White) plays Alice after her choice: both have moved, and Bob has nothing to propose.
  const game = await socketGame(bob.sessionId, alice.sessionId);
  const page = await newPage(browser, bob.sessionId);
  try {
    await game.move(0, "e2e4");
    await game.move(1, "e7e5");
    await page.goto(`/play?gameId=${game.gameId}`);
    await expect(page.getByRole("table", { name: "Moves" }).getByRole("button")).toHaveCount(2);
    await expect(page.getByRole("button", { name: "Suggest Draw" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Propose takeback" })).toHaveCount(0);
  } finally {
    await game.end();
    await page.context().close();
  }
});

test("a player closes their account in Settings: logged out everywhere, then a guest on the lobby", async ({
  browser,
}) => {
  const [me, opponent] = [await registeredUser("bye"), await registeredUser("stay")];
  const game = await socketGame(me.sessionId, opponent.sessionId, 10);
  await game.move(0, "e2e4");
  await game.move(1, "e7e5");
  const page = await newPage(browser, me.sessionId);
  const elsewhere = await newPage(browser, await loginAgain(me.name));
  await elsewhere.goto("/my-profile");
  await expect(elsewhere.getByRole("button", { name: "Logout" })).toBeVisible();

  await page.goto("/settings");
  await page.getByRole("region", { name: "Account" }).getByRole("button", { name: "Close account" }).click();
  const dialog = page.getByRole("dialog", { name: "Close your account?" });
  await expect(dialog).toContainText(`Closing ${me.name} cannot be undone`);
  const closeWith = async (password: string) => {
    await dialog.getByLabel("Current password").fill(password);
    await dialog.getByRole("button", { name: "Close my account" }).click();
  };
  await closeWith("not-my-password");
  await expect(dialog.getByRole("alert")).toHaveText("Your current password is not right");
  await closeWith("a-good-password");
  await expect(dialog.getByRole("alert")).toHaveText("Finish or resign your games first");

  await game.resign("w");
  await game.end();
  await closeWith("a-good-password");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Your account is closed")).toBeVisible();
  await expect(page.getByTestId("identity")).toContainText(/Guest-\d{4}/);
  // The other device is logged out too.
  await expect(elsewhere.getByRole("button", { name: "Login" })).toBeVisible();
  await expect(elsewhere.getByTestId("identity")).toContainText(/Guest-\d{4}/);

  await page.goto("/my-profile");
  await page.getByRole("button", { name: "Login" }).click();
  const login = page.getByRole("dialog", { name: "Login" });
  await login.getByLabel("Username").fill(me.name);
  await login.getByLabel("Password").fill("a-good-password");
  await login.getByRole("button", { name: "Log in" }).click();
  await expect(login).toContainText("This account is closed");
  await login.getByRole("button", { name: "Close" }).click();

  await page.goto(`/profile?username=${me.name}`);
  const closed = page.getByRole("status").filter({ hasText: "This account is closed" });
  await expect(closed.getByRole("heading", { level: 1, name: me.name })).toBeVisible();
  await expect(page.getByRole("table", { name: "Game history" })).toHaveCount(0);
  // The game keeps its name, in the opponent's history.
  await page.goto(`/profile?username=${opponent.name}`);
  await expect(
    page.getByRole("table", { name: "Game history" }).getByRole("row").filter({ hasText: me.name }),
  ).toHaveCount(1);
});

test("the sound set chosen in the settings is kept and is the one a game fetches", async ({ browser }) => {
  const [me, other] = [await registeredUser("snd"), await registeredUser("snd")];
  const page = await newPage(browser, me.sessionId);
  await page.goto("/settings");
  const sound = page.getByTestId("sound-settings");
  await expect(sound).toHaveAttribute("data-sound-set", "wood");
  // Choosing a set plays a sample of it: the chime file, served as audio.
  const chime = page.waitForResponse(/\/assets\/chime-move-[\w-]+\.wav$/);
  await page.getByRole("radio", { name: /Chime/ }).check();
  const response = await chime;
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^audio\//);
  await expect(sound).toHaveAttribute("data-sound-set", "chime");
  await page.getByRole("radio", { name: /Digital/ }).check();
  await expect(sound).toHaveAttribute("data-sound-set", "digital");
  await expect(page.getByText("Saved to your account")).toBeVisible();

  // A game opened in another browser of the same account fetches that set's files.
  const game = await socketGame(me.sessionId, other.sessionId);
  const elsewhere = await newPage(browser, await loginAgain(me.name));
  try {
    const digital = elsewhere.waitForResponse(/\/assets\/digital-capture-[\w-]+\.wav$/);
    await elsewhere.goto(`/play?gameId=${game.gameId}`);
    expect((await digital).status()).toBe(200);
  } finally {
    await game.end();
  }
});
