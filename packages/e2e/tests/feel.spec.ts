import type { Browser, Locator, Page } from "@playwright/test";
import { newPage, registeredUser, type SocketGame, socketGame } from "../support/players.ts";
import { createSiteFixture, endSiteFixture } from "../support/siteRoutes.ts";
import { expect, test } from "../support/test.ts";

// The feel of play (issue 20): what a player meets in the first hour, clicked through as a person would.

/**
 * Headless Chromium lets any page play sound; a browser in front of a person holds it back until the first
 * click or key on the page. This puts that rule back for the page.
 */
async function holdSoundUntilGesture(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const Real = window.AudioContext;
    // Not navigator.userActivation: Playwright's own evaluations count as gestures there.
    let gesture = false;
    for (const type of ["pointerdown", "keydown"]) {
      window.addEventListener(type, (e) => (gesture ||= e.isTrusted), { capture: true });
    }
    const active = () => gesture;
    window.AudioContext = class extends Real {
      constructor(options?: AudioContextOptions) {
        super(options);
        if (!active()) void super.suspend();
      }
      override resume(): Promise<void> {
        return active() ? super.resume() : Promise.reject(new DOMException("no gesture yet", "NotAllowedError"));
      }
    };
  });
}

/** Records every frequency the page's sounds set, so a spec can tell which sound played. */
async function listenToSounds(page: Page): Promise<void> {
  // Which sound file each played sound came from: fetched bytes → decoded buffer → started source.
  await page.addInitScript(() => {
    const heard: string[] = [];
    (window as unknown as { __heard: string[] }).__heard = heard;
    const urlOfBytes = new WeakMap<ArrayBuffer, string>();
    const urlOfBuffer = new WeakMap<AudioBuffer, string>();
    const fetchFirst = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const response = await fetchFirst(input, init);
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (/\.wav$/.test(url)) {
        const bytes = response.arrayBuffer.bind(response);
        response.arrayBuffer = async () => {
          const b = await bytes();
          urlOfBytes.set(b, url);
          return b;
        };
      }
      return response;
    };
    const decode = BaseAudioContext.prototype.decodeAudioData;
    BaseAudioContext.prototype.decodeAudioData = function (bytes: ArrayBuffer) {
      const url = urlOfBytes.get(bytes);
      return decode.call(this, bytes).then((buffer) => {
        if (url) urlOfBuffer.set(buffer, url);
        return buffer;
      });
    };
    const start = AudioBufferSourceNode.prototype.start;
    AudioBufferSourceNode.prototype.start = function (...args: Parameters<AudioBufferSourceNode["start"]>) {
      heard.push((this.buffer && urlOfBuffer.get(this.buffer)) ?? "unknown");
      return start.apply(this, args);
    };
  });
}

const heard = (page: Page) => page.evaluate(() => (window as unknown as { __heard: string[] }).__heard);

