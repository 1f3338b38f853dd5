import type { Browser, Locator, Page } from "@playwright/test";
import { io } from "socket.io-client";
import { baseURL, loginCookies, playGame, registeredUser, unique } from "../support/players.ts";
import { expect, test } from "../support/test.ts";

/**
 * XSS (issue 7 part 4): script-shaped text in every field a player can fill — global, game and club chat,
 * club names, posts, calendar notes, friend messages — and in the URLs pages read, shown to the other
 * player in Chromium. Each page must show the text literally and run nothing: no `window.__xss`, no
 * dialog, and no element the markup would have made (an <img src=x>, an onload/onerror handler, a
 * script, a javascript: link). The site's CSP would block inline handlers anyway, so the pages are opened
 * with it bypassed: what is tested is that the rendering itself is inert.
 */
const PAYLOADS = [
  "javascript:window.__xss=1",
  '<img src=x onerror="window.__xss=1">',
  "<script>window.__xss=1</script>",
  '"><svg onload=window.__xss=1>',
] as const;
/** All four in one chat line (chat lines are at most 140 characters); a player may not repeat a line. */
const chatLine = (where: string) => `${PAYLOADS.join(" ")} ${where}`;

interface Watched {
  page: Page;
  name: string;
  sessionId: string;
  /** Every native dialog the page opened (there should be none). */
  dialogs: string[];
}

/** A logged-in page with the CSP bypassed, recording dialogs. */
async function player(browser: Browser, prefix: string): Promise<Watched> {
  const { name, sessionId } = await registeredUser(prefix);
  const context = await browser.newContext({ baseURL: baseURL(), bypassCSP: true });
  await context.addCookies(loginCookies(sessionId));
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on("pageerror", (e) => console.error("page error:", e.message));
  return { page, name, sessionId, dialogs };
}

/** Nothing ran and nothing the payloads describe was built. */
async function expectInert(p: Watched, where: string) {
  const found = await p.page.evaluate(() => ({
    xss: (window as unknown as { __xss?: unknown }).__xss ?? null,
    handlers: document.querySelectorAll("[onerror], [onload]").length,
    images: document.querySelectorAll('img[src="x"]').length,
    scripts: [...document.scripts].filter((s) => s.text.includes("__xss")).length,
    links: document.querySelectorAll('a[href^="javascript:" i]').length,
  }));
  expect(found, `${where}, seen by ${p.name}`).toEqual({ xss: null, handlers: 0, images: 0, scripts: 0, links: 0 });
  expect(p.dialogs, `${where}: dialogs`).toEqual([]);
}

async function expectLiteral(scope: Locator, texts: readonly string[]) {
  for (const text of texts) await expect(scope.getByText(text, { exact: true }).first()).toBeVisible();
}

async function say(chat: Locator, text: string) {
  const input = chat.getByRole("textbox", { name: "Message" });
  await input.fill(text);
  await input.press("Enter");
  await expect(input).toHaveValue("");
}

