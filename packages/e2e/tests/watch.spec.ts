import type { Browser, Locator, Page } from "@playwright/test";
import { io, type Socket } from "socket.io-client";
import { drag, moveList } from "../support/board.ts";
import { baseURL, newPage, registeredUser } from "../support/players.ts";
import { expect, test } from "../support/test.ts";

// The live games are everyone's on the server: these tests take turns.
test.describe.configure({ mode: "serial" });

type Ack<T> = { ok: true; data?: T } | { ok: false; code: string; message: string };

/** A guest on the lobby; resolves with the guest name shown in the top bar. */
async function guest(browser: Browser): Promise<{ page: Page; name: string }> {
  const page = await newPage(browser);
  await page.goto("/");
  const badge = page.getByTestId("identity");
  await expect(badge).toContainText(/Guest-\d{4}/);
  const name = ((await badge.textContent()) ?? "").match(/Guest-\d+/)?.[0] ?? "";
  return { page, name };
}

function socketOf(sessionId?: string): Socket {
  return io(baseURL(), {
    transports: ["websocket"],
    auth: sessionId ? { sessionId } : {},
    extraHeaders: sessionId ? { cookie: `sid=${sessionId}` } : {},
  });
}

async function ask<T>(s: Socket, event: string, payload?: unknown): Promise<T | undefined> {
  const answer = (await s.timeout(10_000).emitWithAck(event, payload)) as Ack<T>;
  if (!answer.ok) throw new Error(`${event}: ${answer.message}`);
  return answer.data;
}

/** A guest's session, as the server hands one to a socket that comes without. */
async function guestSession(): Promise<{ sessionId: string; name: string }> {
  const s = socketOf();
  try {
    const session = await new Promise<{ sessionId: string; username: string }>((resolve) => s.once("session", resolve));
    return { sessionId: session.sessionId, name: session.username };
  } finally {
    s.close();
  }
}

/** A game between two sessions over the socket, White first; moves in UCI, and resigning. */
async function socketGame(white: string, black: string) {
  const [w, b] = [socketOf(white), socketOf(black)];
  const started = (s: Socket) => new Promise<{ gameId: string }>((resolve) => s.once("gameStarted", resolve));
  const [wStarted, bStarted] = [started(w), started(b)];
  const offer = await ask<{ offerId: string }>(w, "createGameOffer", {
    baseTime: 10,
    increment: 0,
    selectedColor: "white",
  });
  await ask(b, "acceptGameOffer", { offerId: offer?.offerId });
  const { gameId } = await wStarted;
  await bStarted;
  let ply = 0;
  return {
    gameId,
    async move(uci: string) {
      await ask(ply % 2 === 0 ? w : b, "move", { gameId, move: { from: uci.slice(0, 2), to: uci.slice(2, 4) }, ply });
      ply += 1;
    },
    async resign(side: "white" | "black") {
      await ask(side === "white" ? w : b, "forfeit", { gameId });
    },
    close() {
      w.close();
      b.close();
    },
  };
}