test("on a phone Give Up sits on its own row below Abort and Suggest Draw, and asks first", async ({ browser }) => {
  const [alice, bob] = [await registeredUser(), await registeredUser()];
  const game = await socketGame(alice.sessionId, bob.sessionId);
  try {
    const page = await newPage(browser, alice.sessionId);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/play?gameId=${game.gameId}`);
    const giveUp = page.getByRole("button", { name: "Give Up" });
    await giveUp.scrollIntoViewIfNeeded();
    const [abort, draw, resign] = await Promise.all(
      [page.getByRole("button", { name: "Abort" }), page.getByRole("button", { name: "Suggest Draw" }), giveUp].map(
        (l) => l.boundingBox(),
      ),
    );
    if (!abort || !draw || !resign) throw new Error("game buttons not on screen");
    expect(resign.y).toBeGreaterThanOrEqual(Math.max(abort.y + abort.height, draw.y + draw.height));
    await page.screenshot({ path: "test-results/screens/phone-game-actions.png", fullPage: true });

    // Before both sides have moved a game can only be aborted: Give Up waits, and says why.
    await expect(giveUp).toBeDisabled();
    await expect(page.getByText("Until both sides have moved, a game can only be aborted (unrated).")).toBeVisible();
    await game.move(0, "e2e4");
    await game.move(1, "e7e5");
    await expect(page.getByRole("button", { name: "Abort" })).toHaveCount(0);
    await expect(page.getByText(/can only be aborted/)).toHaveCount(0);
    await expect(giveUp).toBeEnabled();
    await giveUp.click();
    const question = page.getByRole("alertdialog", { name: "Give up this game?" });
    await expect(question).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(question).toBeHidden();
    await giveUp.click();
    await question.getByRole("button", { name: "Yes, give up" }).click();
    await expect(page.getByText("Resignation").first()).toBeVisible();
    await page.context().close();
  } finally {
    await game.end();
  }
});

test("a game that starts while the lobby is scrolled down opens at the top, its board on the screen", async ({
  browser,
}) => {
  const [alice, bob] = [await registeredUser(), await registeredUser()];
  const page = await newPage(browser, alice.sessionId);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Open games" })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  const game = await socketGame(alice.sessionId, bob.sessionId);
  try {
    await page.waitForURL(/\/play\?gameId=/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(alice.name);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.locator(".board").first()).toBeInViewport({ ratio: 0.5 });
  } finally {
    await game.end();
    await page.context().close();
  }
});

test("a page opened afresh opens at its top, wherever the tab's last page was left", async ({ browser }) => {
  const page = await newPage(browser);
  await page.setViewportSize({ width: 390, height: 500 });
  await page.goto("/credits");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  // An address typed into the same tab: a new load, whose first page once took the old page's position.
  await page.goto("/leaderboards?gameVariant=standard&timeVariant=rapid");
  await expect(page.getByRole("button", { name: "Get Leaderboards" })).toBeVisible();
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(800);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.context().close();
});

test("a game that ends while its player is on another page is told in a toast, with View", async ({ browser }) => {
  const [alice, bob] = [await registeredUser(), await registeredUser()];
  const game = await socketGame(alice.sessionId, bob.sessionId);
  const page = await newPage(browser, alice.sessionId);
  try {
    // Once the page knows the game (the lobby offers to resume it), Alice goes to another page of the site.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await expect(page.getByText(`You are playing ${bob.name}`)).toBeVisible();
    // On a phone the line gives way in its details first: the name loses letters only once they are gone,
    // and Resume is always whole on the screen.
    const line = await page.locator(".resume-game__game").evaluate((el) => {
      const name = el.querySelector(".resume-game__name") as HTMLElement;
      const details = el.querySelector(".resume-game__details") as HTMLElement;
      const resume = el.querySelector("a")?.getBoundingClientRect();
      return {
        nameCut: name.scrollWidth > name.clientWidth,
        detailsShown: details.getBoundingClientRect().width >= 1,
        resumeOnScreen: resume !== undefined && resume.right <= window.innerWidth && resume.width >= resume.height,
      };
    });
    expect(line.nameCut && line.detailsShown).toBe(false);
    expect(line.resumeOnScreen).toBe(true);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Leaderboards" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Leaderboards" })).toBeVisible();
    // Fool's mate, Alice (White) mated by Bob.
    for (const [ply, uci] of ["f2f3", "e7e5", "g2g4", "d8h4"].entries()) await game.move(ply, uci);
    const toast = page.getByRole("status").filter({ hasText: "Game over" });
    await expect(toast).toContainText(`You lost against ${bob.name} (Checkmate)`);
    await toast.getByRole("button", { name: "View" }).click();
    await expect(page).toHaveURL(new RegExp(`/play\\?gameId=${game.gameId}$`));
    await expect(page.getByRole("dialog", { name: `Gameover! Winner is: ${bob.name}` })).toBeVisible();
  } finally {
    await game.end();
    await page.context().close();
  }
});

test("a game that ends while its player's page reloads is still told, and only once", async ({ browser }) => {
  const [alice, bob] = [await registeredUser(), await registeredUser()];
  const game = await socketGame(alice.sessionId, bob.sessionId);
  const page = await newPage(browser, alice.sessionId);
  try {
    await page.goto("/");
    await expect(page.getByText(`You are playing ${bob.name}`)).toBeVisible();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Leaderboards" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Leaderboards" })).toBeVisible();
    // The page reloads, and its connection is not back before Bob mates: no gameOver reaches it.
    const socketIo = /\/socket\.io\//;
    await page.route(socketIo, (route) => route.abort());
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Leaderboards" })).toBeVisible();
    // Fool's mate, Alice (White) mated by Bob.
    for (const [ply, uci] of ["f2f3", "e7e5", "g2g4", "d8h4"].entries()) await game.move(ply, uci);
    await page.unroute(socketIo);
    const toast = page.getByRole("status").filter({ hasText: "Game over" });
    await expect(toast).toContainText(`You lost against ${bob.name} (Checkmate)`, { timeout: 15_000 });
    await expect(page.getByText(`You are playing ${bob.name}`)).toHaveCount(0);
    // Told once: the next load knows the game is over, as it knows any finished game.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Leaderboards" })).toBeVisible();
    await page.waitForTimeout(1_500);
    await expect(toast).toHaveCount(0);
  } finally {
    await game.end();
    await page.context().close();
  }
});

test("a clock under ten seconds shows tenths, turns red and ticks a warning; blocked sound says so", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const [alice, bob] = [await registeredUser(), await registeredUser()];
  // 30 seconds: the clock runs low (and shows tenths) from 10 s on.
  const game = await socketGame(alice.sessionId, bob.sessionId, 0.5);
  try {
    await game.move(0, "e2e4");
    await game.move(1, "e7e5");
    const page = await newPage(browser, alice.sessionId);
    await holdSoundUntilGesture(page);
    await listenToSounds(page);
    await page.goto(`/play?gameId=${game.gameId}`);
    const clock = page.getByTestId("player-bar-bottom").getByRole("timer");
    // lichess's "0:28", large, in figures of one width: not "0m 28s".
    await expect(clock).toHaveText(/^0:\d\d$/);
    await expect(clock).toHaveCSS("font-variant-numeric", "tabular-nums");
    expect(Number.parseFloat(await clock.evaluate((el) => getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(25);
    await expect(clock).not.toHaveAttribute("data-low");

    // Opened by a link, not a click: the browser holds sound back, and the page says so until a click.
    const hint = page.getByRole("button", { name: /Sound is paused by the browser/ });
    await expect(hint).toBeVisible();
    await hint.click();
    await expect(hint).toBeHidden();

    await expect(clock).toHaveText(/^0:0\d\.\d$/, { timeout: 30_000 });
    await expect(clock).toHaveAttribute("data-low", "true");
    await expect(clock).toHaveCSS("background-color", "rgb(180, 35, 24)");
    const first = await clock.textContent();
    await expect(clock).not.toHaveText(first ?? "");
    await expect.poll(async () => (await heard(page)).some((url) => url.includes("lowTime"))).toBe(true);
    await page.screenshot({ path: "test-results/screens/low-clock.png" });
    await page.context().close();
  } finally {
    await game.end();
  }
});

test("on a 1440x900 laptop the board is large, and its resize handle's size is kept on reload", async ({ browser }) => {
  const [alice, bob] = [await registeredUser(), await registeredUser()];
  const game = await socketGame(alice.sessionId, bob.sessionId);
  try {
    const page = await newPage(browser, alice.sessionId);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/play?gameId=${game.gameId}`);
    const board = page.getByRole("region", { name: "Chess board, you play White" });
    await expect(board).toBeVisible();
    const before = await board.boundingBox();
    if (!before) throw new Error("no board");
    expect(before.width).toBeGreaterThan(620);
    // The whole board, both clocks and the tools fit on the screen.
    const bottomBar = await page.getByTestId("player-bar-bottom").boundingBox();
    expect((bottomBar?.y ?? 0) + (bottomBar?.height ?? 0)).toBeLessThanOrEqual(900);
    await page.screenshot({ path: "test-results/screens/laptop-board.png" });

    const handle = page.getByRole("slider", { name: "Board size" });
    const grip = await handle.boundingBox();
    if (!grip) throw new Error("no resize handle");
    // Beside the board, not over its corner square (and the "h" written there).
    expect(grip.x).toBeGreaterThanOrEqual(before.x + before.width);
    expect(grip.y + grip.height).toBeLessThanOrEqual(before.y + before.height + 1);
    await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 5; i++)
      await page.mouse.move(grip.x + grip.width / 2 - 30 * i, grip.y + grip.height / 2 - 30 * i);
    await page.mouse.up();
    await expect.poll(async () => (await board.boundingBox())?.width ?? 0).toBeLessThan(before.width - 100);
    const resized = Math.round((await board.boundingBox())?.width ?? 0);

    await page.reload();
    await expect(board).toBeVisible();
    await expect.poll(async () => Math.round((await board.boundingBox())?.width ?? 0)).toBe(resized);

    // A double click goes back to the default size.
    await handle.dblclick();
    await expect.poll(async () => Math.round((await board.boundingBox())?.width ?? 0)).toBe(Math.round(before.width));
    await page.context().close();
  } finally {
    await game.end();
  }
});

