import type { Page } from "@playwright/test";
import { expect, test } from "../support/test.ts";
import { storage } from "../support/variants.ts";

const unique = () => `p${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const nav = (page: Page) => page.getByTestId("identity");

async function openCreateUser(page: Page) {
  await page.goto("/my-profile");
  await page.getByRole("button", { name: "Create User" }).click();
  return page.getByRole("dialog", { name: "Create User" });
}

test("a guest sees a guest name and gets a session id", async ({ page }) => {
  await page.goto("/");
  await expect(nav(page)).toContainText(/Guest-\d{4}/);
  const stored = await page.evaluate(() => sessionStorage.getItem("sessionId"));
  expect(stored).toMatch(/^[\w-]{20,}$/);
});

test("a guest's page loads, and reloads, without an error in the console", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${message.text()} (${message.location().url})`);
  });
  const userLookups: number[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname === "/user") userLookups.push(response.status());
  });
  await page.goto("/");
  await expect(nav(page)).toContainText(/Guest-\d{4}/);
  // A reload keeps the guest's session (its stored id names the guest).
  const name = await nav(page).textContent();
  await page.reload();
  await expect(nav(page)).toHaveText(name ?? "");
  await page.waitForLoadState("networkidle");
  expect(errors).toEqual([]);
  // A browser that never logged in has no account to look up: GET /user could only answer 401.
  expect(userLookups).toEqual([]);
});

test("register, log out, log in, and a reload keeps the session", storage, async ({ page }) => {
  const username = unique();
  const dialog = await openCreateUser(page);
  await dialog.getByLabel("Username").fill(username);
  await dialog.getByLabel("Email").fill(`${username}@example.com`);
  await dialog.getByLabel("Password", { exact: true }).fill("a-good-password");
  await dialog.getByLabel("Repeat password").fill("a-good-password");
  await dialog.getByRole("button", { name: "Create account" }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: username })).toBeVisible();
  await expect(nav(page)).toContainText(username);

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
  await expect(nav(page)).toContainText(/Guest-\d{4}/);

  await page.getByRole("button", { name: "Login" }).click();
  const login = page.getByRole("dialog", { name: "Login" });
  await login.getByLabel("Username").fill(username.toUpperCase());
  await login.getByLabel("Password").fill("a-good-password");
  await login.getByRole("button", { name: "Log in" }).click();
  await expect(login).toBeHidden();
  await expect(nav(page)).toContainText(username);

  await page.reload();
  await expect(page.getByRole("heading", { name: username })).toBeVisible();
  await expect(nav(page)).toContainText(username);
});

test("the create form shows the spec's messages and the server's", async ({ page }) => {
  const dialog = await openCreateUser(page);
  await dialog.getByLabel("Username").fill(unique());
  await dialog.getByLabel("Email").fill("not-an-email");
  await dialog.getByLabel("Password", { exact: true }).fill("a-good-password");
  await dialog.getByLabel("Repeat password").fill("a-good-password");
  await dialog.getByRole("button", { name: "Create account" }).click();
  await expect(dialog).toContainText("Missing or invalid characters in e-mail");

  await dialog.getByLabel("Email").fill("someone@example.com");
  await dialog.getByLabel("Repeat password").fill("another-password");
  await dialog.getByRole("button", { name: "Create account" }).click();
  await expect(dialog).toContainText("Passwords must match");

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("a taken username and a wrong password get clear messages", async ({ page, request }) => {
  const username = unique();
  const created = await request.post("/user/create", {
    data: { username, email: `${username}@example.com`, password: "a-good-password" },
  });
  expect(created.status()).toBe(201);

  const dialog = await openCreateUser(page);
  await dialog.getByLabel("Username").fill(username);
  await dialog.getByLabel("Email").fill(`other-${username}@example.com`);
  await dialog.getByLabel("Password", { exact: true }).fill("a-good-password");
  await dialog.getByLabel("Repeat password").fill("a-good-password");
  await dialog.getByRole("button", { name: "Create account" }).click();
  await expect(dialog).toContainText("This username is already taken");
  await dialog.getByRole("button", { name: "Close" }).click();

  await page.getByRole("button", { name: "Login" }).click();
  const login = page.getByRole("dialog", { name: "Login" });
  await login.getByLabel("Username").fill(username);
  await login.getByLabel("Password").fill("wrong-password");
  await login.getByRole("button", { name: "Log in" }).click();
  await expect(login).toContainText("Invalid username or password");
});
