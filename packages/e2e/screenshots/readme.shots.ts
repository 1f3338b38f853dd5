import { fileURLToPath } from "node:url";
import { expect, type Page, test } from "@playwright/test";
import { io } from "socket.io-client";
import { baseURL, newPage, playGame } from "../support/players.ts";

// The README's screenshots (docs/screenshots/), taken from the built site with a few players, games, a club
// and their chats made through the real API. Run with `node scripts/screenshots.mjs`.

const OUT = fileURLToPath(new URL("../../../docs/screenshots", import.meta.url));
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 667 };

interface Player {
  name: string;
  sid: string;
}

async function call<T = unknown>(who: Player, method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseURL()}${path}`, {
    method,
    headers: { cookie: `sid=${who.sid}`, ...(body ? { "content-type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function player(name: string): Promise<Player> {
  const post = (path: string, body: unknown) =>
    fetch(`${baseURL()}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  await post("/user/create", { username: name, email: `${name}@example.com`, password: "a-good-password" });
  const { sessionId } = (await (await post("/user/login", { username: name, password: "a-good-password" })).json()) as {
    sessionId: string;
  };
  return { name, sid: sessionId };
}

/** Emits `event` as `who` over a socket of its own; fails on a refusal. */
async function emit(who: Player, event: string, payload: unknown): Promise<unknown> {
  const socket = io(baseURL(), {
    transports: ["websocket"],
    auth: { sessionId: who.sid },
    extraHeaders: { cookie: `sid=${who.sid}` },
  });
  try {
    const answer = (await socket.timeout(10_000).emitWithAck(event, payload)) as { ok: boolean; message?: string };
    if (answer && answer.ok === false) throw new Error(`${event} refused: ${answer.message}`);
    return answer;
  } finally {
    socket.close();
  }
}

const SCHOLAR = ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"]; // White mates
const FOOL = ["f2f3", "e7e5", "g2g4", "d8h4"]; // Black mates
const QGD = ["d2d4", "d7d5", "c2c4", "e7e6", "b1c3", "g8f6", "c1g5", "f8e7", "e2e3", "e8g8"];
const ITALIAN = ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5", "c2c3", "g8f6", "d2d3", "d7d6"];
/** The Blackburne Shilling trap: White grabs twice and Black mates with 7... Nf3#. */
const BLACKBURNE = [
  "e2e4",
  "e7e5",
  "g1f3",
  "b8c6",
  "f1c4",
  "c6d4",
  "f3e5",
  "d8g5",
  "e5f7",
  "g5g2",
  "h1f1",
  "g2e4",
  "c4e2",
  "d4f3",
];
const NAJDORF = [
  "e2e4",
  "c7c5",
  "g1f3",
  "d7d6",
  "d2d4",
  "c5d4",
  "f3d4",
  "g8f6",
  "b1c3",
  "a7a6",
  "c1e3",
  "e7e5",
  "d4b3",
  "c8e6",
];

/** A finished game: played out, then resigned by `resigns` if it did not end on the board. */
async function finished(white: Player, black: Player, moves: string[], minutes: number, resigns?: Player) {
  const gameId = await playGame(white.sid, black.sid, moves, minutes);
  if (resigns) await emit(resigns, "forfeit", { gameId });
  return gameId;
}