test("on a phone held sideways the board takes the screen's height, both clocks and notices beside it", async ({
  browser,
}) => {
  const [alice, bob] = [await registeredUser(), await registeredUser()];
  const page = await newPage(browser, alice.sessionId);
  const board = page.getByRole("region", { name: "Chess board, you play White" });
  /** Whether the points `inset` px inside `target`'s corners show `target` itself, not something over it. */
  const uncovered = (target: Locator, inset = 4) =>
    target.evaluate((el, d) => {
      const r = el.getBoundingClientRect();
      const corners: Array<[number, number]> = [
        [r.left + d, r.top + d],
        [r.right - d, r.top + d],
        [r.left + d, r.bottom - d],
        [r.right - d, r.bottom - d],
      ];
      return corners.every(([x, y]) => {
        const hit = document.elementFromPoint(x, y);
        return hit !== null && (el === hit || el.contains(hit));
      });
    }, inset);
  for (const [width, height] of [
    [667, 375],
    [844, 390],
    [568, 320],
  ] as const) {
    // A game for each size, a classical one (35 s for the first move): the notice checked is the first move's,
    // whose limit a loaded machine could outlast.
    const game = await socketGame(alice.sessionId, bob.sessionId, 30);
    try {
      await page.setViewportSize({ width, height });
      await page.goto(`/play?gameId=${game.gameId}`);
      await expect(board).toBeVisible();
      // As it opens: the board and both clocks on the screen, nothing over them (the site's header scrolled off).
      const targets = [board, ...(await page.getByRole("timer").all())];
      for (const target of targets) {
        await expect(target).toBeInViewport({ ratio: 1 });
        expect(await uncovered(target), `${width}x${height}`).toBe(true);
      }
      // The board takes the screen's height, the bars stand beside it, each name whole.
      const boardBox = await board.boundingBox();
      expect(boardBox?.height ?? 0, `${width}x${height}`).toBeGreaterThan(height * 0.9);
      for (const place of ["top", "bottom"]) {
        const bar = page.getByTestId(`player-bar-${place}`);
        expect((await bar.boundingBox())?.x ?? 0).toBeGreaterThanOrEqual((boardBox?.x ?? 0) + (boardBox?.width ?? 0));
        expect(await bar.locator(".player-bar__name").evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      }
      // Each bar's colour dot stands beside the name (a long name ends in "…"), not above it.
      for (const place of ["top", "bottom"]) {
        const bar = page.getByTestId(`player-bar-${place}`);
        const [dot, name] = [
          await bar.locator(".player-bar__dot").boundingBox(),
          await bar.getByText(/\w/).first().boundingBox(),
        ];
        expect(
          Math.abs((dot?.y ?? 0) + (dot?.height ?? 0) / 2 - ((name?.y ?? 0) + (name?.height ?? 0) / 2)),
        ).toBeLessThan(4);
      }
      // Notices stand beside the board, on the screen, covering neither it nor a clock.
      await expect(page.getByText(/Make your first move/)).toBeInViewport({ ratio: 1 });
      for (const target of targets) expect(await uncovered(target), `${width}x${height} with a notice`).toBe(true);
      await page.screenshot({ path: `test-results/screens/phone-sideways-board-${width}.png` });
    } finally {
      await game.end();
    }
  }
  await page.context().close();
});

const FOOLS_MATE = ["f2f3", "e7e5", "g2g4", "d8h4"];

for (const { size, width, height } of [
  { size: "laptop", width: 1440, height: 900 },
  { size: "phone", width: 390, height: 844 },
]) {
  test(`the game-over box on a ${size} stands beside the final position, with the score and the new rating`, async ({
    browser,
  }) => {
    const [alice, bob] = [await registeredUser(), await registeredUser()];
    const game = await socketGame(alice.sessionId, bob.sessionId);
    try {
      const page = await newPage(browser, alice.sessionId);
      await page.setViewportSize({ width, height });
      await page.goto(`/play?gameId=${game.gameId}`);
      await expect(page.getByRole("button", { name: "Give Up" })).toBeVisible();
      // While the game is on, the info card says what a win, a draw and a loss would give.
      const stakes = page.getByRole("region", { name: "Game" }).getByLabel("Rating changes");
      await expect(stakes).toBeVisible();
      for (const [ply, uci] of FOOLS_MATE.entries()) await game.move(ply, uci);

      const box = page.getByRole("dialog", { name: `Gameover! Winner is: ${bob.name}` });
      await expect(box).toBeVisible();
      // Once it is over, the box says what the game gave: the stakes beside it go.
      await expect(stakes).toHaveCount(0);
      await expect(box).toContainText("0-1");
      await expect(box).toContainText("Checkmate");
      await expect(box.getByTestId("game-over-rating")).toHaveText(/^Your rating: \d{3,4} \(\u2212\d+\)$/);
      for (const name of ["Rematch", "Back to Menu", "View Analysis"]) {
        await expect(box.getByRole("button", { name })).toBeVisible();
      }
      // The final position stays in view: the box covers no square of the board.
      const board = await page.getByRole("region", { name: /Chess board/ }).boundingBox();
      const panel = await box.boundingBox();
      if (!board || !panel) throw new Error("board or box not on screen");
      const overlaps =
        panel.x < board.x + board.width &&
        board.x < panel.x + panel.width &&
        panel.y < board.y + board.height &&
        board.y < panel.y + panel.height;
      expect(overlaps).toBe(false);
      await expect(page.locator('[id="live-board-square-h4"] [data-piece="bQ"]')).toBeVisible();
      for (const scheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: `test-results/screens/game-over-${size}-${scheme}.png` });
      }

      // Closed, it comes back with Show result.
      await box.getByRole("button", { name: "Close" }).click();
      await expect(box).toBeHidden();
      await page.getByRole("button", { name: "Show result" }).click();
      await expect(box).toBeVisible();
      await page.context().close();
    } finally {
      await game.end();
    }
  });
}

