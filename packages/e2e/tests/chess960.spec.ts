import { Board } from "@chess/shared";
import type { Browser, Page } from "@playwright/test";
import { io, type Socket } from "socket.io-client";
import { drag } from "../support/board.ts";
import { baseURL, newPage, registeredUser } from "../support/players.ts";
import { expect, test } from "../support/test.ts";

// The lobby is shared by everyone on the server: these tests take turns so one's offers never show in another's.
test.describe.configure({ mode: "serial" });

async function guest(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL() });
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  await page.goto("/");
  await expect(page.getByTestId("identity")).toContainText(/Guest-\d{4}/);
  return page;
}

/** The pieces on the live board, as { square: code }. */
async function pieces(page: Page): Promise<Record<string, string>> {
  return page.locator('[id^="live-board-square-"]').evaluateAll((squares) => {
    const found: Record<string, string> = {};
    for (const sq of squares as HTMLElement[]) {
      const piece = sq.querySelector<HTMLElement>("[data-piece]")?.dataset.piece;
      if (piece && sq.dataset.square) found[sq.dataset.square] = piece;
    }
    return found;
  });
}

/** The same, from a FEN's placement. */
function piecesOf(fen: string): Record<string, string> {
  const found: Record<string, string> = {};
  fen
    .split(" ")[0]
    ?.split("/")
    .forEach((row, i) => {
      let file = 0;
      for (const ch of row) {
        if (/\d/.test(ch)) file += Number(ch);
        else {
          const color = ch === ch.toUpperCase() ? "w" : "b";
          found[`${String.fromCharCode(97 + file)}${8 - i}`] = `${color}${ch.toUpperCase()}`;
          file += 1;
        }
      }
    });
  return found;
}

/**
 * The next move towards castling from whatever setup was dealt, as [from, to]: a castle (the king dragged
 * to its destination when that is two or more files away, else onto its rook), else a piece in the way
 * of a castle leaves the back rank, else a pawn makes its first step, else another move (never a king's,
 * a rook's or a promotion).
 */
function towardsCastling(board: Board): [string, string] {
  const moves = board.legalMoves();
  const castle = moves.find(
    (uci) => board.pieceAt(uci.slice(0, 2))?.type === "k" && board.pieceAt(uci.slice(2, 4))?.color === board.turn(),
  );
  if (castle) {
    const [from, rook] = [castle.slice(0, 2), castle.slice(2, 4)];
    const kingTo = `${rook > from ? "g" : "c"}${from[1]}`;
    return Math.abs(kingTo.charCodeAt(0) - from.charCodeAt(0)) >= 2 ? [from, kingTo] : [from, rook];
  }
  const back = board.turn() === "w" ? "1" : "8";
  const second = board.turn() === "w" ? "2" : "7";
  // Squares a castle still allowed needs empty: the back rank between the king's and rooks' files.
  const rooks = ["a", "b", "c", "d", "e", "f", "g", "h"].filter(
    (f) => board.pieceAt(`${f}${back}`)?.type === "r" && board.pieceAt(`${f}${back}`)?.color === board.turn(),
  );
  const files = rooks.length > 0 ? [rooks[0] as string, rooks.at(-1) as string, "c", "g"].sort() : [];
  const inRange = (sq: string) => sq[1] === back && files.length > 0 && sq[0]! >= files[0]! && sq[0]! <= files.at(-1)!;
  const kind = (sq: string) => board.pieceAt(sq)?.type;
  const quiet = moves.filter((m) => m.length === 4 && kind(m.slice(0, 2)) !== "k" && kind(m.slice(0, 2)) !== "r");
  const uci =
    quiet.find((m) => inRange(m.slice(0, 2)) && m[3] !== back && kind(m.slice(0, 2)) !== "p") ??
    quiet.find((m) => kind(m.slice(0, 2)) === "p" && m[1] === second) ??
    quiet.find((m) => m[3] !== back && kind(m.slice(0, 2)) !== "p") ??
    quiet[0] ??
    (moves[0] as string);
  return [uci.slice(0, 2), uci.slice(2, 4)];
}

