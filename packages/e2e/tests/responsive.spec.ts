import type { Page } from "@playwright/test";
import { newPage, registeredUser, socketGame } from "../support/players.ts";
import {
  createSiteFixture,
  endSiteFixture,
  SITE_ROUTES,
  type SiteFixture,
  sendFriendMessage,
} from "../support/siteRoutes.ts";
import { expect, test } from "../support/test.ts";

// One fixture (users, games) for every page and size, made again only if a failure restarts the worker. Its
// players have names of the longest length (20 wide letters): every page is checked with them.
const SIZES = [
  { name: "phone", width: 375, height: 667 },
  { name: "phone-sideways", width: 667, height: 375 },
  { name: "tablet", width: 768, height: 1024 },
  { name: "desktop", width: 1920, height: 1080 },
] as const;

let fixture: SiteFixture;
let page: Page;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  fixture = await createSiteFixture({ longNames: true });
  page = await newPage(browser, fixture.me.sessionId);
});

test.afterAll(async () => {
  await page?.context().close();
  if (fixture) await endSiteFixture(fixture);
});

interface Problem {
  kind: "overlap" | "off-screen";
  what: string;
  element?: Element;
}

/**
 * In `scope` ("content": everything but the top bar; "topbar": only it), the elements that stick out of
 * the viewport sideways and the visible controls (buttons, links, fields) that overlap one another in one layer.
 * Rectangles are clipped by scrolling ancestors, so a move scrolled out of its list does not count.
 */
