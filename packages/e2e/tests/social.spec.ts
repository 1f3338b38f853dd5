import type { Browser, Page } from "@playwright/test";
import { baseURL } from "../support/players.ts";
import { expect, test } from "../support/test.ts";
import { storage } from "../support/variants.ts";

const unique = () => `p${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL() });
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  return page;
}

/** A registered user, logged in through the Login modal, left on My Profile. */
async function user(browser: Browser): Promise<{ page: Page; name: string }> {
  const page = await newPage(browser);
  const name = unique();
  const created = await page.request.post("/user/create", {
    data: { username: name, email: `${name}@example.com`, password: "a-good-password" },
  });
  expect(created.status()).toBe(201);
  await page.goto("/my-profile");
  await page.getByRole("button", { name: "Login" }).click();
  const login = page.getByRole("dialog", { name: "Login" });
  await login.getByLabel("Username").fill(name);
  await login.getByLabel("Password").fill("a-good-password");
  await login.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByTestId("identity")).toContainText(name);
  return { page, name };
}

/** Screenshots at a laptop's 1440×900 and a phone's 390×844, for a look; the page is left at 1440×900. */
async function bothSizes(page: Page, name: string) {
  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `test-results/${name}-${width}.png` });
  }
}

async function openSocial(page: Page) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Social" }).click();
  await expect(page.getByRole("navigation", { name: "My clubs" })).toBeVisible();
}

test("a logged-out visitor sees Access Denied on /social", async ({ page }) => {
  await page.goto("/social");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByText("Please log in via My Profile")).toBeVisible();
  await expect(page).toHaveTitle("Social · Chess");
  await page.getByRole("link", { name: "My Profile" }).last().click();
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
});

test("a club: create, invite, accept, post, calendar note, chat, and leave", storage, async ({ browser }) => {
  test.setTimeout(240_000);
  const a = await user(browser);
  const b = await user(browser);
  const clubName = `Club ${unique()}`;

  // A creates the club.
  await openSocial(a.page);
  await a.page.getByRole("button", { name: "Create club" }).click();
  const create = a.page.getByRole("dialog", { name: "Create a club" });
  await expect(create.getByRole("button", { name: "Create" })).toBeDisabled();
  await create.getByLabel("Club name").fill(`  ${clubName}  `);
  await create.getByRole("button", { name: "Create" }).click();
  await expect(create.getByText("Club created")).toBeVisible();
  await expect(create).toBeHidden();
  const aSidebar = a.page.getByRole("navigation", { name: "My clubs" });
  await expect(aSidebar.getByRole("button", { name: clubName })).toHaveAttribute("aria-current", "true");
  await expect(a.page.getByRole("heading", { level: 2, name: clubName })).toBeVisible();

  // B has the Social page open in a second tab as well.
  const bTab = await b.page.context().newPage();
  await bTab.goto("/social");
  const bTabSidebar = bTab.getByRole("navigation", { name: "My clubs" });
  await expect(bTabSidebar).toBeVisible();

  // A invites B.
  await a.page.getByRole("button", { name: "Club settings" }).click();
  const admin = a.page.getByRole("dialog", { name: "Administer Club" });
  await expect(admin.getByRole("button", { name: "Invite" })).toBeDisabled();
  await admin.getByLabel("Invite by username").fill(b.name);
  await admin.getByRole("button", { name: "Invite" }).click();
  await expect(admin.getByText("Invitation sent")).toBeVisible();
  await expect(admin.getByRole("listitem").filter({ hasText: a.name })).toContainText("Admin");
  await a.page.keyboard.press("Escape");
  await expect(admin).toBeHidden();

  // B gets a toast wherever they are, and the menu's Social counts the invitation; View opens the
  // invitations dialog on the Social page.
  const toast = b.page.getByRole("status", { name: "Club invitation" });
  await expect(toast).toContainText(`${a.name} invited you to join ${clubName}.`);
  const social = b.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Social/ });
  await expect(social).toHaveAccessibleName("Social, 1 club invitation");
  await expect(bTabSidebar).toContainText("A club invited you");
  // The other tab's toast waits under the pointer (a toast does not go while hovered).
  const bTabToast = bTab.getByRole("status", { name: "Club invitation" });
  await bTabToast.hover();
  await toast.getByRole("button", { name: "View" }).click();
  await expect(b.page).toHaveURL(/\/social$/);
  const invitations = b.page.getByRole("dialog", { name: "Your club-invitations" });
  await expect(invitations).toContainText(clubName);
  await invitations.getByRole("button", { name: "Accept" }).click();
  // Accepting closes the dialog and opens the new club; nothing waits any more.
  await expect(invitations).toBeHidden();
  await expect(social).toHaveAccessibleName("Social");
  await expect(b.page.getByRole("heading", { level: 2, name: clubName })).toBeVisible();
  // B's other tab, told the answer, counts nothing either and lists the club it joined.
  const bTabSocial = bTab.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Social/ });
  await expect(bTabSocial).toHaveAccessibleName("Social");
  await expect(bTabSidebar.getByRole("button", { name: clubName })).toBeVisible();
  await expect(bTabSidebar).not.toContainText("A club invited you");
  await expect(bTabToast).toBeHidden();
  await bTab.close();
  // A, on the club's page all along, sees B join without a refresh.
  await expect(a.page.getByRole("region", { name: /^Members/ }).getByRole("link")).toHaveCount(2);

  // A publishes a post; B sees it appear live.
  const postText = `Blitz arena on Friday ${unique()} <b>not bold</b>`;
  const aFeed = a.page.getByRole("region", { name: "Posts" });
  await aFeed.getByRole("button", { name: "Create post" }).click();
  await expect(aFeed.getByRole("button", { name: "Send" })).toBeDisabled();
  await aFeed.getByLabel("Post text").fill(postText);
  await aFeed.getByLabel("Post text").press("Enter");
  await expect(aFeed.getByText(postText, { exact: true })).toBeVisible();
  const bFeed = b.page.getByRole("region", { name: "Posts" });
  await expect(bFeed.getByText(postText, { exact: true })).toBeVisible();
  await expect(bFeed).toContainText(a.name);

  // A adds a note on the 15th of the month shown; the day gets a dot, and B sees it live.
  const noteTitle = `Club match ${unique()}`;
  const aDay = a.page.locator('.club-calendar__grid button[data-date$="-15"]');
  await aDay.click();
  await expect(aDay).toHaveAttribute("aria-pressed", "true");
  const aCalendar = a.page.getByRole("region", { name: "Calendar" });
  await expect(aCalendar.getByRole("button", { name: "Add" })).toBeDisabled();
  await aCalendar.getByLabel("New note").fill(noteTitle);
  await aCalendar.getByRole("button", { name: "Add" }).click();
  await expect(aDay.getByTestId("event-dot")).toBeVisible();
  await expect(aCalendar.getByRole("list", { name: /Notes for/ })).toContainText(noteTitle);
  const bDay = b.page.locator('.club-calendar__grid button[data-date$="-15"]');
  await expect(bDay.getByTestId("event-dot")).toBeVisible();
  await bDay.click();
  await expect(b.page.getByRole("region", { name: "Calendar" })).toContainText(noteTitle);

  // Club chat in real time, both ways.
  const aChat = a.page.getByRole("region", { name: "Club chat" });
  const bChat = b.page.getByRole("region", { name: "Club chat" });
  const hello = `hello club ${unique()}`;
  await aChat.getByRole("textbox", { name: "Message" }).fill(hello);
  await aChat.getByRole("textbox", { name: "Message" }).press("Enter");
  await expect(bChat.getByText(hello)).toBeVisible();
  const reply = `hi ${a.name} ${unique()}`;
  await bChat.getByRole("textbox", { name: "Message" }).fill(reply);
  await bChat.getByRole("button", { name: "Send" }).click();
  await expect(aChat.getByText(reply)).toBeVisible();

  // B, who joined last, sees both members with default ratings; a click opens the profile.
  const members = b.page.getByRole("region", { name: /^Members/ });
  await expect(members.getByRole("link")).toHaveCount(2);
  await expect(members.getByRole("link").filter({ hasText: a.name })).toContainText("Admin");
  await members.getByLabel("Time format").selectOption("blitz");
  await members.getByLabel("Elo type").selectOption("club");
  await members.getByRole("button", { name: "Apply" }).click();
  await expect(members.getByRole("link").first()).toContainText("1200");

  // A's settings read the members again: B is listed now.
  await a.page.getByRole("button", { name: "Club settings" }).click();
  await expect(a.page.getByRole("dialog", { name: "Administer Club" })).toContainText(b.name);
  await a.page.keyboard.press("Escape");

  // B leaves through Club Details.
  await b.page.getByRole("button", { name: "Club settings" }).click();
  const details = b.page.getByRole("dialog", { name: "Club Details" });
  await expect(details.getByLabel("Invite by username")).toHaveCount(0);
  await details.getByRole("button", { name: "Leave Club" }).click();
  const confirm = b.page.getByRole("dialog", { name: "Confirm Leave Club" });
  await expect(confirm.getByRole("button", { name: "No, Stay" })).toBeVisible();
  await confirm.getByRole("button", { name: "Yes, Leave" }).click();
  await expect(b.page.getByText("You left the club")).toBeVisible();
  await expect(b.page.getByText("You are not in a club yet.", { exact: false })).toBeVisible();
  await expect(b.page.getByRole("heading", { level: 2, name: clubName })).toHaveCount(0);
  // A sees B go without a refresh.
  await expect(a.page.getByRole("region", { name: /^Members/ }).getByRole("link")).toHaveCount(1);

  // Clicking a member opens the profile.
  await a.page.reload();
  await a.page
    .getByRole("region", { name: /^Members/ })
    .getByRole("link")
    .filter({ hasText: a.name })
    .click();
  await expect(a.page).toHaveURL(new RegExp(`/profile\\?username=${a.name}$`));
});

test("find a club: one joins a by-request club once the administrator accepts, another an open club at once", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const a = await user(browser);
  const b = await user(browser);
  const clubName = `Club ${unique()}`;

  await openSocial(a.page);
  await a.page.getByRole("button", { name: "Create club" }).click();
  const create = a.page.getByRole("dialog", { name: "Create a club" });
  await create.getByLabel("Club name").fill(clubName);
  await create.getByRole("button", { name: "Create" }).click();
  await expect(create).toBeHidden();
  await a.page.getByRole("button", { name: "Club settings" }).click();
  const admin = a.page.getByRole("dialog", { name: "Administer Club" });
  await admin.getByLabel("Who can join").selectOption({ label: "Join by request" });
  await expect(admin.getByText("Saved")).toBeVisible();

  // B finds the club by name and asks to join.
  await openSocial(b.page);
  await b.page.getByRole("button", { name: "Find a club" }).click();
  const find = b.page.getByRole("dialog", { name: "Find a club" });
  await find.getByLabel("Search clubs by name").fill(clubName);
  const row = find.getByRole("listitem").filter({ hasText: clubName });
  await expect(row).toContainText("1 member · Join by request");
  await row.getByRole("button", { name: `Request to join ${clubName}` }).click();
  await expect(find.getByRole("status")).toContainText("Request sent");
  await expect(row).toContainText("Requested");
  await b.page.keyboard.press("Escape");

  // A, with the settings still open, sees the request arrive and accepts it.
  await admin.getByRole("button", { name: `Accept ${b.name}` }).click();
  await expect(admin.getByText("Request accepted")).toBeVisible();
  await expect(admin.getByRole("listitem").filter({ hasText: b.name })).toBeVisible();

  // Opened to anyone, the club lets a third player in at once.
  await admin.getByLabel("Who can join").selectOption({ label: "Anyone can join" });
  await expect(admin.getByText("Saved")).toBeVisible();
  const c = await user(browser);
  await openSocial(c.page);
  await c.page.getByRole("button", { name: "Find a club" }).click();
  const findC = c.page.getByRole("dialog", { name: "Find a club" });
  await findC.getByLabel("Search clubs by name").fill(clubName);
  await findC.getByRole("button", { name: `Join ${clubName}` }).click();
  await expect(findC).toBeHidden();
  await expect(c.page.getByRole("heading", { level: 2, name: clubName })).toBeVisible();
  await expect(
    c.page.getByRole("navigation", { name: "My clubs" }).getByRole("button", { name: clubName }),
  ).toBeVisible();
});

test("a club created open with a description is found by search; a request to join a by-request club shows as a badge", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const a = await user(browser);
  const b = await user(browser);
  const openName = `Open ${unique()}`;
  const askedName = `Asked ${unique()}`;

  // Created open, with a description: the dialog asks for both.
  await openSocial(a.page);
  await a.page.getByRole("button", { name: "Create club" }).click();
  let create = a.page.getByRole("dialog", { name: "Create a club" });
  await create.getByLabel("Club name").fill(openName);
  await expect(create.getByLabel(/Anyone can join/)).toBeChecked();
  await create.getByLabel(/Description/).fill("Rapid games on Sunday evenings");
  await bothSizes(a.page, "clubs-create");
  await create.getByRole("button", { name: "Create" }).click();
  await expect(create).toBeHidden();
  // Its members read what it is about at its head, as finders do.
  await expect(a.page.getByTestId("club-description")).toHaveText("Rapid games on Sunday evenings");

  // Another by request.
  await a.page.getByRole("button", { name: "Create club" }).click();
  create = a.page.getByRole("dialog", { name: "Create a club" });
  await create.getByLabel("Club name").fill(askedName);
  await create.getByLabel(/Join by request/).check();
  await create.getByRole("button", { name: "Create" }).click();
  await expect(create).toBeHidden();

  // A looks at another page meanwhile.
  await a.page.goto("/leaderboards");

  // B finds the open club with its description, and asks to join the other.
  await openSocial(b.page);
  await b.page.getByRole("button", { name: "Find a club" }).click();
  const find = b.page.getByRole("dialog", { name: "Find a club" });
  await find.getByLabel("Search clubs by name").fill(openName);
  const found = find.getByRole("listitem").filter({ hasText: openName });
  await expect(found).toContainText("Anyone can join");
  await expect(found).toContainText("Rapid games on Sunday evenings");
  await bothSizes(b.page, "clubs-found");
  await find.getByLabel("Search clubs by name").fill(askedName);
  await find.getByRole("button", { name: `Request to join ${askedName}` }).click();
  await expect(find.getByRole("status")).toContainText("Request sent");
  await b.page.keyboard.press("Escape");

  // A is told wherever A is: a notice, a badge on Social (kept across a reload), and a count beside the club.
  await expect(a.page.getByRole("status", { name: "Request to join" })).toContainText(
    `${b.name} asks to join ${askedName}`,
  );
  const social = a.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Social/ });
  await expect(social).toHaveAccessibleName(/1 request to join a club/);
  await bothSizes(a.page, "clubs-request-badge");
  await a.page.reload();
  await expect(social).toHaveAccessibleName(/1 request to join a club/);
  await openSocial(a.page);
  const mine = a.page.getByRole("navigation", { name: "My clubs" });
  await expect(mine.getByRole("button", { name: new RegExp(askedName) })).toContainText("1");
  await mine.getByRole("button", { name: new RegExp(askedName) }).click();
  await a.page.getByRole("button", { name: "Club settings" }).click();
  const admin = a.page.getByRole("dialog", { name: "Administer Club" });
  await admin.getByRole("button", { name: `Accept ${b.name}` }).click();
  await expect(admin.getByText("Request accepted")).toBeVisible();
  await expect(social).toHaveAccessibleName("Social");
});