async function shoot(page: Page, name: string, fullPage = false) {
  // Let fonts, the board and late content settle before the picture.
  await page.waitForLoadState("load");
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${OUT}/${name}.png`, fullPage });
}

test("the README screenshots", async ({ browser }) => {
  const [alice, bob, carol, dave, erin, frank] = await Promise.all(
    ["alice", "bob", "carol", "dave", "erin", "frank"].map(player),
  );
  if (!alice || !bob || !carol || !dave || !erin || !frank) throw new Error("players missing");

  // Friends: alice with bob and carol.
  for (const friend of [bob, carol]) {
    await call(alice, "POST", "/friend/send-request", { friendName: friend.name });
    const invites = await call<Array<{ inviterId: number }>>(friend, "GET", "/friend/list-invites");
    await call(friend, "POST", "/friend/handle-request", { inviterId: invites[0]?.inviterId, accepted: true });
  }

  // A season of blitz (5+0) and a few rapid (10+0) games: history, rating charts and leaderboards.
  await finished(alice, bob, SCHOLAR, 5);
  await finished(carol, alice, FOOL, 5);
  await finished(alice, dave, QGD, 5, alice);
  const trap = await finished(erin, alice, BLACKBURNE, 5);
  await finished(alice, carol, SCHOLAR, 5);
  await finished(frank, alice, ITALIAN, 10, frank);
  await finished(bob, alice, SCHOLAR, 5);
  await finished(alice, erin, QGD, 5, erin);
  await finished(dave, alice, ITALIAN, 10, alice);
  await finished(alice, frank, SCHOLAR, 5);
  await finished(bob, carol, QGD, 5, carol);
  await finished(dave, erin, SCHOLAR, 5);
  await finished(carol, frank, ITALIAN, 5, frank);
  await finished(erin, bob, FOOL, 5);
  await finished(frank, dave, QGD, 5, dave);

  // A club with members, posts, calendar notes and chat; and a second club alice was invited to.
  const knights = await call<{ clubId: number }>(alice, "POST", "/club/create", { clubName: "Knights of e4" });
  const sicilian = await call<{ clubId: number }>(carol, "POST", "/club/create", { clubName: "Sicilian Society" });
  for (const [admin, clubId, members] of [
    [alice, knights.clubId, [bob, carol, dave, erin]],
    [carol, sicilian.clubId, [alice, frank]],
  ] as const) {
    for (const member of members) {
      await call(admin, "POST", "/club/invite", { clubId, inviteeUsername: member.name });
      await call(member, "POST", "/club/handle-invitation", { clubId, accepted: true });
    }
  }
  // Oldest first: the feed shows the newest on top.
  const posts: Array<[Player, string]> = [
    [alice, "Welcome to the Knights of e4! Be kind, play fair, and post your best games here."],
    [bob, "Anyone up for a 15+10 training game this weekend? I want to practise the Catalan."],
    [carol, "Great games at the Thursday blitz! Congratulations to erin for 9/10."],
  ];
  for (const [who, text] of posts) await call(who, "POST", "/post/create", { clubId: knights.clubId, text });
  const day = (offset: number) => {
    const d = new Date();
    d.setDate(Math.min(28, Math.max(1, d.getDate() + offset)));
    return d.toISOString().slice(0, 10);
  };
  for (const [offset, title] of [
    [0, "Club blitz arena 20:00"],
    [3, "Endgame study: rook endings"],
    [-4, "Simul with the club champion"],
  ] as const) {
    await call(alice, "POST", "/event/create", { clubId: knights.clubId, title, eventDate: day(offset) });
  }
  for (const [who, text] of [
    [bob, "Who's coming on Thursday?"],
    [carol, "Me! Bringing my clock."],
    [alice, "Count me in."],
  ] as const) {
    await emit(who, "chatMessage", { text, chatType: "club", chatId: `club:${knights.clubId}` });
  }

  // The lobby: open offers, one of them jumpstart, and a chat.
  await emit(carol, "createGameOffer", { baseTime: 5, increment: 3, selectedColor: "white" });
  await emit(dave, "createGameOffer", { baseTime: 10, increment: 0, selectedColor: "random" });
  await emit(erin, "createGameOffer", {
    baseTime: 3,
    increment: 2,
    variant: "jumpstart",
    isCreatorsHandicap: true,
    lower_eval_limit: 0,
    upper_eval_limit: 1,
    lower_move_limit: 10,
    upper_move_limit: 20,
  });
  await emit(frank, "createGameOffer", { baseTime: 1, increment: 0, selectedColor: "black" });
  for (const [who, text] of [
    [dave, "Good evening! Anyone for a rapid game?"],
    [erin, "Try my jumpstart offer: I take the worse side."],
    [frank, "Bullet, anyone?"],
  ] as const) {
    await emit(who, "chatMessage", { text, chatType: "global", chatId: "global" });
  }

  const page = await newPage(browser, alice.sid);
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize(DESKTOP);
  await page.goto("/");
  await expect(page.getByRole("button", { name: /^Accept erin/ })).toBeVisible();
  await expect(page.getByText("Bullet, anyone?")).toBeVisible();
  await shoot(page, "lobby");

  // alice's profile as another player sees it.
  const visitor = await newPage(browser, bob.sid);
  await visitor.emulateMedia({ colorScheme: "light" });
  await visitor.setViewportSize(DESKTOP);
  await visitor.goto(`/profile?username=${alice.name}`);
  await expect(visitor.getByRole("table", { name: "Game history" }).getByRole("row")).toHaveCount(11);
  await shoot(visitor, "profile", true);
  await visitor.context().close();

  await page.goto("/leaderboards");
  await page.getByLabel("Time Variant").selectOption("blitz");
  await page.getByRole("button", { name: "Get Leaderboards" }).click();
  await expect(page.getByTestId("leaderboard-row").filter({ hasText: alice.name })).toHaveCount(1);
  await shoot(page, "leaderboards", true);

  await page.goto("/social");
  await page.getByRole("navigation", { name: "My clubs" }).getByRole("button", { name: "Knights of e4" }).click();
  await expect(page.getByText("Who's coming on Thursday?")).toBeVisible();
  await expect(page.getByText("Club blitz arena 20:00")).toBeVisible();
  await shoot(page, "social", true);

  await page.goto(`/analysis?gameId=${trap}`);
  await page.getByRole("checkbox", { name: "Enable Analysis" }).check();
  await expect(page.getByRole("img", { name: /Evaluation chart/ })).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId("quality-badge")).toBeVisible({ timeout: 120_000 });
  await page
    .getByRole("button", { name: /\(Blunder\)$/ })
    .first()
    .click();
  await expect(page.getByTestId("best-line")).toContainText("Best:", { timeout: 60_000 });
  await shoot(page, "analysis", true);

  // A live game: alice (White) against bob in a Najdorf, with a word in the game chat.
  const live = await playGame(alice.sid, bob.sid, NAJDORF, 5);
  await emit(bob, "chatMessage", { text: "The Najdorf again!", chatType: "game", chatId: live });
  await emit(alice, "chatMessage", { text: "English Attack it is :)", chatType: "game", chatId: live });
  await page.goto(`/play?gameId=${live}`);
  await expect(page.getByRole("button", { name: "Give Up" })).toBeVisible();
  await expect(page.getByText("English Attack it is :)")).toBeVisible();
  await shoot(page, "play");

  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await expect(page.getByRole("button", { name: "Give Up" })).toBeVisible();
  await shoot(page, "play-dark");

  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByRole("button", { name: "Give Up" })).toBeVisible();
  await shoot(page, "play-phone");

  await emit(alice, "forfeit", { gameId: live });
  for (const who of [carol, dave, erin, frank]) await emit(who, "cancelOffer", {});
  await page.context().close();
});