test("a dropped connection shows over the board until it is back, and the game goes on", async ({ browser }) => {
  const [alice, bob] = [await registeredUser(), await registeredUser()];
  const game = await socketGame(alice.sessionId, bob.sessionId);
  try {
    const page = await newPage(browser, alice.sessionId);
    await page.goto(`/play?gameId=${game.gameId}`);
    await expect(page.getByRole("button", { name: "Give Up" })).toBeVisible();
    const overBoard = page.getByTestId("game-connection");
    await expect(overBoard).toHaveCount(0);

    await page.context().setOffline(true);
    await expect(overBoard).toContainText("You are offline");
    await expect(overBoard).toContainText("Reconnecting");
    await expect(page.getByRole("status").filter({ hasText: "You are offline" })).toBeVisible();
    await page.screenshot({ path: "test-results/screens/game-offline.png" });

    await game.move(0, "e2e4");
    await page.context().setOffline(false);
    await expect(overBoard).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByText("Connected again.")).toBeVisible();
    await expect(page.getByRole("table", { name: "Moves" }).getByRole("button", { name: "e4" })).toBeVisible();
    await page.context().close();
  } finally {
    await game.end();
  }
});

test("a move made while the network is down stays played, and reaches the game once it is back", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const [alice, bob] = [await registeredUser(), await registeredUser()];
  const game = await socketGame(alice.sessionId, bob.sessionId);
  try {
    const page = await newPage(browser, alice.sessionId);
    await page.goto(`/play?gameId=${game.gameId}`);
    await expect(page.getByRole("button", { name: "Give Up" })).toBeVisible();
    const moves = page.getByRole("table", { name: "Moves" });

    // Both first moves online: the clocks run, and no first-move limit can abort the game while offline.
    await page.keyboard.type("e4");
    await page.keyboard.press("Enter");
    await expect(moves.getByRole("button", { name: "e4" })).toBeVisible();
    await expect(async () => game.move(1, "e7e5")).toPass({ timeout: 15_000 });
    await expect(moves.getByRole("button", { name: "e5" })).toBeVisible();

    await page.context().setOffline(true);
    await expect(page.getByTestId("game-connection")).toContainText("You are offline");
    await page.keyboard.type("Nf3");
    await page.keyboard.press("Enter");
    await expect(moves.getByRole("button", { name: "Nf3" })).toBeVisible();
    // Unanswered past the request's 8 s: said so, and still shown as played (it was once taken back here).
    await expect(page.getByText("Your move has not reached the server yet")).toBeVisible({ timeout: 15_000 });
    await expect(moves.getByRole("button", { name: "Nf3" })).toBeVisible();

    await page.context().setOffline(false);
    await expect(page.getByTestId("game-connection")).toHaveCount(0, { timeout: 30_000 });
    // The server has it: Black answers at ply 3, and the answer shows.
    await expect(async () => game.move(3, "b8c6")).toPass({ timeout: 30_000 });
    await expect(moves.getByRole("button", { name: "Nc6" })).toBeVisible();
    await expect(moves.getByRole("button", { name: "Nf3" })).toBeVisible();
    // Ended, not left running on the clock: a rated game both sides moved in would lead TV for other tests.
    await page.getByRole("button", { name: "Give Up" }).click();
    await page.getByRole("button", { name: "Yes, give up" }).click();
    await expect(page.getByRole("dialog", { name: /^Gameover!/ })).toBeVisible();
    await page.context().close();
  } finally {
    await game.end();
  }
});