test("a third browser opens Watch, sees the game two guests play and follows it live", async ({ browser }) => {
  test.setTimeout(300_000);
  const white = await guest(browser);
  const black = await guest(browser);
  await white.page.getByRole("button", { name: "Create Game" }).click();
  const dialog = white.page.getByRole("dialog", { name: "Create Game" });
  await dialog.getByRole("button", { name: "15+10", exact: true }).click();
  await dialog.getByText("White", { exact: true }).click();
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await black.page.getByRole("button", { name: /^Accept Guest-\d+ \/ 15\+10$/ }).click();
  await white.page.waitForURL(/\/play\?gameId=/);
  await black.page.waitForURL(/\/play\?gameId=/);
  const gameId = new URL(white.page.url()).searchParams.get("gameId") ?? "";
  // Both sides move first: the game is then on the clock, with no first-move limit to beat. A drag on a
  // board that does not yet know whose it is would be lost (and the game aborted on that limit).
  await expect(white.page.getByRole("region", { name: "Chess board, you play White" })).toBeVisible();
  await expect(white.page.getByRole("button", { name: "white pawn on e2" })).toBeEnabled();
  await drag(white.page, "e2", "e4");
  await expect(moveList(black.page).getByRole("button", { name: "e4", exact: true })).toBeVisible();
  await drag(black.page, "c7", "c5");
  await expect(moveList(white.page).getByRole("button", { name: "c5", exact: true })).toBeVisible();

  // The watcher finds Watch in the navigation and the game in the list, with its position.
  const watcher = await newPage(browser);
  await watcher.goto("/");
  await watcher.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Watch" }).click();
  await expect(watcher).toHaveURL(/\/watch$/);
  const card = watcher.getByRole("link", {
    name: `Watch ${white.name} vs ${black.name}, Rapid 15+10 · Casual · Standard`,
  });
  await expect(card).toContainText("1 move");
  await expect(card.locator('[data-square="e4"][data-piece="wP"]')).toBeVisible();
  await expect(card.locator('[data-square="c5"][data-piece="bP"]')).toBeVisible();

  // The list follows the game by itself.
  await drag(white.page, "g1", "f3");
  await expect(card.locator('[data-square="f3"][data-piece="wN"]')).toBeVisible();
  await expect(card).toContainText("2 moves");

  // A click opens it as a spectator: moves and the players' chat, live, and no way to write in it.
  await card.click();
  await expect(watcher).toHaveURL(new RegExp(`/play\\?gameId=${gameId}$`));
  await expect(watcher.getByText("Spectating").first()).toBeVisible();
  await expect(moveList(watcher).getByRole("button", { name: "Nf3", exact: true })).toBeVisible();
  const chat = watcher.getByRole("region", { name: "Game chat" });
  await expect(chat.getByText("Only the players write here.")).toBeVisible();
  await expect(chat.getByRole("textbox")).toHaveCount(0);
  const input = white.page.getByRole("region", { name: "Game chat" }).getByRole("textbox", { name: "Message" });
  await input.fill("good luck!");
  await input.press("Enter");
  await expect(chat.getByText("good luck!")).toBeVisible();
  await drag(black.page, "d7", "d6");
  await expect(moveList(watcher).getByRole("button", { name: "d6", exact: true })).toBeVisible();
  await expect(watcher.locator('[id="live-board-square-d6"] [data-piece="bP"]')).toBeVisible();

  await white.page.getByRole("button", { name: "Give Up" }).click();
  await white.page
    .getByRole("alertdialog", { name: "Give up this game?" })
    .getByRole("button", { name: "Yes, give up" })
    .click();
  await expect(watcher.getByRole("dialog", { name: `Gameover! Winner is: ${black.name}` })).toBeVisible();
  // The finished game leaves the list (other tests' games may be on it: workers run in parallel).
  await watcher.goto("/watch");
  await expect(watcher.getByRole("link", { name: "Watch TV: the best game on" })).toBeVisible();
  await expect(watcher.getByText("Loading the games…")).toHaveCount(0);
  await expect(watcher.getByRole("link", { name: new RegExp(`^Watch ${white.name} vs ${black.name}`) })).toHaveCount(0);
});

test("TV shows the top game live and moves on to the next when it ends", async ({ browser }) => {
  test.setTimeout(300_000);
  const [g1, g2] = [await guestSession(), await guestSession()];
  const [u1, u2] = [await registeredUser("tva"), await registeredUser("tvb")];
  const guests = await socketGame(g1.sessionId, g2.sessionId);
  // Both sides move, so that the game runs on the clock (no first-move limit) while the TV shows the other.
  await guests.move("d2d4");
  await guests.move("d7d5");
  const rated = await socketGame(u1.sessionId, u2.sessionId);

  const viewer = await newPage(browser);
  await viewer.goto("/watch");
  await viewer.getByRole("link", { name: "Watch TV: the best game on" }).click();
  await expect(viewer).toHaveURL(/\/tv$/);
  // The rated game comes before the guests' game, although it is newer.
  await expect(viewer.getByRole("heading", { level: 2, name: `${u1.name} (1200) vs ${u2.name} (1200)` })).toBeVisible();
  await expect(viewer.getByText("Rapid 10+0 · Rated")).toBeVisible();
  // On a wide screen the board takes a wider page, but the heading lines up with the site's bar.
  await viewer.setViewportSize({ width: 1920, height: 1080 });
  const left = async (l: Locator) => (await l.boundingBox())?.x ?? Number.NaN;
  const brand = await left(viewer.getByRole("link", { name: "Chess" }).first());
  expect(Math.abs((await left(viewer.getByRole("heading", { level: 1, name: "TV" }))) - brand)).toBeLessThan(2);

  await rated.move("e2e4");
  await expect(viewer.locator('[id="live-board-square-e4"] [data-piece="wP"]')).toBeVisible();
  await rated.move("e7e5");
  await expect(moveList(viewer).getByRole("button", { name: "e5", exact: true })).toBeVisible();
  await expect(viewer.getByRole("timer", { name: new RegExp(`^${u1.name}'s clock: .*, running$`) })).toBeVisible();

  await rated.resign("black");
  await expect(viewer.getByRole("status").filter({ hasText: "1-0 · Resignation" })).toContainText(
    "the next game in 5 seconds",
  );
  await expect(viewer.getByRole("heading", { level: 2, name: `${g1.name} vs ${g2.name}` })).toBeVisible({
    timeout: 15_000,
  });
  await expect(viewer.locator('[id="live-board-square-d5"] [data-piece="bP"]')).toBeVisible();
  await guests.move("c2c4");
  await expect(moveList(viewer).getByRole("button", { name: "c4", exact: true })).toBeVisible();
  await guests.resign("white");
  rated.close();
  guests.close();
});