/** The 15th of this month, where the /social calendar opens. */
function fifteenth(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-15`;
}

async function emitAs(sessionId: string, event: string, payload: unknown) {
  const socket = io(baseURL(), {
    transports: ["websocket"],
    auth: { sessionId },
    extraHeaders: { cookie: `sid=${sessionId}` },
  });
  try {
    return await socket.timeout(10_000).emitWithAck(event, payload);
  } finally {
    socket.close();
  }
}

test("script-shaped text in every field is shown as text and never runs", async ({ browser }) => {
  test.setTimeout(480_000);
  const a = await player(browser, "xa");
  const b = await player(browser, "xb");
  expect((await a.page.request.post("/friend/send-request", { data: { friendName: b.name } })).ok()).toBe(true);
  const invites = (await (await b.page.request.get("/friend/list-invites")).json()) as Array<{ inviterId: number }>;
  const accepted = await b.page.request.post("/friend/handle-request", {
    data: { inviterId: invites[0]?.inviterId, accepted: true },
  });
  expect(accepted.ok()).toBe(true);

  await test.step("global chat in the lobby", async () => {
    const line = chatLine("lobby");
    await a.page.goto("/");
    await say(a.page.getByRole("region", { name: "Chat", exact: true }), line);
    await b.page.goto("/");
    await expectLiteral(b.page.getByRole("region", { name: "Chat", exact: true }), [line]);
    await expectInert(b, "lobby chat");
    await expectInert(a, "lobby chat");
  });

  await test.step("friend messages: the toast elsewhere, /social, then the conversation", async () => {
    await a.page.goto(`/messages/${b.name}`);
    const input = a.page.getByLabel("Message", { exact: true });
    for (const payload of PAYLOADS) {
      await input.fill(payload);
      await input.press("Enter");
      await expect(input).toHaveValue("");
      const toast = b.page.getByRole("status", { name: `Message from ${a.name}` });
      await expect(toast).toContainText(payload);
      await expectInert(b, `message toast for ${payload}`);
    }
    await expectLiteral(a.page.getByRole("main"), PAYLOADS);
    await expectInert(a, "own conversation");
    await b.page.goto("/social");
    await expect(b.page.getByRole("region", { name: "Unread messages" })).toContainText(a.name);
    await expectInert(b, "/social with unread messages");
    await b.page.goto(`/messages/${a.name}`);
    await expectLiteral(b.page.getByRole("main"), PAYLOADS);
    await expectInert(b, "conversation");
  });

  // Club names are at most 40 characters; every payload fits with a suffix that keeps the names unique.
  const tag = unique("").slice(-3);
  const clubNames = PAYLOADS.map((p) => `${p} ${tag}`);

  await test.step("club names: created in the form, then invitations, the sidebar and the heading", async () => {
    await a.page.goto("/social");
    for (const clubName of clubNames) {
      await a.page.getByRole("button", { name: "Create club" }).click();
      const create = a.page.getByRole("dialog", { name: "Create a club" });
      await create.getByLabel("Club name").fill(clubName);
      await create.getByRole("button", { name: "Create" }).click();
      await expect(create.getByText("Club created")).toBeVisible();
      await expect(create).toBeHidden();
      await expect(a.page.getByRole("heading", { level: 2, name: clubName, exact: true })).toBeVisible();
    }
    await expectLiteral(a.page.getByRole("navigation", { name: "My clubs" }), clubNames);
    await expectInert(a, "own clubs");

    // The lobby's chat comes over the socket: once it shows, the page hears invitations.
    await b.page.goto("/");
    await expect(b.page.getByRole("region", { name: "Chat", exact: true }).getByText(chatLine("lobby"))).toBeVisible();
    for (const clubName of clubNames) {
      const { clubId } = await clubOf(a.page, clubName);
      const invited = await a.page.request.post("/club/invite", { data: { clubId, inviteeUsername: b.name } });
      expect(invited.ok()).toBe(true);
      const toast = b.page.getByRole("status", { name: "Club invitation" }).filter({ hasText: clubName });
      await expect(toast).toContainText(`${a.name} invited you to join ${clubName}.`);
    }
    await expectInert(b, "club invitation toasts");

    await b.page.goto("/social");
    await b.page.getByRole("button", { name: /^Club invitations/ }).click();
    const invitations = b.page.getByRole("dialog", { name: "Your club-invitations" });
    await expectLiteral(invitations, clubNames);
    await expectInert(b, "club invitations");
    // Accepting one closes the dialog and opens that club: the next is accepted from the dialog again.
    for (let left = clubNames.length; left > 0; left--) {
      if (!(await invitations.isVisible())) await b.page.getByRole("button", { name: /^Club invitations/ }).click();
      await expect(invitations.getByRole("button", { name: "Accept" })).toHaveCount(left);
      await invitations.getByRole("button", { name: "Accept" }).first().click();
      await expect(invitations).toBeHidden();
    }
    await b.page.getByRole("button", { name: /^Club invitations/ }).click();
    await expect(invitations.getByText("No pending invitations.")).toBeVisible();
    await b.page.keyboard.press("Escape");
    const sidebar = b.page.getByRole("navigation", { name: "My clubs" });
    for (const clubName of clubNames) {
      await sidebar.getByRole("button", { name: clubName }).click();
      await expect(b.page.getByRole("heading", { level: 2, name: clubName, exact: true })).toBeVisible();
      await expectInert(b, `club ${clubName}`);
    }
  });

  await test.step("posts, calendar notes, club chat, members and club details", async () => {
    const clubName = clubNames[0] as string;
    const { clubId } = await clubOf(a.page, clubName);
    for (const text of PAYLOADS) {
      expect((await a.page.request.post("/post/create", { data: { clubId, text } })).ok()).toBe(true);
      const note = await a.page.request.post("/event/create", {
        data: { clubId, title: text, eventDate: fifteenth() },
      });
      expect(note.ok()).toBe(true);
    }
    await a.page.reload();
    await a.page.getByRole("navigation", { name: "My clubs" }).getByRole("button", { name: clubName }).click();
    const line = chatLine("club");
    await say(a.page.getByRole("region", { name: "Club chat" }), line);

    await b.page.reload();
    await b.page.getByRole("navigation", { name: "My clubs" }).getByRole("button", { name: clubName }).click();
    await expectLiteral(b.page.getByRole("region", { name: "Posts" }), PAYLOADS);
    await b.page.locator(`.club-calendar__grid button[data-date="${fifteenth()}"]`).click();
    const calendar = b.page.getByRole("region", { name: "Calendar" });
    await expectLiteral(calendar.getByRole("list", { name: /Notes for/ }), PAYLOADS);
    await expectLiteral(b.page.getByRole("region", { name: "Club chat" }), [line]);
    await expect(b.page.getByRole("region", { name: /^Members/ }).getByRole("link")).toHaveCount(2);
    await expectInert(b, "club feed, calendar, chat and members");
    await b.page.getByRole("button", { name: "Club settings" }).click();
    const details = b.page.getByRole("dialog", { name: "Club Details" });
    await expect(details).toContainText(clubName);
    await expectInert(b, "club details");
    await b.page.keyboard.press("Escape");
    await expectInert(a, "own club page");
  });

  await test.step("club names in the leaderboards' filter", async () => {
    await b.page.goto("/leaderboards");
    const filter = b.page.getByLabel("Filter", { exact: true });
    for (const clubName of clubNames) await expect(filter.locator("option", { hasText: clubName })).toHaveCount(1);
    const { clubId } = await clubOf(b.page, clubNames[1] as string);
    await filter.selectOption(String(clubId));
    await b.page.getByRole("button", { name: "Get Leaderboards" }).click();
    await expect(b.page.getByRole("main")).toContainText(clubNames[1] as string);
    await expectInert(b, "leaderboards");
  });

  await test.step("game chat on /play", async () => {
    const gameId = await playGame(a.sessionId, b.sessionId, ["e2e4", "e7e5"], 10);
    const line = chatLine("game");
    // gameStarted takes both pages to the game.
    for (const p of [a, b]) await p.page.waitForURL(new RegExp(`/play\\?gameId=${gameId}$`));
    await say(a.page.getByRole("region", { name: "Game chat" }), line);
    await expectLiteral(b.page.getByRole("region", { name: "Game chat" }), [line]);
    await expectInert(b, "game chat");
    await expectInert(a, "game chat");
    await emitAs(a.sessionId, "forfeit", { gameId });
    // Until the game is over on b's page, leaving it asks "Leave the game?" and a goto would be refused.
    await expect(b.page.getByRole("button", { name: "Rematch" })).toBeVisible();
  });

  await test.step("profiles", async () => {
    await b.page.goto(`/profile?username=${a.name}`);
    await expect(b.page.getByRole("main").getByRole("heading", { name: a.name }).first()).toBeVisible();
    await expectInert(b, "a friend's profile");
    await b.page.goto("/my-profile");
    await expect(b.page.getByRole("region", { name: /^Friends/ })).toContainText(a.name);
    await expectInert(b, "own profile");
  });

  await test.step("text the pages read from the URL", async () => {
    for (const payload of PAYLOADS) {
      const q = encodeURIComponent(payload);
      await b.page.goto(`/profile?username=${q}`);
      await expect(b.page.getByRole("status").getByText(`No player named ${payload}`, { exact: true })).toBeVisible();
      await expectInert(b, `/profile?username=${payload}`);
      await b.page.goto(`/no-such-page/${q}`);
      await expect(b.page.getByRole("heading", { name: "Page not found" })).toBeVisible();
      await expectInert(b, `/no-such-page/${payload}`);
      for (const path of [`/messages/${q}`, `/play?gameId=${q}`, `/analysis?gameId=${q}`]) {
        await b.page.goto(path);
        await expect(b.page.getByRole("main")).toBeVisible();
        await expectInert(b, path);
      }
    }
  });
});

/** The club of that name among the page user's clubs. */
async function clubOf(page: Page, clubName: string): Promise<{ clubId: number }> {
  const clubs = (await (await page.request.get("/club/list")).json()) as Array<{ clubId: number; clubName: string }>;
  const club = clubs.find((c) => c.clubName === clubName);
  if (!club) throw new Error(`no club named ${clubName}`);
  return { clubId: club.clubId };
}
