import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { baseURL, lobbyOffer, newPage as loggedInPage, registeredUser } from "../support/players.ts";
import { expect, test } from "../support/test.ts";
import { storage } from "../support/variants.ts";

const unique = () => `p${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL() });
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  return page;
}

async function createUser(request: APIRequestContext): Promise<string> {
  const name = unique();
  const created = await request.post("/user/create", {
    data: { username: name, email: `${name}@example.com`, password: "a-good-password" },
  });
  expect(created.status()).toBe(201);
  return name;
}

/** A registered user, logged in through the Login modal, left on My Profile with the friends panel. */
async function user(browser: Browser): Promise<{ page: Page; name: string }> {
  const page = await newPage(browser);
  const name = await createUser(page.request);
  await page.goto("/my-profile");
  await page.getByRole("button", { name: "Login" }).click();
  const login = page.getByRole("dialog", { name: "Login" });
  await login.getByLabel("Username").fill(name);
  await login.getByLabel("Password").fill("a-good-password");
  await login.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByTestId("identity")).toContainText(name);
  await expect(page.getByRole("region", { name: /^Friends/ })).toBeVisible();
  return { page, name };
}

const friendCard = (page: Page, name: string) => page.locator(`[data-testid="friend-card"][data-friend="${name}"]`);

test(
  "friends: request, accept, messages in real time, and a challenge that starts a game",
  storage,
  async ({ browser }) => {
    test.setTimeout(240_000);
    const a = await user(browser);
    const b = await user(browser);

    // A asks B; B gets a toast and the request in the panel, and accepts.
    await expect(a.page.getByRole("button", { name: "Add friend" })).toBeDisabled();
    await a.page.getByLabel("Friend's username").fill(b.name);
    await a.page.getByRole("button", { name: "Add friend" }).click();
    await expect(a.page.getByText("Friend Request Sent")).toBeVisible();
    const waiting = a.page.getByRole("region", { name: "Waiting for an answer" });
    await expect(waiting).toContainText(`Asked ${b.name}`);
    await expect(b.page.getByRole("status", { name: "Friend request" })).toContainText(
      `${a.name} wants to be your friend.`,
    );
    // The toast goes; the navigation keeps the request in sight, across a reload, until it is answered.
    const profileLink = (p: Page) =>
      p.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^My Profile/ });
    await expect(profileLink(b.page)).toHaveAccessibleName("My Profile, 1 friend request");
    await b.page.reload();
    await expect(profileLink(b.page)).toHaveAccessibleName("My Profile, 1 friend request");
    const requests = b.page.getByRole("region", { name: "Friend requests" });
    await expect(requests).toContainText(a.name);
    await requests.getByRole("button", { name: "Accept" }).click();
    await expect(b.page.getByText("You are now friends")).toBeVisible();
    await expect(profileLink(b.page)).toHaveAccessibleName("My Profile");
    await expect(friendCard(b.page, a.name)).toContainText("Online");

    // A is told at once, and sees B among their friends without reloading; an error shows in the red box.
    await expect(a.page.getByRole("status", { name: "New friend" })).toContainText(
      `${b.name} accepted your friend request.`,
    );
    await expect(friendCard(a.page, b.name)).toContainText("Friends since");
    await expect(waiting).toBeHidden();
    await a.page.getByLabel("Friend's username").fill(b.name);
    await a.page.getByRole("button", { name: "Add friend" }).click();
    await expect(a.page.getByRole("alert")).toHaveText("You are already friends");

    // Private messages both ways, live.
    await friendCard(a.page, b.name).getByRole("link", { name: "Message" }).click();
    await expect(a.page).toHaveURL(new RegExp(`/messages/${b.name}$`));
    await expect(a.page.getByRole("heading", { level: 2, name: b.name })).toBeVisible();
    await friendCard(b.page, a.name).getByRole("link", { name: "Message" }).click();
    await expect(b.page.getByText(/No messages yet/)).toBeVisible();

    const hello = `hello ${unique()}`;
    const aInput = a.page.getByLabel("Message", { exact: true });
    await expect(a.page.getByRole("button", { name: "Send" })).toBeDisabled();
    await aInput.fill(`  ${hello}  `);
    await aInput.press("Enter");
    await expect(aInput).toHaveValue("");
    await expect(b.page.getByText(hello, { exact: true })).toBeVisible();
    await expect(a.page.getByText(hello, { exact: true })).toHaveCount(1);
    const reply = `hi back ${unique()}`;
    await b.page.getByLabel("Message", { exact: true }).fill(reply);
    await b.page.getByRole("button", { name: "Send" }).click();
    await expect(a.page.getByText(reply, { exact: true })).toBeVisible();
    await a.page.reload();
    await expect(a.page.getByText(hello, { exact: true })).toBeVisible();
    await expect(a.page.getByText(reply, { exact: true })).toBeVisible();

    // A challenges B from the friends panel; B accepts from the messages page; both play.
    await a.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My Profile" }).click();
    await friendCard(a.page, b.name).getByRole("button", { name: "Challenge", exact: true }).click();
    const dialog = a.page.getByRole("dialog", { name: `Challenge ${b.name}` });
    // The choices of Create Game: a custom time control here.
    await dialog.getByRole("button", { name: "Custom", exact: true }).click();
    await dialog.getByLabel(/Minutes per side/).fill("4");
    await dialog.getByLabel(/Increment in seconds/).fill("2");
    await dialog.getByText("White", { exact: true }).click();
    await dialog.getByRole("button", { name: "Send challenge" }).click();
    await expect(friendCard(a.page, b.name)).toContainText(`Waiting for ${b.name}…`);
    const prompt = b.page.getByRole("alertdialog", { name: "Accept challenge?" });
    await expect(prompt).toContainText(`${a.name} challenges you: 4+2 Standard, you play Black.`);
    await prompt.getByRole("button", { name: "Accept" }).click();
    await a.page.waitForURL(/\/play\?gameId=/);
    await b.page.waitForURL(/\/play\?gameId=/);
    expect(new URL(a.page.url()).searchParams.get("gameId")).toBe(new URL(b.page.url()).searchParams.get("gameId"));
    await expect(a.page.getByRole("heading", { level: 1 })).toContainText(`${a.name} vs ${b.name}`);
    await a.page.getByRole("button", { name: "Abort" }).click();
    await expect(a.page.getByRole("dialog", { name: "Gameover! The game was aborted" })).toBeVisible();
  },
);

test("an offline friend cannot be challenged; one who left since the list loaded is refused for 3 s", async ({
  browser,
}) => {
  const a = await user(browser);
  // B exists and is a friend but has not opened the site: offline.
  const bContext = await browser.newContext({ baseURL: baseURL() });
  const bName = await createUser(bContext.request);
  expect(
    (await bContext.request.post("/user/login", { data: { username: bName, password: "a-good-password" } })).ok(),
  ).toBe(true);
  expect((await a.page.request.post("/friend/send-request", { data: { friendName: bName } })).ok()).toBe(true);
  const invites = (await (await bContext.request.get("/friend/list-invites")).json()) as Array<{ inviterId: number }>;
  const accepted = await bContext.request.post("/friend/handle-request", {
    data: { inviterId: invites[0]?.inviterId, accepted: true },
  });
  expect(await accepted.json()).toEqual({ successMsg: "You are now friends" });

  await a.page.reload();
  const card = friendCard(a.page, bName);
  await expect(card).toContainText("Offline");
  await expect(card.getByRole("button", { name: "Challenge", exact: true })).toBeDisabled();
  await expect(card.getByRole("button", { name: "Challenge", exact: true })).toHaveAttribute(
    "title",
    `${bName} is offline`,
  );

  // B comes online: Challenge is offered. B leaves again before A clicks (the dots refresh every 30 s).
  const bPage = await bContext.newPage();
  await bPage.goto("/");
  await expect(bPage.getByTestId("identity")).toContainText(bName);
  await a.page.reload();
  await expect(card).toContainText("Online");
  await bContext.close();
  await card.getByRole("button", { name: "Challenge", exact: true }).click();
  await a.page
    .getByRole("dialog", { name: `Challenge ${bName}` })
    .getByRole("button", { name: "Send challenge" })
    .click();
  const message = card.getByText("Challenge failed - friend is offline.");
  await expect(message).toBeVisible();
  await expect(message).toBeHidden({ timeout: 5_000 });
});

/** Two users who are friends, each on a logged-in page (made through the API: the UI is tested above). */
async function friends(browser: Browser) {
  const [a, b] = [await registeredUser("ua"), await registeredUser("ub")];
  const [aPage, bPage] = [await loggedInPage(browser, a.sessionId), await loggedInPage(browser, b.sessionId)];
  expect((await aPage.request.post("/friend/send-request", { data: { friendName: b.name } })).ok()).toBe(true);
  const invites = (await (await bPage.request.get("/friend/list-invites")).json()) as Array<{ inviterId: number }>;
  const accepted = await bPage.request.post("/friend/handle-request", {
    data: { inviterId: invites[0]?.inviterId, accepted: true },
  });
  expect(accepted.ok()).toBe(true);
  return { a: { ...a, page: aPage }, b: { ...b, page: bPage } };
}

const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });

/** Blocks `name` from the friends list on My Profile, confirming. */
async function blockFriend(page: Page, name: string) {
  await page.goto("/my-profile");
  await friendCard(page, name).getByRole("button", { name: "Block" }).click();
  await page
    .getByRole("dialog", { name: `Block ${name}?` })
    .getByRole("button", { name: "Block" })
    .click();
  await expect(page.getByText("Player blocked")).toBeVisible();
}

async function sendMessage(page: Page, text: string) {
  const input = page.getByLabel("Message", { exact: true });
  await input.fill(text);
  await input.press("Enter");
  await expect(input).toHaveValue("");
}

test("unread messages: a badge in the navigation and on the card, cleared by reading", async ({ browser }) => {
  test.setTimeout(180_000);
  const { a, b } = await friends(browser);
  await b.page.goto("/my-profile");
  await expect(friendCard(b.page, a.name)).toBeVisible();
  await expect(nav(b.page).getByRole("link", { name: "Social", exact: true })).toBeVisible();

  // A writes twice; B, on the profile, sees the count arrive live.
  await a.page.goto(`/messages/${b.name}`);
  await sendMessage(a.page, "are you there?");
  await sendMessage(a.page, "game tonight?");
  const badge = nav(b.page).getByRole("link", { name: "Social, 2 unread messages" });
  await expect(badge).toBeVisible();
  await expect(badge).toContainText("2");
  await expect(friendCard(b.page, a.name).getByRole("link", { name: "Message, 2 unread messages" })).toBeVisible();
  // The server counts them too.
  await b.page.reload();
  await expect(nav(b.page).getByRole("link", { name: "Social, 2 unread messages" })).toBeVisible();

  // Opening the conversation reads it; a message arriving while it is open does not count.
  await friendCard(b.page, a.name)
    .getByRole("link", { name: /^Message/ })
    .click();
  await expect(b.page.getByText("game tonight?", { exact: true })).toBeVisible();
  await expect(nav(b.page).getByRole("link", { name: "Social", exact: true })).toBeVisible();
  await sendMessage(a.page, "here's the link");
  await expect(b.page.getByText("here's the link", { exact: true })).toBeVisible();
  await expect(nav(b.page).getByRole("link", { name: "Social", exact: true })).toBeVisible();

  // Elsewhere it counts again; /social lists the conversation, which clears it once opened.
  await nav(b.page).getByRole("link", { name: "Social" }).click();
  await expect(b.page.getByRole("navigation", { name: "My clubs" })).toBeVisible();
  await sendMessage(a.page, "ping");
  await expect(nav(b.page).getByRole("link", { name: "Social, 1 unread message" })).toBeVisible();
  const unread = b.page.getByRole("region", { name: "Unread messages" });
  await unread.getByRole("link", { name: `${a.name}, 1 unread message` }).click();
  await expect(b.page).toHaveURL(new RegExp(`/messages/${a.name}$`));
  await expect(nav(b.page).getByRole("link", { name: "Social", exact: true })).toBeVisible();
  await b.page.reload();
  await expect(b.page.getByText("ping", { exact: true })).toBeVisible();
  await expect(nav(b.page).getByRole("link", { name: "Social", exact: true })).toBeVisible();
});

test("block a friend, find them under Blocked players, and unblock", async ({ browser }) => {
  const { a, b } = await friends(browser);
  await blockFriend(b.page, a.name);
  await expect(friendCard(b.page, a.name)).toHaveCount(0);
  const blocked = b.page.getByRole("region", { name: "Blocked players" });
  await expect(blocked.getByTestId("blocked-player")).toHaveCount(1);
  await expect(blocked).toContainText(a.name);
  // Blocked: A's friend request is refused.
  expect((await a.page.request.post("/friend/send-request", { data: { friendName: b.name } })).status()).toBe(403);

  await blocked.getByRole("button", { name: "Unblock" }).click();
  await expect(b.page.getByRole("status", { name: "Player unblocked" })).toContainText(
    `${a.name} can message and challenge you again.`,
  );
  await expect(blocked).toBeHidden();
  await b.page.reload();
  await expect(b.page.getByRole("region", { name: /^Friends/ })).toContainText("No friends yet");
  await expect(b.page.getByRole("region", { name: "Blocked players" })).toHaveCount(0);
  expect((await a.page.request.post("/friend/send-request", { data: { friendName: b.name } })).ok()).toBe(true);
});

test("a player blocked in one tab leaves the lobby open in another at once, and comes back when unblocked", async ({
  browser,
}) => {
  const { a, b } = await friends(browser);
  const offer = await lobbyOffer(a.sessionId, 7, 3);
  try {
    const lobby = await b.page.context().newPage();
    await lobby.goto("/");
    const accept = lobby.getByRole("button", { name: new RegExp(`^Accept ${a.name}\\b.*7\\+3`) });
    await expect(accept).toBeVisible();

    await blockFriend(b.page, a.name);
    await expect(accept).toHaveCount(0);

    await b.page.getByRole("region", { name: "Blocked players" }).getByRole("button", { name: "Unblock" }).click();
    await expect(b.page.getByRole("status", { name: "Player unblocked" })).toBeVisible();
    await expect(accept).toBeVisible();
  } finally {
    offer.close();
  }
});

test("a denied request leaves the asker's waiting list at once, with no news made of it", async ({ browser }) => {
  const a = await user(browser);
  const b = await user(browser);
  await a.page.getByLabel("Friend's username").fill(b.name);
  await a.page.getByRole("button", { name: "Add friend" }).click();
  const waiting = a.page.getByRole("region", { name: "Waiting for an answer" });
  await expect(waiting).toContainText(`Asked ${b.name}`);
  const requests = b.page.getByRole("region", { name: "Friend requests" });
  await requests.getByRole("button", { name: "Deny" }).click();
  await expect(b.page.getByText("Friendship successfully denied")).toBeVisible();
  await expect(waiting).toBeHidden();
  await expect(a.page.getByRole("status", { name: "New friend" })).toHaveCount(0);
  await expect(a.page.getByText("No friends yet")).toBeVisible();
});

test("a logged-out visitor sees Access Denied on /messages", async ({ page }) => {
  await page.goto("/messages/someone");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
});

test("a stranger messages a player from the profile; a player who takes messages from friends only says why not", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const a = await user(browser);
  const b = await user(browser);
  // A has never met B: the profile's Message and Challenge are open all the same (everyone, by default).
  await a.page.goto(`/profile?username=${b.name}`);
  await expect(a.page.getByRole("button", { name: "Challenge", exact: true })).toBeEnabled();
  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    await a.page.setViewportSize({ width, height });
    await a.page.screenshot({ path: `test-results/strangers-profile-${width}.png` });
  }
  await a.page.getByRole("link", { name: "Message" }).click();
  await expect(a.page).toHaveURL(new RegExp(`/messages/${b.name}$`));
  const conversation = a.page.getByRole("region", { name: b.name });
  await expect(conversation.getByTestId("friend-presence")).toContainText("Online");
  await conversation.getByLabel("Message", { exact: true }).fill("good game!");
  await conversation.getByLabel("Message", { exact: true }).press("Enter");
  await expect(conversation.getByText("good game!")).toBeVisible();

  // B is told (the navigation counts it) and reads it.
  const social = b.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Social/ });
  await expect(social).toHaveAccessibleName(/1 unread/);
  await b.page.goto(`/messages/${a.name}`);
  await expect(b.page.getByRole("region", { name: a.name }).getByText("good game!")).toBeVisible();

  // B keeps messages to friends: A's profile says why Message is off, and the conversation takes no more.
  await b.page.goto("/settings");
  const saved = b.page.waitForResponse((r) => r.url().endsWith("/user/preferences") && r.request().method() === "PUT");
  await b.page.getByRole("group", { name: "Who can message you" }).getByText("Friends only").click();
  expect((await saved).ok()).toBe(true);
  await a.page.goto(`/profile?username=${b.name}`);
  await expect(a.page.getByText("Message: This player accepts messages from friends only.")).toBeVisible();
  await expect(a.page.getByRole("button", { name: "Message" })).toBeDisabled();
  await a.page.goto(`/messages/${b.name}`);
  await expect(conversation.getByText("This player accepts messages from friends only.")).toBeVisible();
  await expect(conversation.getByLabel("Message", { exact: true })).toHaveCount(0);
  await a.page.screenshot({ path: "test-results/strangers-refused.png" });

  // A name nobody has: no advice to befriend them.
  await a.page.goto("/messages/nosuchplayer9");
  const nobody = a.page.getByRole("region", { name: "nosuchplayer9" });
  await expect(nobody.getByText("There is no player named nosuchplayer9.", { exact: false })).toBeVisible();
  await expect(nobody.getByTestId("friend-presence")).toHaveText("No such player");
  await expect(nobody.getByText(/friend request/)).toHaveCount(0);
  await expect(nobody.getByLabel("Message", { exact: true })).toHaveCount(0);
  await expect(nobody.getByRole("alert")).toHaveCount(0);
});