function layoutProblems(scope: "content" | "topbar"): Problem[] {
  const inScope = (el: Element) => (el.closest("body > * header") !== null) === (scope === "topbar");
  const describe = (el: Element) => {
    const name = el.getAttribute("aria-label") ?? (el.textContent ?? "").trim().slice(0, 30);
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.className && typeof el.className === "string" ? `.${el.className.split(" ")[0]}` : ""} "${name}"`;
  };
  const visibleRect = (el: Element): DOMRect | null => {
    let r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) return null;
    for (let a = el.parentElement; a; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.overflowX === "visible" && style.overflowY === "visible") continue;
      const c = a.getBoundingClientRect();
      const left = Math.max(r.left, c.left);
      const top = Math.max(r.top, c.top);
      const right = Math.min(r.right, c.right);
      const bottom = Math.min(r.bottom, c.bottom);
      if (right - left < 2 || bottom - top < 2) return null;
      r = new DOMRect(left, top, right - left, bottom - top);
    }
    return r;
  };
  // What floats over the page (a toast) is a layer of its own: its controls may cover the page's, not one
  // another.
  const layerOf = (el: Element): Element | null => {
    for (let a: Element | null = el; a; a = a.parentElement) if (getComputedStyle(a).position === "fixed") return a;
    return null;
  };
  const problems: Problem[] = [];
  for (const el of Array.from(document.querySelectorAll("body *")).filter(inScope)) {
    const rect = visibleRect(el);
    const sticksOut = rect && (rect.left < -1 || rect.right > window.innerWidth + 1);
    // Only the outermost element that sticks out is named.
    if (sticksOut && !(el.parentElement && problems.some((p) => p.element === el.parentElement))) {
      problems.push({ kind: "off-screen", what: `${describe(el)} spans x ${rect.left}..${rect.right}`, element: el });
    }
  }
  const controls = Array.from(
    document.querySelectorAll("button, a[href], input:not([type='hidden']), select, textarea, [role='button']"),
  )
    .filter(inScope)
    .filter((el) => {
      const style = getComputedStyle(el);
      // A chessboard is one control: its pieces' drag handles are checked as the board.
      const inBoard = el.closest(".board") !== null;
      return !inBoard && style.visibility !== "hidden" && style.opacity !== "0" && !el.closest("[aria-hidden='true']");
    })
    .flatMap((el) => {
      const rect = visibleRect(el);
      return rect ? [{ el, rect }] : [];
    });
  for (let i = 0; i < controls.length; i++) {
    for (let j = i + 1; j < controls.length; j++) {
      const a = controls[i];
      const b = controls[j];
      if (!a || !b || a.el.contains(b.el) || b.el.contains(a.el) || layerOf(a.el) !== layerOf(b.el)) continue;
      // A two-thumb range slider stacks its two range inputs on purpose.
      const range = (el: Element) => el instanceof HTMLInputElement && el.type === "range";
      if (range(a.el) && range(b.el) && a.el.parentElement === b.el.parentElement) continue;
      const w = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
      const h = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
      if (w > 2 && h > 2) problems.push({ kind: "overlap", what: `${describe(a.el)} and ${describe(b.el)}` });
    }
  }
  return problems.map(({ kind, what }) => ({ kind, what }));
}

/**
 * The elements showing one of `names` (leaves of the page) whose box runs past their parent's sideways: a
 * long name must be cut with an ellipsis or wrap, not spill over what is beside it or off the screen.
 */
function spilledNames(names: string[]): string[] {
  const spilled: string[] = [];
  for (const el of Array.from(document.querySelectorAll("body *"))) {
    const text = el.textContent ?? "";
    if (el.children.length > 0 || !names.some((name) => text.includes(name)) || !el.parentElement) continue;
    const own = el.getBoundingClientRect();
    const parent = el.parentElement.getBoundingClientRect();
    if (own.width < 2 || own.height < 2) continue;
    if (own.left < parent.left - 1 || own.right > parent.right + 1) {
      spilled.push(
        `${el.tagName.toLowerCase()}.${el.className} "${text.slice(0, 30)}" x ${own.left}..${own.right} in ${parent.left}..${parent.right}`,
      );
    }
  }
  return spilled;
}

const at = (size: { width: number; height: number }) => `at ${size.width}×${size.height}`;

// Each page is loaded once and taken through the sizes by resizing it: its layout follows the window (CSS media
// queries, the board's width on "resize"). Only a page that decides something at load is loaded again at each
// size: on a phone held sideways, the play and messages pages open scrolled to the board or the conversation
// (useSidewaysStart, web/src/lib/phoneSideways.ts).
const LOADED_AT_EACH_SIZE = new Set(["play", "messages"]);

for (const route of SITE_ROUTES) {
  test(`${route.name} at every size: no sideways scrolling, controls visible and apart`, async () => {
    for (const [i, size] of SIZES.entries()) {
      await page.setViewportSize({ width: size.width, height: size.height });
      if (i === 0 || LOADED_AT_EACH_SIZE.has(route.name)) await page.goto(route.path(fixture));
      const controls = route.controls(page, fixture);
      for (const control of controls) await expect(control, at(size)).toBeVisible();
      // Fonts, images and the board settle before anything is measured.
      await page.waitForLoadState("load");
      await page.evaluate(() => document.fonts.ready);
      await page.waitForTimeout(300);
      await page.screenshot({ path: `test-results/screens/${route.name}-${size.name}.png`, fullPage: true });

      for (const control of controls) {
        const box = await control.boundingBox();
        expect(box, `${control} has no box ${at(size)}`).not.toBeNull();
        if (!box) continue;
        expect.soft(box.x, `${control} starts left of the screen ${at(size)}`).toBeGreaterThanOrEqual(-1);
        expect
          .soft(box.x + box.width, `${control} ends right of the screen ${at(size)}`)
          .toBeLessThanOrEqual(size.width + 1);
      }
      expect(await page.evaluate(layoutProblems, "content" as const), at(size)).toEqual([]);
      const names = [fixture.me.name, fixture.friend.name];
      expect(await page.evaluate(spilledNames, names), `long names ${at(size)}`).toEqual([]);
    }
  });
}

// The top bar is the same on every page: it is checked once, at every size, with the unread badge showing.
test("the top bar at every size fits: the page does not scroll sideways", async () => {
  await sendFriendMessage(fixture, "Are you there?");
  await page.goto("/leaderboards");
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await expect(page.getByRole("link", { name: /^Social, \d+ unread messages?$/ }), at(size)).toBeVisible();
    await page.waitForTimeout(300);
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      inner: window.innerWidth,
    }));
    expect.soft(widths.scroll, `the page scrolls sideways ${at(size)}`).toBeLessThanOrEqual(widths.inner);
    expect(await page.evaluate(layoutProblems, "topbar" as const), at(size)).toEqual([]);
    // My 20-character name is cut in the top bar, not pushed past it.
    expect(await page.evaluate(spilledNames, [fixture.me.name]), at(size)).toEqual([]);
  }
});

// A table in a card may scroll inside it without the page scrolling: the games table must not need to, at
// any width its columns give way at (a wider phone held sideways too).
test("the games table at every size shows every game's result, rating and PGN without scrolling", async () => {
  await page.goto(`/profile?username=${fixture.friend.name}`);
  const table = page.getByRole("table", { name: "Game history" });
  const row = table.getByRole("row").filter({ hasText: fixture.me.name });
  for (const size of [...SIZES, { name: "phone-sideways", width: 844, height: 390 }]) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await expect(row.getByRole("link", { name: /Download PGN/ }), at(size)).toBeVisible();
    const box = await table.evaluate((el) => {
      const scroller = el.parentElement as HTMLElement;
      return { scroll: scroller.scrollWidth, client: scroller.clientWidth };
    });
    expect(box.scroll, `the table scrolls sideways in its card ${at(size)}`).toBeLessThanOrEqual(box.client);
  }
});

// A dialog taller than a short screen scrolls its choices under its buttons, which stay on the screen.
test("the lobby's dialogs at phone sizes keep Create and Play on the screen", async () => {
  await page.goto("/");
  for (const size of [
    { name: "phone-sideways", width: 667, height: 375 },
    { name: "phone", width: 375, height: 667 },
  ]) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const [opener, title, action] of [
      ["Create Game", "Create Game", "Create"],
      ["Play with the computer", "Play with the computer", "Play"],
    ] as const) {
      await page.getByRole("button", { name: opener, exact: true }).click();
      const dialog = page.getByRole("dialog", { name: title });
      await expect(dialog.getByRole("button", { name: action, exact: true }), at(size)).toBeInViewport({ ratio: 1 });
      await expect(dialog.getByRole("button", { name: "Cancel", exact: true }), at(size)).toBeInViewport({ ratio: 1 });
      await page.screenshot({ path: test.info().outputPath(`${opener}-${size.name}.png`) });
      await page.keyboard.press("Escape");
      await expect(dialog, at(size)).toHaveCount(0);
    }
  }
});

// A player decides on a draw or a takeback looking at the board: the prompts take a place of their own beside
// it, over neither the board, a clock nor the site's header, wherever the page is scrolled.
test("the game's notices cover neither the board, the clocks nor the header, at phone sizes as on a desktop", async ({
  browser,
}) => {
  // Names of the longest length: the player bars, and the result box at the end, cut them.
  const [alice, bob] = [await registeredUser("Wwwwwwww", 20), await registeredUser("Mmmmmmmm", 20)];
  const game = await socketGame(alice.sessionId, bob.sessionId);
  try {
    for (const [ply, uci] of ["e2e4", "e7e5", "g1f3"].entries()) await game.move(ply, uci);
    const page = await newPage(browser, alice.sessionId);
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto(`/play?gameId=${game.gameId}`);
    const board = page.getByRole("region", { name: "Chess board, you play White" });
    await expect(board).toBeVisible();
    const boardAndClocks = async () =>
      Promise.all([board, ...(await page.getByRole("timer").all())].map((one) => one.boundingBox()));
    const before = await boardAndClocks();

    // A prompt appearing moves neither the board nor a clock, and is on the screen whole.
    await game.act("b", "proposeTakeback");
    const takeback = page.getByRole("alertdialog", { name: "Your opponent proposes a takeback. Accept?" });
    await expect(takeback).toBeInViewport({ ratio: 1 });
    expect(await boardAndClocks()).toEqual(before);

    await game.act("b", "offerDraw");
    await expect(page.getByRole("alertdialog", { name: "A draw has been offered. Accept?" })).toBeVisible();
    for (const [width, height] of [
      [375, 667],
      [390, 844],
      [667, 375],
      [844, 390],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.waitForTimeout(200);
      for (const scroll of ["top", "board"] as const) {
        await (scroll === "top"
          ? page.evaluate(() => window.scrollTo(0, 0))
          : board.evaluate((el) => el.scrollIntoView({ block: "start" })));
        expect(await page.evaluate(noticesOver), `${width}x${height}, scrolled to the ${scroll}`).toEqual([]);
      }
      await page.screenshot({ path: test.info().outputPath(`notices-${width}x${height}.png`) });
    }

    // The game's end on a phone: the result box names the winner, and still nothing runs off the side.
    await page.setViewportSize({ width: 375, height: 667 });
    await game.resign("b");
    await expect(page.getByRole("dialog", { name: `Gameover! Winner is: ${alice.name}` })).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: test.info().outputPath("game-over-375x667.png"), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), "the page scrolls sideways").toBe(375);
    expect(await page.evaluate(spilledNames, [alice.name, bob.name])).toEqual([]);
    // The opponent's new rating: their name cut if need be, never broken over two lines.
    const lines = await page.getByTestId("game-over-new-rating").evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      // Boxes of one line may sit a pixel or two apart (the name's own box); a second line is a line lower.
      const tops = Array.from(range.getClientRects(), (r) => r.top).sort((a, b) => a - b);
      return tops.filter((top, i) => i === 0 || top - (tops[i - 1] as number) > 8).length;
    });
    expect(lines, "lines of the opponent's new rating").toBe(1);
    await page.context().close();
  } finally {
    await game.end();
  }
});

/** What of the board, the clocks and the header a prompt shows over (a sticky header over a prompt is fine). */
function noticesOver(): string[] {
  const targets = [
    ...Array.from(document.querySelectorAll("[aria-label^='Chess board']"), (el) => ["the board", el]),
    ...Array.from(document.querySelectorAll("[role='timer']"), (el) => ["a clock", el]),
    ...Array.from(document.querySelectorAll("header.topbar"), (el) => ["the header", el]),
  ] as Array<[string, Element]>;
  const found: string[] = [];
  for (const notice of Array.from(document.querySelectorAll("[role='alertdialog']"))) {
    const n = notice.getBoundingClientRect();
    for (const [what, target] of targets) {
      const t = target.getBoundingClientRect();
      const [left, right] = [Math.max(n.left, t.left), Math.min(n.right, t.right)];
      const [top, bottom] = [Math.max(n.top, t.top), Math.min(n.bottom, t.bottom)];
      if (right - left < 2 || bottom - top < 2) continue;
      // Where the two meet, whichever is painted on top.
      for (const fx of [0.1, 0.5, 0.9]) {
        for (const fy of [0.1, 0.5, 0.9]) {
          const hit = document.elementFromPoint(left + fx * (right - left), top + fy * (bottom - top));
          if (hit && notice.contains(hit) && !found.includes(what)) found.push(what);
        }
      }
    }
  }
  return found;
}