/**
 * Alice and Bob on their game's page after 1. e4 e5, played over sockets that are then closed: only the pages
 * are connected (a client that never says where it is counts as at the board).
 */
async function bothAtTheBoard(browser: Browser): Promise<{ game: SocketGame; page: Page; bobPage: Page }> {
  const [alice, bob] = [await registeredUser(), await registeredUser()];
  const game = await socketGame(alice.sessionId, bob.sessionId);
  try {
    await game.move(0, "e2e4");
    await game.move(1, "e7e5");
    const [page, bobPage] = [await newPage(browser, alice.sessionId), await newPage(browser, bob.sessionId)];
    for (const p of [page, bobPage]) {
      await p.goto(`/play?gameId=${game.gameId}`);
      await expect(p.getByRole("button", { name: "Give Up" })).toBeVisible();
    }
    return { game, page, bobPage };
  } finally {
    // The browsers play on from here.
    game.close();
  }
}

/** Watches `page` for "Opponent is away" from now on: the function returned says whether it was ever shown. */
async function watchForAway(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => {
    const seen = { gone: false };
    (window as unknown as { seen: typeof seen }).seen = seen;
    new MutationObserver(() => {
      if (document.body.textContent?.includes("Opponent is away")) seen.gone = true;
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { seen: { gone: boolean } }).seen.gone);
}

test("an opponent who closes the tab may be claimed against after 10 s, with nothing said for the first 5", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const { game, page, bobPage } = await bothAtTheBoard(browser);
  try {
    // Bob reloads: Alice is told nothing at any moment.
    const everAway = await watchForAway(page);
    await bobPage.reload();
    await expect(bobPage.getByRole("button", { name: "Give Up" })).toBeVisible();
    await page.waitForTimeout(6_000);
    expect(await everAway()).toBe(false);

    // The tab is closed as a person closes it: its page goes (pagehide), then its browser context.
    const closedAt = Date.now();
    await bobPage.close({ runBeforeUnload: true });
    await bobPage.context().close();
    await expect(page.getByText("Opponent is away")).toBeVisible({ timeout: 10_000 });
    expect(Date.now() - closedAt).toBeGreaterThanOrEqual(4_000);
    await expect(page.getByText(/you can claim victory in [1-6]s/)).toBeVisible();
    // A dropped connection waits 40 s; a closed tab 10.
    await expect(page.getByRole("button", { name: "Claim victory" })).toBeVisible({ timeout: 15_000 });
    expect(Date.now() - closedAt).toBeLessThan(20_000);
    await expect(page.getByText("Opponent left the game")).toBeVisible();
    await page.getByRole("button", { name: "Claim victory" }).click();
    await expect(page.getByRole("dialog", { name: /^Gameover!/ })).toContainText("Opponent left the game");
    await page.context().close();
  } finally {
    await game.end();
  }
});

