import type { Page } from "@playwright/test";
import { newPage, registeredUser, unique } from "../support/players.ts";
import { expect, test } from "../support/test.ts";
import { storage } from "../support/variants.ts";

/** A club made by `page`'s player through the API (the club pages' own flow is social.spec's): its name. */
async function clubOf(page: Page, joinPolicy: "open" | "invite"): Promise<string> {
  const clubName = `Club ${unique("m")}`;
  const created = await page.request.post("/club/create", { data: { clubName } });
  expect(created.status()).toBe(201);
  const { clubId } = (await created.json()) as { clubId: number };
  const set = await page.request.post("/club/settings", { data: { clubId, joinPolicy } });
  expect(set.status()).toBe(200);
  return clubName;
}

async function openClub(page: Page, clubName: string) {
  await page.goto("/social");
  await page.getByRole("navigation", { name: "My clubs" }).getByRole("button", { name: clubName }).click();
  await expect(page.getByRole("heading", { level: 2, name: clubName })).toBeVisible();
}

test(
  "two clubs play a daily match: challenged, accepted, signed up, started, boards shown live",
  storage,
  async ({ browser }) => {
    test.setTimeout(180_000);
    const [a, b] = [await registeredUser("ma"), await registeredUser("mb")];
    const pageA = await newPage(browser, a.sessionId);
    const pageB = await newPage(browser, b.sessionId);
    const clubA = await clubOf(pageA, "invite");
    const clubB = await clubOf(pageB, "open");
    await openClub(pageA, clubA);
    await openClub(pageB, clubB);
    const matchesA = pageA.getByRole("region", { name: "Club matches" });
    const matchesB = pageB.getByRole("region", { name: "Club matches" });
    await expect(matchesA.getByText("No matches yet")).toBeVisible();

    // A's administrator finds club B by name and challenges it.
    await matchesA.getByRole("button", { name: "Challenge a club" }).click();
    const dialog = pageA.getByRole("dialog", { name: "Challenge a club" });
    await dialog.getByLabel("Club").fill(clubB.slice(0, 8));
    await dialog.getByRole("button", { name: new RegExp(clubB) }).click();
    await dialog.getByLabel("Days per move").selectOption("2");
    await dialog.getByRole("button", { name: "Send challenge" }).click();
    await expect(dialog).toBeHidden();
    await expect(matchesA.getByText("Waiting for their answer")).toBeVisible();

    // B's page hears of it without a reload, accepts and signs up.
    await matchesB.getByRole("button", { name: /They challenge us/ }).click();
    await matchesB.getByRole("button", { name: "Accept" }).click();
    await matchesB.getByRole("button", { name: "Sign up" }).click();
    await expect(matchesB.getByRole("button", { name: "Withdraw" })).toBeVisible();

    // A's row moved on by itself; A signs up and starts at once.
    const rowA = matchesA.getByRole("button", { name: /Sign-up open/ });
    await rowA.click();
    await matchesA.getByRole("button", { name: "Sign up" }).click();
    await matchesA.getByRole("button", { name: "Start now" }).click();
    const boards = matchesA.getByRole("table");
    await expect(boards.getByRole("row")).toHaveCount(2);
    await expect(boards).toContainText(a.name);
    await expect(boards).toContainText(b.name);
    await expect(boards.getByRole("link", { name: "White: playing" })).toBeVisible();
    await expect(boards.getByRole("link", { name: "Black: playing" })).toBeVisible();
    await expect(matchesB.getByText(/In play · 0 of 2 games over/)).toBeVisible();

    await pageB.setViewportSize({ width: 390, height: 844 });
    await matchesB.scrollIntoViewIfNeeded();
    await pageB.screenshot({ path: "test-results/club-match-phone.png", fullPage: true });
  },
);
