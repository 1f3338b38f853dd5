import { USERNAME_MAX } from "@chess/shared";
import type { Locator, Page } from "@playwright/test";
import { io } from "socket.io-client";
import { baseURL, playGame, registeredUser, socketGame } from "./players.ts";

/**
 * Two friends with a finished game, a live one, and a message between them, and a puzzle from a mistake of
 * mine: every route has content.
 */
export interface SiteFixture {
  me: { name: string; sessionId: string };
  friend: { name: string; sessionId: string };
  /** A finished game (fool's mate, the friend won), for /analysis and the profiles' history. */
  finishedGameId: string;
  /** A game in progress, me as White, after 1. e4 e5. */
  liveGameId: string;
  /** A puzzle in my deck: 4. Qxf7#, which I missed in a game against a third player. */
  puzzleId: number;
  /** A daily game with the friend, me as White, after 1. e4: the friend's turn. */
  dailyGameId: string;
  /** An arena I made (not joined). */
  arenaId: string;
}

async function call(sessionId: string, method: "GET" | "POST", path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${baseURL()}${path}`, {
    method,
    headers: { cookie: `sid=${sessionId}`, ...(body ? { "content-type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** Emits `event` as `sessionId` over a socket of its own and resolves with the server's answer. */
async function emitAs(sessionId: string, event: string, payload: unknown): Promise<unknown> {
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

/** The friend sends `message` to me: one more unread message for me. */
export async function sendFriendMessage(f: Pick<SiteFixture, "me" | "friend">, message: string): Promise<void> {
  await emitAs(f.friend.sessionId, "friendMessage", {
    message,
    friendName: f.me.name,
    senderName: f.friend.name,
    timeSent: Date.now(),
  });
}

// 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qf3?? — White missed 4. Qxf7#.
const MISSED_MATE = ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f3"];

/**
 * A puzzle from my own mistake: a game against someone else (the friend's history keeps one game with me),
 * analysed, its puzzle made in the background.
 */
async function myPuzzle(me: { sessionId: string }): Promise<number> {
  const other = await registeredUser("op");
  const game = await socketGame(me.sessionId, other.sessionId);
  for (const [ply, uci] of MISSED_MATE.entries()) await game.move(ply, uci);
  await game.resign("b");
  game.close();
  await call(me.sessionId, "GET", `/game/analysis/${game.gameId}`);
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const deck = (await call(me.sessionId, "GET", "/puzzles/mine")) as { puzzles: Array<{ id: number }> };
    const id = deck.puzzles[0]?.id;
    if (id !== undefined) return id;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("no puzzle was made from the analysed game");
}

/**
 * Creates the fixture: users, friendship, a message, a finished and a live game, a puzzle. With `longNames`
 * the two friends have names of the longest length, of wide letters, as a layout's worst case.
 */
export async function createSiteFixture({ longNames = false } = {}): Promise<SiteFixture> {
  const me = await registeredUser(longNames ? "MeWwwwww" : "me", longNames ? USERNAME_MAX : undefined);
  const friend = await registeredUser(longNames ? "FrMmmmmm" : "fr", longNames ? USERNAME_MAX : undefined);
  await call(me.sessionId, "POST", "/friend/send-request", { friendName: friend.name });
  const invites = (await call(friend.sessionId, "GET", "/friend/list-invites")) as Array<{ inviterId: number }>;
  await call(friend.sessionId, "POST", "/friend/handle-request", { inviterId: invites[0]?.inviterId, accepted: true });
  await sendFriendMessage({ me, friend }, "Good game! Rematch tomorrow?");
  const finishedGameId = await playGame(me.sessionId, friend.sessionId, ["f2f3", "e7e5", "g2g4", "d8h4"]);
  const puzzleId = await myPuzzle(me);
  const liveGameId = await playGame(me.sessionId, friend.sessionId, ["e2e4", "e7e5"], 10);
  const offer = (await call(me.sessionId, "POST", "/daily/offers", { days: 3, color: "white" })) as { offerId: string };
  const daily = (await call(friend.sessionId, "POST", `/daily/offers/${offer.offerId}/accept`)) as { gameId: string };
  await emitAs(me.sessionId, "dailyMove", { gameId: daily.gameId, move: { from: "e2", to: "e4" }, ply: 0 });
  const arena = (await call(me.sessionId, "POST", "/tournaments", {
    name: "Site Arena",
    baseTime: 3,
    increment: 2,
  })) as {
    id: string;
  };
  return { me, friend, finishedGameId, liveGameId, puzzleId, dailyGameId: daily.gameId, arenaId: arena.id };
}

/** Ends the live game so it does not outlive the suite. */
export async function endSiteFixture(fixture: SiteFixture): Promise<void> {
  await emitAs(fixture.me.sessionId, "forfeit", { gameId: fixture.liveGameId });
}

/** One route to check: where it is and the controls a visitor needs there (the first shows it is loaded). */
export interface SiteRoute {
  name: string;
  path: (f: SiteFixture) => string;
  controls: (page: Page, f: SiteFixture) => Locator[];
}

const main = (page: Page) => page.getByRole("main");

/** Every route of SPEC §2 (and /settings and a 404), to be seen by the fixture's `me`, logged in. */
export const SITE_ROUTES: SiteRoute[] = [
  {
    name: "lobby",
    path: () => "/",
    controls: (p) => [
      p.getByRole("button", { name: "Create Game" }),
      p.getByRole("region", { name: "Free board" }),
      p.getByRole("textbox", { name: "Message" }),
    ],
  },
  {
    name: "play",
    path: (f) => `/play?gameId=${f.liveGameId}`,
    controls: (p) => [
      p.getByRole("region", { name: "Chess board, you play White" }),
      p.getByRole("textbox", { name: "Type a move" }),
      p.getByRole("button", { name: "Give Up" }),
      p.getByRole("button", { name: "Suggest Draw" }),
      p.getByRole("table", { name: "Moves" }),
      p.getByRole("button", { name: "Flip board" }),
    ],
  },
  {
    name: "analysis",
    path: (f) => `/analysis?gameId=${f.finishedGameId}`,
    controls: (p) => [
      p.getByRole("table", { name: "Moves" }),
      p.getByRole("button", { name: "Previous Move" }),
      p.getByRole("button", { name: "Next Move" }),
      p.getByRole("checkbox", { name: "Enable Analysis" }),
    ],
  },
  {
    name: "watch",
    path: () => "/watch",
    controls: (p, f) => [
      p.getByRole("combobox", { name: "Variant" }),
      p.getByRole("link", { name: "Watch TV: the best game on" }),
      p.getByRole("link", { name: new RegExp(`^Watch ${f.me.name} \\(\\d+\\) vs ${f.friend.name}`) }),
    ],
  },
  {
    name: "tv",
    path: () => "/tv",
    controls: (p) => [
      p.getByRole("table", { name: "Moves" }),
      p.getByRole("link", { name: "Open this game" }),
      p.getByRole("link", { name: "All live games" }),
    ],
  },
  { name: "social", path: () => "/social", controls: (p) => [main(p).getByRole("heading", { level: 1 })] },
  {
    name: "messages",
    path: (f) => `/messages/${f.friend.name}`,
    controls: (p) => [
      p.getByText("Good game! Rematch tomorrow?"),
      main(p).getByRole("textbox"),
      main(p).getByRole("button", { name: "Send" }),
    ],
  },
  {
    name: "my-profile",
    path: () => "/my-profile",
    controls: (p, f) => [main(p).getByRole("heading", { name: f.me.name }).first()],
  },
  {
    name: "profile",
    path: (f) => `/profile?username=${f.friend.name}`,
    controls: (p, f) => [main(p).getByRole("heading", { name: f.friend.name }).first()],
  },
  {
    name: "leaderboards",
    path: () => "/leaderboards",
    controls: (p) => [p.getByRole("button", { name: "Get Leaderboards" })],
  },
  {
    // The next puzzle near my rating (the address becomes its own), and my deck beside it.
    name: "puzzles",
    path: () => "/puzzles",
    controls: (p) => [
      p.getByRole("region", { name: "Puzzle board" }),
      p.getByText(/^Find the best move for (White|Black)$/),
      main(p).getByRole("heading", { name: "Learn from your mistakes" }),
      p.getByTestId("deck-progress"),
    ],
  },
  {
    name: "puzzle",
    path: (f) => `/puzzle/${f.puzzleId}`,
    controls: (p) => [
      p.getByRole("region", { name: "Puzzle board" }),
      p.getByText("Find the best move for White"),
      p.getByRole("link", { name: /White to move · move 4/ }),
    ],
  },
  {
    name: "tournaments",
    path: () => "/tournament",
    controls: (p) => [
      main(p).getByRole("heading", { level: 1, name: "Tournaments" }),
      main(p).getByRole("region", { name: "Tournaments" }).getByRole("link").first(),
    ],
  },
  {
    name: "tournament",
    path: (f) => `/tournament/${f.arenaId}`,
    controls: (p) => [
      main(p).getByRole("heading", { level: 1, name: "Site Arena" }),
      main(p).getByRole("button", { name: "Join" }),
      main(p).getByRole("region", { name: "Standings" }),
    ],
  },
  {
    name: "daily",
    path: () => "/daily",
    controls: (p, f) => [
      main(p).getByRole("heading", { level: 1, name: "Daily games" }),
      main(p).getByRole("link", { name: f.friend.name }),
      main(p).getByRole("button", { name: "Start vacation" }),
    ],
  },
  {
    name: "daily-game",
    path: (f) => `/daily/${f.dailyGameId}`,
    controls: (p) => [
      p.getByRole("table", { name: "Moves" }),
      p.getByRole("textbox", { name: "Type a move" }),
      p.getByRole("button", { name: "Conditional moves" }),
      p.getByRole("button", { name: "Offer draw" }),
    ],
  },
  { name: "credits", path: () => "/credits", controls: (p) => [main(p).getByRole("heading", { name: "Credits" })] },
  {
    name: "settings",
    path: () => "/settings",
    controls: (p) => [
      main(p).getByRole("heading", { name: "Settings" }),
      main(p).getByRole("button", { name: "Change password" }),
      main(p).getByRole("button", { name: "Close account" }),
    ],
  },
  {
    name: "not-found",
    path: () => "/no-such-page",
    controls: (p) => [
      main(p).getByRole("heading", { name: "Page not found" }),
      main(p).getByRole("link", { name: "Back to Play" }),
    ],
  },
];