test("an opponent who leaves the game page for another page of the site is gone, and back when they return", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { game, page, bobPage } = await bothAtTheBoard(browser);
  try {
    // Alice plays on a phone: what she is told must be on the screen, not below the board.
    await page.setViewportSize({ width: 375, height: 667 });
    const leave = async () => {
      await bobPage.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Leaderboards" }).click();
      const dialog = bobPage.getByRole("dialog", { name: "Leave the game?" });
      await expect(dialog).toContainText("10 seconds after you leave your opponent may claim the game");
      await dialog.getByRole("button", { name: "Leave" }).click();
      await expect(bobPage).toHaveURL(/\/leaderboards/);
      return Date.now();
    };
    await leave();
    await expect(page.getByText("Opponent is away")).toBeInViewport({ timeout: 10_000 });
    // Every page shows Bob the way back; back on the game page he is at the board again.
    const resume = bobPage.getByRole("status").filter({ hasText: "You are playing" });
    await expect(resume).toBeVisible();
    await resume.getByRole("link", { name: "Resume" }).click();
    await expect(bobPage.getByRole("button", { name: "Give Up" })).toBeVisible();
    await expect(page.getByText("Opponent is away")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Claim victory" })).toHaveCount(0);

    const leftAt = await leave();
    await expect(page.getByRole("button", { name: "Claim victory" })).toBeInViewport({ timeout: 15_000 });
    expect(Date.now() - leftAt).toBeGreaterThanOrEqual(9_000);
    await page.getByRole("button", { name: "Claim victory" }).click();
    const over = page.getByRole("dialog", { name: /^Gameover!/ });
    await expect(over).toContainText("Opponent left the game");
    // Below the board on a phone: brought into view, it is what she looks for now.
    await expect(over).toBeInViewport({ ratio: 0.9 });
  } finally {
    await game.end();
  }
});

test("a player with the game open in two tabs leaves either without a question, and is never away", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const { game, page, bobPage } = await bothAtTheBoard(browser);
  try {
    const everAway = await watchForAway(page);
    const second = await bobPage.context().newPage();
    await second.goto(`/play?gameId=${game.gameId}`);
    await expect(second.getByRole("button", { name: "Give Up" })).toBeVisible();

    // To another page of the site: nothing to ask, the first tab keeps Bob at the board.
    await second.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Leaderboards" }).click();
    await expect(second).toHaveURL(/\/leaderboards/);
    await expect(second.getByRole("dialog", { name: "Leave the game?" })).toHaveCount(0);
    await page.waitForTimeout(6_000);
    await second
      .getByRole("status")
      .filter({ hasText: "You are playing" })
      .getByRole("link", { name: "Resume" })
      .click();
    await expect(second.getByRole("button", { name: "Give Up" })).toBeVisible();

    // Closing the first tab: no prompt (the browser's is only shown after the user did something on the page).
    const prompts: string[] = [];
    bobPage.on("dialog", (dialog) => {
      prompts.push(dialog.type());
      void dialog.dismiss();
    });
    await bobPage.getByRole("heading", { level: 1 }).click();
    const closed = bobPage.waitForEvent("close", { timeout: 5_000 });
    await bobPage.close({ runBeforeUnload: true });
    await closed;
    expect(prompts).toEqual([]);

    // The last tab showing the game asks, both on closing and for a link.
    await second.getByRole("heading", { level: 1 }).click();
    const prompt = second.waitForEvent("dialog");
    await second.close({ runBeforeUnload: true });
    const asked = await prompt;
    expect(asked.type()).toBe("beforeunload");
    await asked.dismiss();
    expect(second.isClosed()).toBe(false);
    await second.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Leaderboards" }).click();
    await second.getByRole("dialog", { name: "Leave the game?" }).getByRole("button", { name: "Stay" }).click();
    expect(await everAway()).toBe(false);
    // Ended, not left running: a rated game both sides moved in would lead TV for other tests.
    await second.getByRole("button", { name: "Give Up" }).click();
    await second.getByRole("button", { name: "Yes, give up" }).click();
    await expect(page.getByRole("dialog", { name: /^Gameover!/ })).toBeVisible();
  } finally {
    await game.end();
  }
});

