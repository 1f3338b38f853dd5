import type { Browser, Page } from "@playwright/test";
import { drag, square } from "../support/board.ts";
import { type Started, startServer } from "../support/server.ts";
import { expect, test } from "../support/test.ts";

// A server of this spec's own: it is restarted twice, each time with its clock moved on (CLOCK_OFFSET_MS), as
// a week passing between two moves of a daily game would be seen by a real server.
test.describe.configure({ mode: "serial", timeout: 240_000 });

const DAY = 86_400_000;
const BOARD = "daily-board";
let server: Started;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startServer("daily-restart");
});
test.afterAll(async () => {
  await server?.stop();
});

async function post<T>(path: string, body: unknown, sessionId?: string): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(sessionId ? { cookie: `sid=${sessionId}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function player(browser: Browser, prefix: string): Promise<{ name: string; sessionId: string; page: Page }> {
  const name = `${prefix}${Date.now().toString(36)}`;
  await post("/user/create", { username: name, email: `${name}@example.com`, password: "a-good-password" });
  const { sessionId } = await post<{ sessionId: string }>("/user/login", {
    username: name,
    password: "a-good-password",
  });
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
  await context.addCookies([
    { name: "sid", value: sessionId, url: server.url },
    { name: "signedIn", value: "1", url: server.url },
  ]);
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  return { name, sessionId, page };
}

async function move(page: Page, from: string, to: string, san: string) {
  await expect(square(page, from, BOARD)).toBeVisible();
  await drag(page, from, to, BOARD);
  await expect(page.getByRole("table", { name: "Moves" }).getByText(san, { exact: true })).toBeVisible();
}

test("two browsers play a daily game over a server restart a week later, and a time-out lands after the next", async ({
  browser,
}) => {
  const ann = await player(browser, "dra");
  const bob = await player(browser, "drb");
  // A 7-day game with Ann as White, offered and accepted over HTTP (the lobby's way in is daily.spec's).
  const offer = await post<{ offerId: string }>("/daily/offers", { days: 7, color: "white" }, ann.sessionId);
  const { gameId } = await post<{ gameId: string }>(`/daily/offers/${offer.offerId}/accept`, {}, bob.sessionId);
  for (const p of [ann, bob]) await p.page.goto(`/daily/${gameId}`);

  await move(ann.page, "e2", "e4", "e4");
  await expect(bob.page.getByTestId("daily-status")).toHaveText("Your turn");
  await move(bob.page, "e7", "e5", "e5");
  await expect(ann.page.getByTestId("daily-status")).toHaveText("Your turn");
  await expect(ann.page.getByTestId("daily-clock-bottom")).toHaveText(/^(6 days 23 hours|7 days) left$/);

  // The server goes down; when it is back, six days have passed. The open pages reconnect by themselves and
  // show what is left of Ann's week.
  await server.restart({ CLOCK_OFFSET_MS: String(6 * DAY) });
  await expect(ann.page.getByTestId("daily-clock-bottom")).toHaveText(/^(23 hours \d+ minutes|1 day) left$/, {
    timeout: 60_000,
  });
  await move(ann.page, "g1", "f3", "Nf3");
  await expect(bob.page.getByRole("table", { name: "Moves" }).getByText("Nf3", { exact: true })).toBeVisible();
  await expect(bob.page.getByTestId("daily-status")).toHaveText("Your turn");
  await expect(bob.page.getByTestId("daily-clock-bottom")).toHaveText(/^(6 days 23 hours|7 days) left$/);

  // Down again, and back eight days later: Bob's week ran out meanwhile. The node ends the game before it
  // answers anyone, once, and both pages show it.
  await server.restart({ CLOCK_OFFSET_MS: String(14 * DAY) });
  for (const p of [ann, bob])
    await expect(p.page.getByTestId("daily-status")).toHaveText(`${ann.name} won · Time out`, { timeout: 60_000 });
  await bob.page.reload();
  await expect(bob.page.getByTestId("daily-status")).toHaveText(`${ann.name} won · Time out`);
  await expect(bob.page.getByRole("table", { name: "Moves" }).getByText("Nf3", { exact: true })).toBeVisible();
});
