import type { Browser, Page } from "@playwright/test";
import { drag, moveList } from "../support/board.ts";
import { baseURL } from "../support/players.ts";
import { expect, test } from "../support/test.ts";
import { storage } from "../support/variants.ts";

// The lobby is shared by everyone on the server: these tests take turns so one's offers never show in another's.
test.describe.configure({ mode: "serial" });

const unique = () => `p${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL() });
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  return page;
}

/** A guest on the lobby; resolves with the guest name shown in the top bar. */
async function guest(browser: Browser): Promise<{ page: Page; name: string }> {
  const page = await newPage(browser);
  await page.goto("/");
  const badge = page.getByTestId("identity");
  await expect(badge).toContainText(/Guest-\d{4}/);
  const name = ((await badge.textContent()) ?? "").match(/Guest-\d+/)?.[0] ?? "";
  return { page, name };
}

/** A registered user, logged in through the Login modal, on the lobby. */
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
  await page.getByRole("navigation").getByRole("link", { name: "Play", exact: true }).click();
  await expect(page.getByText(/No offers available|Open games/).first()).toBeVisible();
  return { page, name };
}

/** Creates an offer from the lobby's Create Game modal. */
async function createOffer(page: Page, opts: { preset?: string; custom?: true; color?: "White" | "Black" | "Random" }) {
  await page.getByRole("button", { name: "Create Game" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Game" });
  if (opts.custom) await dialog.getByRole("button", { name: "Custom" }).click();
  if (opts.preset) await dialog.getByRole("button", { name: opts.preset, exact: true }).click();
  if (opts.color) await dialog.getByText(opts.color, { exact: true }).click();
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** Plays `moves` (from-to pairs) alternately on `white` and `black`, each after seeing the previous one. */
async function playMoves(white: Page, black: Page, moves: Array<[string, string, string]>) {
  for (const [index, [from, to, san]] of moves.entries()) {
    const mover = index % 2 === 0 ? white : black;
    const other = mover === white ? black : white;
    await drag(mover, from, to);
    await expect(other.locator(`[id="live-board-square-${to}"] [data-piece]`)).toBeVisible();
    await expect(moveList(other).getByRole("button", { name: san, exact: true })).toBeVisible();
  }
}

async function gameIdOf(page: Page): Promise<string> {
  await page.waitForURL(/\/play\?gameId=/);
  return new URL(page.url()).searchParams.get("gameId") ?? "";
}

test("a user and a guest play fool's mate, then a rematch with colours swapped", storage, async ({ browser }) => {
  test.setTimeout(240_000);
  const alice = await user(browser);
  const guestPlayer = await guest(browser);

  await createOffer(alice.page, { custom: true, color: "White" });
  await expect(alice.page.getByRole("button", { name: `Cancel offer ${alice.name} / 5+3` })).toBeVisible();

  const card = guestPlayer.page.getByText(`${alice.name} / 5+3`, { exact: true });
  await expect(card).toBeVisible();
  await guestPlayer.page.getByRole("button", { name: `Accept ${alice.name} / 5+3` }).click();

  const firstGame = await gameIdOf(alice.page);
  expect(await gameIdOf(guestPlayer.page)).toBe(firstGame);
  for (const p of [alice.page, guestPlayer.page]) {
    await expect(p.getByRole("heading", { level: 1 })).toContainText(" vs ");
    await expect(p.getByRole("button", { name: "Give Up" })).toBeVisible();
  }
  await expect(alice.page.getByTestId("player-bar-bottom")).toContainText(alice.name);
  await expect(guestPlayer.page.getByTestId("player-bar-bottom")).toContainText(guestPlayer.name);

  await playMoves(alice.page, guestPlayer.page, [
    ["f2", "f3", "f3"],
    ["e7", "e5", "e5"],
    ["g2", "g4", "g4"],
    ["d8", "h4", "Qh4#"],
  ]);

  const headline = `Gameover! Winner is: ${guestPlayer.name}`;
  for (const p of [alice.page, guestPlayer.page]) {
    const dialog = p.getByRole("dialog", { name: headline });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Checkmate");
    for (const name of ["Rematch", "Back to Menu", "View Analysis"]) {
      await expect(dialog.getByRole("button", { name })).toBeVisible();
    }
  }

  await alice.page.getByRole("dialog", { name: headline }).getByRole("button", { name: "Rematch" }).click();
  await expect(alice.page.getByText("Rematch offered")).toBeVisible();
  const prompt = guestPlayer.page.getByRole("alertdialog", { name: "A rematch has been offered. Accept?" });
  await expect(prompt).toBeVisible();
  await prompt.getByRole("button", { name: "Accept" }).click();

  await expect(alice.page).not.toHaveURL(new RegExp(firstGame));
  await expect(guestPlayer.page).not.toHaveURL(new RegExp(firstGame));
  const secondGame = await gameIdOf(alice.page);
  expect(await gameIdOf(guestPlayer.page)).toBe(secondGame);
  // Colours swapped: the guest plays white now, so alice sees the board from black's side.
  await expect(alice.page.locator('[id^="live-board-square-"]').first()).toHaveAttribute("data-square", "h1");
  await expect(guestPlayer.page.locator('[id^="live-board-square-"]').first()).toHaveAttribute("data-square", "a8");
  await expect(alice.page.getByRole("dialog")).toHaveCount(0);
  await drag(guestPlayer.page, "e2", "e4");
  await expect(moveList(alice.page).getByRole("button", { name: "e4", exact: true })).toBeVisible();
  // A screen reader hears the move from the game's announcer, not the drag library's words for the drop.
  await expect(guestPlayer.page.getByRole("status").filter({ hasText: /Draggable item/ })).toHaveCount(0);
  // Leave the lobby clean for the next test.
  await alice.page.getByRole("button", { name: "Abort" }).click();
  await expect(alice.page.getByRole("dialog", { name: "Gameover! The game was aborted" })).toBeVisible();
});

test("two guests take a move back by agreement: proposed, declined, proposed again and accepted", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const white = await guest(browser);
  const black = await guest(browser);
  await createOffer(white.page, { preset: "10+0", color: "White" });
  await black.page.getByRole("button", { name: /^Accept Guest-\d+ \/ 10\+0/ }).click();
  await gameIdOf(white.page);
  await gameIdOf(black.page);
  await playMoves(white.page, black.page, [
    ["e2", "e4", "e4"],
    ["e7", "e5", "e5"],
    ["g1", "f3", "Nf3"],
  ]);

  // White asks to take Nf3 back; Black declines.
  await white.page.getByRole("button", { name: "Propose takeback" }).click();
  await expect(white.page.getByRole("button", { name: "Takeback proposed" })).toBeDisabled();
  await expect(white.page.getByText("Takeback proposal sent")).toBeVisible();
  const prompt = black.page.getByRole("alertdialog", { name: "Your opponent proposes a takeback. Accept?" });
  await expect(prompt).toBeVisible();
  await black.page.screenshot({ path: test.info().outputPath("takeback-proposed.png") });
  await prompt.getByRole("button", { name: "Decline", exact: true }).click();
  await expect(prompt).toBeHidden();
  await expect(white.page.getByText("Your takeback proposal was declined")).toBeVisible();

  // Black plays on, then White asks again on their turn: Nf3 and the reply go once Black accepts.
  await playMoves(black.page, white.page, [["b8", "c6", "Nc6"]]);
  await white.page.getByRole("button", { name: "Propose takeback" }).click();
  await prompt.getByRole("button", { name: "Accept", exact: true }).click();
  for (const p of [white.page, black.page]) {
    await expect(moveList(p).getByRole("button")).toHaveCount(2);
    await expect(p.locator('[id="live-board-square-g1"] [data-piece]')).toBeVisible();
    await expect(p.locator('[id="live-board-square-f3"] [data-piece]')).toHaveCount(0);
  }
  // White to move again, and the game goes on from there.
  await playMoves(white.page, black.page, [["d2", "d4", "d4"]]);
  await white.page.getByRole("button", { name: "Give Up" }).click();
  await white.page.getByRole("button", { name: "Yes, give up" }).click();
  await expect(black.page.getByRole("dialog", { name: `Gameover! Winner is: ${black.name}` })).toBeVisible();
  for (const p of [white.page, black.page]) await p.context().close();
});

test("the lobby: create and cancel an offer, and chat between two visitors", async ({ browser }) => {
  const a = await guest(browser);
  const b = await guest(browser);
  await expect(a.page.getByText("No offers available")).toBeVisible();

  await createOffer(a.page, { preset: "1+0" });
  await expect(a.page.getByRole("button", { name: /^Cancel offer Guest-\d+ \/ 1\+0$/ })).toBeVisible();
  // On a 1366x768 laptop screen a new offer shows without scrolling, under the pairing tiles (at its bottom
  // edge, whatever the site's counts say).
  await b.page.setViewportSize({ width: 1366, height: 768 });
  await expect(b.page.getByRole("button", { name: /^Accept Guest-\d+ \/ 1\+0$/ })).toBeInViewport({ ratio: 0.5 });
  await expect(b.page.getByText("No offers available")).toBeHidden();

  // One open offer at a time: a second one takes the first one's place, and says so.
  await createOffer(a.page, { preset: "3+2" });
  await expect(a.page.getByRole("status").filter({ hasText: "Your new offer replaces your 1+0 offer" })).toBeVisible();
  await expect(b.page.getByRole("button", { name: /^Accept Guest-\d+ \/ 3\+2$/ })).toBeVisible();
  await expect(b.page.getByRole("button", { name: /^Accept Guest-\d+ \/ 1\+0$/ })).toHaveCount(0);
  const mine = a.page.getByRole("button", { name: /^Cancel offer Guest-\d+ \/ 3\+2$/ });

  a.page.once("dialog", async (dialog) => {
    expect(dialog.message()).toBe("Do you want to cancel your offer?");
    await dialog.accept();
  });
  await mine.click();
  await expect(a.page.getByText("No offers available")).toBeVisible();
  await expect(b.page.getByText("No offers available")).toBeVisible();

  const text = `hello from ${a.name} ${unique()}`;
  const input = a.page.getByRole("textbox", { name: "Message" });
  await expect(a.page.getByRole("button", { name: "Send" })).toBeDisabled();
  await input.fill(`  ${text}  `);
  await input.press("Enter");
  await expect(input).toHaveValue("");
  await expect(b.page.getByText(text)).toBeVisible();
  await expect(a.page.getByText(text)).toBeVisible();
});

test("a spectator follows a game live without the players' buttons", async ({ browser }) => {
  test.setTimeout(180_000);
  const white = await guest(browser);
  const black = await guest(browser);
  await createOffer(white.page, { preset: "3+2", color: "White" });
  await black.page.getByRole("button", { name: /^Accept Guest-\d+ \/ 3\+2$/ }).click();
  const gameId = await gameIdOf(white.page);
  await gameIdOf(black.page);
  // Both first moves at once: until they are made the game is aborted after 20 s, which opening a third
  // browser on a busy machine can take.
  await playMoves(white.page, black.page, [
    ["e2", "e4", "e4"],
    ["c7", "c5", "c5"],
  ]);

  const watcher = await newPage(browser);
  await watcher.goto(`/play?gameId=${gameId}`);
  await expect(watcher.getByText("Spectating").first()).toBeVisible();
  await expect(watcher.getByRole("heading", { level: 1 })).toContainText(`${white.name} vs ${black.name}`);
  await expect(watcher.getByRole("button", { name: "Give Up" })).toHaveCount(0);
  await expect(watcher.getByRole("button", { name: "Suggest Draw" })).toHaveCount(0);
  await expect(moveList(watcher).getByRole("button", { name: "c5", exact: true })).toBeVisible();
  await expect(watcher.locator('[id="live-board-square-c5"] [data-piece="bP"]')).toBeVisible();

  // Then live: each move reaches the spectator as it is played.
  await drag(white.page, "g1", "f3");
  await expect(moveList(watcher).getByRole("button", { name: "Nf3", exact: true })).toBeVisible();
  await drag(black.page, "d7", "d6");
  await expect(moveList(watcher).getByRole("button", { name: "d6", exact: true })).toBeVisible();
  await expect(watcher.locator('[id="live-board-square-d6"] [data-piece="bP"]')).toBeVisible();

  // A draw offer the opponent answers by playing on: declined, and its maker is told.
  await white.page.getByRole("button", { name: "Suggest Draw" }).click();
  await expect(white.page.getByText("Draw offer sent")).toBeVisible();
  const drawPrompt = black.page.getByRole("alertdialog", { name: "A draw has been offered. Accept?" });
  await expect(drawPrompt).toBeVisible();
  await drag(white.page, "d2", "d4");
  await expect(moveList(black.page).getByRole("button", { name: "d4", exact: true })).toBeVisible();
  await expect(white.page.getByText("Draw offer sent")).toBeVisible();
  await drag(black.page, "c5", "d4");
  await expect(white.page.getByText("Your opponent played on - draw offer declined")).toBeVisible();
  await expect(white.page.getByText("Draw offer sent")).toBeHidden();
  await expect(drawPrompt).toBeHidden();

  // Give Up asks first: Keep playing leaves the game on, the second click resigns.
  await white.page.getByRole("button", { name: "Give Up" }).click();
  const question = white.page.getByRole("alertdialog", { name: "Give up this game?" });
  await question.getByRole("button", { name: "Keep playing" }).click();
  await expect(question).toBeHidden();
  await expect(white.page.getByRole("button", { name: "Suggest Draw" })).toBeEnabled();
  await white.page.getByRole("button", { name: "Give Up" }).click();
  await question.getByRole("button", { name: "Yes, give up" }).click();
  await expect(watcher.getByRole("dialog", { name: `Gameover! Winner is: ${black.name}` })).toBeVisible();
});