test("a rematch offered in one of a player's tabs shows as offered in the other, and withdrawn there too", async ({
  browser,
}) => {
  const [alice, bob] = [await registeredUser(), await registeredUser()];
  const game = await socketGame(alice.sessionId, bob.sessionId);
  try {
    const page = await newPage(browser, alice.sessionId);
    const other = await page.context().newPage();
    for (const p of [page, other]) {
      await p.goto(`/play?gameId=${game.gameId}`);
      await expect(p.getByRole("button", { name: "Abort" })).toBeVisible();
    }
    await page.getByRole("button", { name: "Abort" }).click();
    const dialogs = [page, other].map((p) => p.getByRole("dialog", { name: /^Gameover!|aborted/i }));
    for (const d of dialogs) await expect(d).toBeVisible();
    const [here, there] = dialogs as [Locator, Locator];

    await here.getByRole("button", { name: "Rematch" }).click();
    await expect(there.getByRole("status").filter({ hasText: "Rematch offered" })).toBeVisible();
    await expect(there.getByRole("button", { name: "Rematch" })).toBeDisabled();

    // Closing the box withdraws the offer (SPEC §4): the other tab may offer again.
    await page.keyboard.press("Escape");
    await expect(there.getByRole("status").filter({ hasText: "Rematch offered" })).toHaveCount(0);
    await expect(there.getByRole("button", { name: "Rematch" })).toBeEnabled();
    await page.context().close();
  } finally {
    await game.end();
  }
});

test("phones: the top menu is one row even at 320 px, and the message input is on the screen held either way", async ({
  browser,
}) => {
  const fixture = await createSiteFixture();
  const page = await newPage(browser, fixture.me.sessionId);
  for (const size of [
    { width: 320, height: 568 },
    { width: 375, height: 667 },
    { width: 390, height: 844 },
    // Sideways: the page opens at the conversation, its name and the input both on the screen.
    { width: 568, height: 320 },
    { width: 667, height: 375 },
    { width: 844, height: 390 },
  ]) {
    await page.setViewportSize(size);
    await page.goto(`/messages/${fixture.friend.name}`);
    const links = page.getByRole("navigation", { name: "Main" }).getByRole("link");
    await expect(links).toHaveCount(7);
    const tops = await links.evaluateAll((all) => all.map((a) => Math.round(a.getBoundingClientRect().top)));
    expect(new Set(tops).size, `menu rows at ${size.width} px`).toBe(1);
    for (const link of await links.all()) {
      const box = await link.boundingBox();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= size.width, "link on screen").toBe(true);
    }

    // Without scrolling, the friend's name, the input and Send are on the screen, and a message goes.
    const input = page.getByRole("textbox", { name: /Message/ });
    const send = page.getByRole("button", { name: "Send" });
    await expect(input).toBeVisible();
    // (Sideways, the page scrolls there once shown.)
    await expect(async () => {
      for (const control of [page.getByRole("heading", { level: 2, name: fixture.friend.name }), input, send]) {
        const box = await control.boundingBox();
        expect(box?.y ?? -1, `top at ${size.width}x${size.height}`).toBeGreaterThanOrEqual(0);
        expect(
          (box?.y ?? size.height) + (box?.height ?? 0),
          `bottom at ${size.width}x${size.height}`,
        ).toBeLessThanOrEqual(size.height);
      }
    }).toPass({ timeout: 5_000 });
    await page.screenshot({ path: `test-results/screens/messages-${size.width}x${size.height}.png` });
  }
  await page.getByRole("textbox", { name: /Message/ }).fill("See you at the board");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("See you at the board")).toBeVisible();
  await page.context().close();
  await endSiteFixture(fixture);
});

test("another player's profile offers Add friend and Message (anyone may write by default), and Challenge once online", async ({
  browser,
}) => {
  // Bob's name has 14 to 17 characters (20 at most are allowed).
  const [alice, bob] = [await registeredUser(), await registeredUser("bobby")];
  const page = await newPage(browser, alice.sessionId);
  await page.goto(`/profile?username=${bob.name}`);
  const heading = page.getByRole("heading", { level: 1, name: bob.name });
  await expect(heading).toBeVisible();
  // On a phone the name stands on one line, not broken mid-name ("rcvmx61by9q38 / 18").
  await page.setViewportSize({ width: 390, height: 844 });
  const lines = () =>
    heading.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
  expect(await lines()).toBe(1);
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(page.getByRole("link", { name: "Message" })).toHaveAttribute("href", `/messages/${bob.name}`);
  await expect(page.getByRole("button", { name: "Challenge", exact: true })).toBeDisabled();
  await page.getByRole("button", { name: "Add friend" }).click();
  await expect(page.getByText("Friend Request Sent")).toBeVisible();
  await expect(page.getByRole("button", { name: "Request sent" })).toBeDisabled();

  // Bob accepts, and is on the site.
  const bobPage = await newPage(browser, bob.sessionId);
  const invites = (await (await bobPage.request.get("/friend/list-invites")).json()) as Array<{ inviterId: number }>;
  await bobPage.request.post("/friend/handle-request", { data: { inviterId: invites[0]?.inviterId, accepted: true } });
  await bobPage.goto("/");
  await expect(bobPage.getByTestId("identity")).toContainText(bob.name);

  await page.reload();
  await expect(page.getByRole("link", { name: "Message" })).toHaveAttribute("href", `/messages/${bob.name}`);
  await expect(page.getByRole("button", { name: "Add friend" })).toHaveCount(0);
  await page.getByRole("button", { name: "Challenge", exact: true }).click();
  await page
    .getByRole("dialog", { name: `Challenge ${bob.name}` })
    .getByRole("button", { name: "Send challenge" })
    .click();
  await expect(page.getByText(`Waiting for ${bob.name}…`)).toBeVisible();
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `test-results/screens/profile-actions-${scheme}.png` });
  }
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByText(`Waiting for ${bob.name}…`)).toBeHidden();
  await page.getByRole("link", { name: "Message" }).click();
  await expect(page).toHaveURL(new RegExp(`/messages/${bob.name}$`));
  for (const p of [page, bobPage]) await p.context().close();
});

