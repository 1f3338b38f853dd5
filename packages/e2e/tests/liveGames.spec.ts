import { io, type Socket } from "socket.io-client";
import { baseURL, newPage, unique } from "../support/players.ts";
import { expect, test } from "../support/test.ts";

type Ack<T> = { ok: true; data?: T } | { ok: false; code: string; message: string };

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

test("a player whose game is on logs in from a fresh browser and is back on the board in one click", async ({
  browser,
}) => {
  const name = unique("live");
  const created = await fetch(`${baseURL()}/user/create`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: name, email: `${name}@example.com`, password: "a-good-password" }),
  });
  expect(created.status).toBe(201);
  const login = await fetch(`${baseURL()}/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: name, password: "a-good-password" }),
  });
  const { sessionId } = (await login.json()) as { sessionId: string };

  // The game starts on another device: the player's socket there, a guest as Black.
  const device = socketOf(sessionId);
  const opponent = socketOf();
  const guestName = await new Promise<string>((resolve) =>
    opponent.once("session", (s: { username: string }) => resolve(s.username)),
  );
  const started = new Promise<{ gameId: string }>((resolve) => device.once("gameStarted", resolve));
  const offer = await ask<{ offerId: string }>(device, "createGameOffer", {
    baseTime: 10,
    increment: 0,
    selectedColor: "white",
  });
  await ask(opponent, "acceptGameOffer", { offerId: offer?.offerId });
  const { gameId } = await started;
  await ask(device, "move", { gameId, move: { from: "e2", to: "e4" } });
  await ask(opponent, "move", { gameId, move: { from: "e7", to: "e5" } });
  device.close();

  const page = await newPage(browser);
  try {
    await page.goto("/my-profile");
    await page.getByRole("button", { name: "Login" }).click();
    const dialog = page.getByRole("dialog", { name: "Login" });
    await dialog.getByLabel("Username").fill(name);
    await dialog.getByLabel("Password").fill("a-good-password");
    await dialog.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByTestId("identity")).toContainText(name);
    await page.getByRole("navigation").getByRole("link", { name: "Play", exact: true }).click();

    const banner = page.getByRole("status").filter({ hasText: "You are playing" });
    await expect(banner).toContainText(`You are playing ${guestName} (10+0, White)`);
    await page.screenshot({ path: test.info().outputPath("lobby-resume.png") });
    // Create Game leads there too.
    await page.getByRole("button", { name: "Create Game" }).click();
    const create = page.getByRole("dialog", { name: "Create Game" });
    await expect(create.getByRole("link", { name: "Resume" })).toBeVisible();
    await create.getByRole("button", { name: "Cancel" }).click();

    await banner.getByRole("link", { name: "Resume" }).click();
    await expect(page).toHaveURL(new RegExp(`/play\\?gameId=${gameId}`));
    const moves = page.getByRole("table", { name: "Moves" });
    await expect(moves.getByRole("button", { name: "e5", exact: true })).toBeVisible();
    await expect(page.locator('[id="live-board-square-e4"] [data-piece]')).toBeVisible();

    // The opponent resigns: the game leaves the lobby's banner.
    await ask(opponent, "forfeit");
    await page.goto("/");
    await expect(page.getByText(/No offers available|Open games/).first()).toBeVisible();
    await expect(page.getByText("You are playing")).toHaveCount(0);
  } finally {
    opponent.close();
    await page.context().close();
  }
});