test("two guests play Chess960: a castle made by dragging the king shows on both boards", async ({ browser }) => {
  test.setTimeout(480_000);
  const creator = await guest(browser);
  const opponent = await guest(browser);

  await creator.getByRole("button", { name: "Create Game" }).click();
  const dialog = creator.getByRole("dialog", { name: "Create Game" });
  await dialog.getByLabel("Variant").selectOption({ label: "Chess960" });
  await dialog.getByText("White", { exact: true }).click();
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await expect(dialog).toBeHidden();

  const card = opponent.getByRole("listitem").filter({ hasText: "Chess960" });
  await expect(card).toHaveCount(1);
  // The button's name says the variant, as the card shows it.
  await card.getByRole("button", { name: /^Accept Guest-\d+ \/ \S+ · Chess960$/ }).click();
  await creator.waitForURL(/\/play\?gameId=/);
  await opponent.waitForURL(/\/play\?gameId=/);
  for (const p of [creator, opponent]) await expect(p.getByText(/^Chess960 · /)).toBeVisible();

  // The dealt setup, read off the board: pawns on their ranks, the back ranks mirrored, all four rights.
  await expect.poll(async () => Object.keys(await pieces(creator)).length).toBe(32);
  const seen = await pieces(creator);
  const white = ["a", "b", "c", "d", "e", "f", "g", "h"].map((f) => seen[`${f}1`]?.[1] ?? "?").join("");
  expect(white.split("").sort().join("")).toBe("BBKNNQRR");
  expect(await pieces(opponent)).toEqual(seen);
  const rights = `${String.fromCharCode(65 + white.lastIndexOf("R"))}${String.fromCharCode(65 + white.indexOf("R"))}`;
  const board = Board.fromFen(
    `${white.toLowerCase()}/pppppppp/8/8/8/8/PPPPPPPP/${white} w ${rights}${rights.toLowerCase()} - 0 1`,
  );

  const castles: string[] = [];
  // Until both sides castled, or one did and the game went on a while (a 960 setup may keep one from it).
  for (let ply = 0; ply < 80 && castles.length < 2 && !(castles.length === 1 && ply >= 30); ply++) {
    const [mover, other] = ply % 2 === 0 ? [creator, opponent] : [opponent, creator];
    const [from, to] = towardsCastling(board);
    const san = board.play({ from, to });
    expect(san, `${from}${to}`).toBeDefined();
    await drag(mover, from, to);
    // Both boards show the position after the move: for a castle, king and rook on their new squares.
    const expected = piecesOf(board.fen());
    await expect.poll(() => pieces(other), { timeout: 15_000 }).toEqual(expected);
    await expect.poll(() => pieces(mover)).toEqual(expected);
    if (san?.startsWith("O-O")) {
      castles.push(san);
      for (const p of [creator, opponent]) {
        await expect(
          p.getByRole("table", { name: "Moves" }).getByRole("button", { name: san, exact: true }),
        ).toHaveCount(castles.filter((c) => c === san).length);
      }
    }
  }
  expect(castles.length).toBeGreaterThan(0);
  await creator.screenshot({ path: "test-results/chess960-castled.png" });

  for (const p of [creator, opponent]) await p.context().close();
});

/** Emits over the socket and resolves with the ack's data; throws on a refusal. */
async function request<T>(socket: Socket, event: string, payload: unknown): Promise<T> {
  const answer = await socket.timeout(10_000).emitWithAck(event, payload);
  if (!answer.ok) throw new Error(`${event} refused: ${answer.message}`);
  return answer.data as T;
}

test("a finished Chess960 game opens on the analysis page with its castle, and the engine analyses it", async ({
  browser,
}) => {
  test.setTimeout(360_000);
  const [white, black] = [await registeredUser(), await registeredUser()];
  const connect = (sessionId: string) =>
    io(baseURL(), { transports: ["websocket"], auth: { sessionId }, extraHeaders: { cookie: `sid=${sessionId}` } });
  const [w, b] = [connect(white.sessionId), connect(black.sessionId)];
  const started = new Promise<{ gameId: string; initialFen: string }>((resolve) => w.once("gameStarted", resolve));
  const offer = await request<{ offerId: string }>(w, "createGameOffer", {
    baseTime: 5,
    increment: 0,
    variant: "fun",
    selectedColor: "white",
  });
  await request(b, "acceptGameOffer", { offerId: offer.offerId });
  const { gameId, initialFen } = await started;
  const board = Board.fromFen(initialFen);
  let castle: string | undefined;
  for (let ply = 0; ply < 80 && !castle; ply++) {
    const [from, to] = towardsCastling(board);
    const san = board.play({ from, to });
    await request(ply % 2 === 0 ? w : b, "move", { gameId, move: { from, to }, ply });
    if (san?.startsWith("O-O")) castle = san;
  }
  expect(castle).toBeDefined();
  await request(board.turn() === "w" ? w : b, "forfeit", { gameId });
  w.close();
  b.close();

  const page = await newPage(browser, black.sessionId);
  await page.goto(`/analysis?gameId=${gameId}`);
  await expect(page.getByTestId("identity")).toContainText(black.name);
  const moves = page.getByRole("table", { name: "Moves" });
  await expect(moves.getByRole("button", { name: castle, exact: true }).first()).toBeVisible();
  // The page opens at the last move: its board shows the game's last position.
  const last: Record<string, string> = {};
  for (const [sq, code] of Object.entries(piecesOf(board.fen()))) last[sq] = code;
  await expect
    .poll(() =>
      page.locator('[id^="analysis-board-square-"]').evaluateAll((squares) => {
        const found: Record<string, string> = {};
        for (const sq of squares as HTMLElement[]) {
          const piece = sq.querySelector<HTMLElement>("[data-piece]")?.dataset.piece;
          if (piece && sq.dataset.square) found[sq.dataset.square] = piece;
        }
        return found;
      }),
    )
    .toEqual(last);

  await page.getByRole("checkbox", { name: "Enable Analysis" }).check();
  await expect(page.getByTestId("eval-bar")).toBeVisible({ timeout: 120_000 });
  await expect(page.getByRole("img", { name: /Evaluation chart/ })).toBeVisible();
  // The engine's line from the last position, read on the 960 board (its castles come as king takes rook).
  await expect(page.getByTestId("best-line")).toContainText("Best:", { timeout: 30_000 });
  await page.screenshot({ path: "test-results/chess960-analysis.png" });
  await page.context().close();
});