/** WCAG contrast ratio of two CSS colours "rgb(r, g, b)". */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = (c.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => {
      const s = Number(v) / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (bl ?? 0);
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

const hexToRgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

test("colours read in both themes: a pawn for the creator's colour, Black visible on dark", async ({ browser }) => {
  const page = await newPage(browser);
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/");
  await page.getByRole("button", { name: "Create Game" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Game" });
  const black = dialog.locator(".color-icon--black").first();
  await expect(black).toBeVisible();
  // The black pawn's edge stands out from the dark dialog.
  const edge = hexToRgb((await black.locator("g").first().getAttribute("stroke")) ?? "#000000");
  const surface = await dialog.evaluate((d) => getComputedStyle(d).backgroundColor);
  expect(contrast(edge, surface)).toBeGreaterThanOrEqual(3);
  await dialog.getByText("Black", { exact: true }).click();
  await dialog.getByRole("button", { name: "1+0", exact: true }).click();
  await page.screenshot({ path: "test-results/screens/create-game-dark.png" });
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await expect(dialog).toBeHidden();

  // On the card, a pawn (not a disc that reads as a radio button) says the creator plays Black.
  const card = page.locator(".offer").filter({ hasText: /Guest-\d+ \/ 1\+0/ });
  await expect(card.getByTitle("Creator plays black")).toBeVisible();
  await expect(card.locator(".color-icon--black path")).toHaveCount(1);
  await expect(card.getByRole("radio")).toHaveCount(0);
  for (const scheme of ["dark", "light"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `test-results/screens/lobby-card-${scheme}.png` });
  }
  page.once("dialog", (d) => void d.accept());
  await page.getByRole("button", { name: /^Cancel offer Guest-\d+ \/ 1\+0$/ }).click();
  await expect(page.getByText("No offers available")).toBeVisible();
  await page.context().close();
});

test("a guest's name stays whole in the game-over title on a phone, and a declined rematch is not green", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const [white, black] = [await newPage(browser), await newPage(browser)];
  await black.setViewportSize({ width: 320, height: 640 });
  for (const p of [white, black]) await p.goto("/");
  await expect(white.getByTestId("identity")).toContainText(/Guest-\d+/);
  const whiteName = ((await white.getByTestId("identity").textContent()) ?? "").match(/Guest-\d+/)?.[0] ?? "";
  await white.getByRole("button", { name: "Create Game" }).click();
  const dialog = white.getByRole("dialog", { name: "Create Game" });
  await dialog.getByText("White", { exact: true }).click();
  await dialog.getByRole("button", { name: "3+2", exact: true }).click();
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await black.getByRole("button", { name: /^Accept Guest-\d+ \/ 3\+2$/ }).click();
  await black.waitForURL(/\/play\?gameId=/);
  await white.waitForURL(/\/play\?gameId=/);
  // Two moves each, then Black gives up: White, the guest, wins.
  for (const [p, san] of [
    [white, "e4"],
    [black, "e5"],
  ] as const) {
    const input = p.getByRole("textbox", { name: "Type a move" });
    await input.fill(san);
    await input.press("Enter");
    await expect(p.getByRole("table", { name: "Moves" }).getByRole("button", { name: san })).toBeVisible();
  }
  await black.getByRole("button", { name: "Give Up" }).click();
  await black.getByRole("button", { name: "Yes, give up" }).click();

  const title = black.getByRole("heading", { name: `Gameover! Winner is: ${whiteName}` });
  await expect(title).toBeVisible();
  const name = title.locator(".game-over__name");
  await expect(name).toHaveText(whiteName);
  const lineHeight = await name.evaluate((n) => Number.parseFloat(getComputedStyle(n).lineHeight));
  expect((await name.boundingBox())?.height ?? 99).toBeLessThan(lineHeight * 1.5);

  await black.getByRole("button", { name: "Rematch" }).click();
  await white
    .getByRole("alertdialog", { name: "A rematch has been offered. Accept?" })
    .getByRole("button", {
      name: "Decline",
    })
    .click();
  const declined = black.getByText("Offer declined");
  await expect(declined).toBeVisible();
  const [declinedColor, accent] = await declined.evaluate((el) => [
    getComputedStyle(el).color,
    getComputedStyle(document.documentElement).getPropertyValue("--color-accent"),
  ]);
  expect(declinedColor).not.toBe(hexToRgb(accent.trim()));
  await black.screenshot({ path: "test-results/screens/guest-game-over-320.png" });
  for (const p of [white, black]) await p.context().close();
});
