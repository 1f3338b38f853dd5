import type { ChatHistory, ChatMessage, WatchList } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { http, useTestServer } from "./harness.ts";
import { guest, type Player, play, registered, startGame } from "./players.ts";

const app = useTestServer();

const list = async (query = "") => {
  const res = await http(app.url, "GET", `/watch/games${query}`);
  expect(res.status, res.text).toBe(200);
  return res.json as unknown as WatchList;
};
const idsIn = (l: WatchList, ours: string[]) => l.games.map((g) => g.gameId).filter((id) => ours.includes(id));
const close = (...players: Player[]) => {
  for (const p of players) p.socket.close();
};

/**
 * Waits for `watcher`'s list to show `gameId` at `ply`, then runs `takeBack` and resolves with the game as the
 * next list shows it, which must come sooner than the next refresh.
 */
async function heardAtOnce(watcher: Player, gameId: string, ply: number, takeBack: () => Promise<void>) {
  // Just after a refresh the next one is WATCH_PUSH_MS away: only the takeback itself can be heard sooner.
  await watcher.next("watchList", 8_000, (l) => l.games.some((g) => g.gameId === gameId && g.ply === ply));
  const next = watcher.next("watchList", 1_000, (l) => l.games.some((g) => g.gameId === gameId && g.ply < ply));
  await takeBack();
  return (await next).games.find((g) => g.gameId === gameId);
}

describe("the Watch list", () => {
  it("shows rated games first by average rating, then an account's game, then guests'; pages and filters", async () => {
    const [p1, p2, p3, p4, p5] = await Promise.all(["wa", "wb", "wc", "wd", "we"].map((n) => registered(app.url, n)));
    const [g1, g2, g3] = await Promise.all([guest(app.url), guest(app.url), guest(app.url)]);
    // p1 beats p2 in a rated game: p1 is rated above 1200 now, p2 below.
    const first = await startGame(p1 as Player, p2 as Player);
    await play(first.white, first.black, first.game.gameId, ["e2e4", "e7e5"]);
    const over = first.white.next("gameOver");
    expect((await first.black.emit("forfeit")).ok).toBe(true);
    await over;
    expect(idsIn(await list(), [first.game.gameId])).toEqual([]);

    const high = await startGame(p1 as Player, p3 as Player);
    const low = await startGame(p2 as Player, p4 as Player);
    const mixed = await startGame(g1 as Player, p5 as Player);
    const guests = await startGame(g2 as Player, g3 as Player);
    await play(high.white, high.black, high.game.gameId, ["d2d4", "g8f6", "c2c4"]);
    const ours = [guests, mixed, low, high].map((g) => g.game.gameId);

    const all = await list();
    expect(idsIn(all, ours)).toEqual([high, low, mixed, guests].map((g) => g.game.gameId));
    const top = all.games.find((g) => g.gameId === high.game.gameId);
    expect(top).toMatchObject({
      variant: "standard",
      timeClass: high.game.timeClass,
      baseTime: 5,
      increment: 3,
      rated: true,
      white: { name: p1?.name, guest: false },
      black: { name: p3?.name, rating: 1200, guest: false },
      ply: 3,
      lastMove: "c2c4",
      turn: "b",
      clockRunning: true,
    });
    expect(top?.fen.startsWith("rnbqkb1r/pppppppp/5n2/8/2PP4/8/PP2PPPP/RNBQKBNR b")).toBe(true);
    expect(top?.white.rating).toBeGreaterThan(1200);
    const second = all.games.find((g) => g.gameId === low.game.gameId);
    expect(second?.white.rating).toBeLessThan(1200);
    const account = all.games.find((g) => g.gameId === mixed.game.gameId);
    expect([account?.white, account?.black]).toContainEqual({ name: g1?.name, rating: null, guest: true });
    expect([account?.white, account?.black]).toContainEqual({ name: p5?.name, rating: 1200, guest: false });
    expect(all.games.find((g) => g.gameId === guests.game.gameId)).toMatchObject({ ply: 0, lastMove: null, turn: "w" });

    // Two at a time: every game once, in the same order.
    const paged: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 10; i++) {
      const page: WatchList = await list(`?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      expect(page.games.length).toBeLessThanOrEqual(2);
      paged.push(...page.games.map((g) => g.gameId));
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    expect(paged).toEqual(all.games.map((g) => g.gameId));
    expect(idsIn(await list("?variant=standard"), ours)).toEqual(idsIn(all, ours));
    expect((await list("?variant=jumpstart")).games).toEqual([]);

    for (const g of [high, low, mixed, guests]) await g.white.emit("forfeit");
    close(
      p1 as Player,
      p2 as Player,
      p3 as Player,
      p4 as Player,
      p5 as Player,
      g1 as Player,
      g2 as Player,
      g3 as Player,
    );
  });

  it.each([
    ["limit=0", "limit is at least 1"],
    ["limit=51", "limit is at most 50"],
    ["limit=ten", "limit must be a number"],
    ["limit=2.5", "limit must be a whole number"],
    ["variant=atomic", "variant must be one of standard, jumpstart, fun"],
    ["cursor=not-a-cursor", "cursor must be the nextCursor of an earlier answer"],
    ["cursor=0.1.2.a%00", "cursor must be the nextCursor of an earlier answer"],
  ])("refuses ?%s", async (query, message) => {
    const res = await http(app.url, "GET", `/watch/games?${query}`);
    expect([res.status, res.json]).toEqual([400, { code: "validation", message }]);
  });

  it("tells its followers when a game ends: the game leaves the list", async () => {
    const { white, black, game } = await startGame(await guest(app.url), await guest(app.url));
    await play(white, black, game.gameId, ["e2e4", "c7c5"]);
    const watcher = await guest(app.url);
    const followed = await watcher.emit<WatchList>("followWatchList");
    expect(followed.ok).toBe(true);
    expect(followed.data?.games.map((g) => g.gameId)).toContain(game.gameId);

    const moved = watcher.next("watchList", 8_000, (l) => l.games.some((g) => g.gameId === game.gameId && g.ply === 3));
    await play(white, black, game.gameId, ["g1f3"], 2);
    expect((await moved).games.find((g) => g.gameId === game.gameId)?.lastMove).toBe("g1f3");

    const gone = watcher.next("watchList", 8_000, (l) => !l.games.some((g) => g.gameId === game.gameId));
    expect((await black.emit("forfeit")).ok).toBe(true);
    await gone;
    expect(idsIn(await list(), [game.gameId])).toEqual([]);

    // Unfollowed, it hears no more lists.
    expect((await watcher.emit("unfollowWatchList")).ok).toBe(true);
    const before = watcher.seen.get("watchList")?.length ?? 0;
    const next = await startGame(await guest(app.url), await guest(app.url));
    await new Promise((r) => setTimeout(r, 4_000));
    expect(watcher.seen.get("watchList")?.length ?? 0).toBe(before);
    await next.white.emit("abort");
    close(white, black, watcher, next.white, next.black);
  }, 30_000);

  it("shows a takeback agreed between players at once, not at the next refresh", async () => {
    const { white, black, game } = await startGame(await guest(app.url), await guest(app.url));
    const watcher = await guest(app.url);
    expect((await watcher.emit("followWatchList")).ok).toBe(true);
    await play(white, black, game.gameId, ["e2e4", "e7e5", "g1f3"]);
    const shown = await heardAtOnce(watcher, game.gameId, 3, async () => {
      expect((await black.emit("proposeTakeback")).ok).toBe(true);
      expect((await white.emit("acceptTakeback")).ok).toBe(true);
    });
    expect(shown).toMatchObject({
      ply: 1,
      lastMove: "e2e4",
      fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    });
    await black.emit("forfeit");
    close(white, black, watcher);
  }, 30_000);

  it("shows a takeback against the computer at once", async () => {
    const player = await guest(app.url);
    const started = player.next("gameStarted", 10_000);
    expect((await player.emit("playComputer", { level: 1, baseTime: 5, increment: 0, color: "white" })).ok).toBe(true);
    const { gameId } = await started;
    const replies: string[] = [];
    for (const [ply, [from, to]] of [
      ["e2", "e4"],
      ["d2", "d4"],
    ].entries()) {
      const answered = player.next("update", 15_000, (u) => u.ply === 2 * ply + 2);
      expect((await player.emit("move", { gameId, move: { from, to }, ply: 2 * ply })).ok).toBe(true);
      const { move } = await answered;
      replies.push(`${move.from}${move.to}${move.promotion ?? ""}`);
    }
    const watcher = await guest(app.url);
    expect((await watcher.emit("followWatchList")).ok).toBe(true);
    const shown = await heardAtOnce(watcher, gameId, 4, async () => {
      expect((await player.emit("takeback", { gameId })).ok).toBe(true);
    });
    expect(shown).toMatchObject({ ply: 2, lastMove: replies[0] });
    await player.emit("forfeit", { gameId });
    close(player, watcher);
  }, 60_000);

  it("follows one variant at a time", async () => {
    const watcher = await guest(app.url);
    const jumpstart = await watcher.emit<WatchList>("followWatchList", { variant: "jumpstart" });
    expect(jumpstart.data).toMatchObject({ variant: "jumpstart", games: [] });
    expect(await watcher.emit("followWatchList", { variant: "chess" })).toMatchObject({
      ok: false,
      code: "validation",
    });
    const { white, black, game } = await startGame(await guest(app.url), await guest(app.url));
    const standard = await watcher.emit<WatchList>("followWatchList", { variant: "standard" });
    expect(standard.data?.games.map((g) => g.gameId)).toContain(game.gameId);
    await white.emit("abort");
    close(watcher, white, black);
  });
});

describe("game chat for spectators", () => {
  it("is read by spectators, live and from history, and written only by the players", async () => {
    const { white, black, game } = await startGame(await guest(app.url), await guest(app.url));
    const chatId = game.gameId;
    expect((await white.emit("chatMessage", { text: "good luck", chatType: "game", chatId })).ok).toBe(true);

    const spectator = await guest(app.url);
    expect((await spectator.emit("watch", { gameId: chatId })).ok).toBe(true);
    const history = await spectator.emit<ChatHistory>("getChatHistory", { chatId });
    expect(history.data).toMatchObject({ chatId, spectator: true, messages: [{ text: "good luck" }] });
    // A player reading the chat is not a spectator.
    expect((await black.emit<ChatHistory>("getChatHistory", { chatId })).data?.spectator).toBeUndefined();

    const heard = spectator.next("chatMessage", 5000, (m) => m.text === "you too");
    expect((await black.emit("chatMessage", { text: "you too", chatType: "game", chatId })).ok).toBe(true);
    expect(await heard).toMatchObject({ username: black.name, chatType: "game", chatId });

    expect(await spectator.emit("chatMessage", { text: "nice move", chatType: "game", chatId })).toEqual({
      ok: false,
      code: "forbidden",
      message: "You cannot write in this chat",
    });
    await new Promise((r) => setTimeout(r, 200));
    const linesOf = (p: Player) => ((p.seen.get("chatMessage") ?? []) as ChatMessage[]).map((m) => m.text);
    expect(linesOf(white)).toEqual(["good luck", "you too"]);
    expect(linesOf(spectator)).toEqual(["you too"]);

    // Games that do not exist have no chat to read.
    expect((await spectator.emit("getChatHistory", { chatId: "nosuchgame" })).code).toBe("forbidden");
    await white.emit("abort");
    close(white, black, spectator);
  });

  it("never shows a spectator the lines of a player they blocked", async () => {
    const w = await registered(app.url, "chatw");
    const b = await guest(app.url);
    const { game } = await startGame(w, b);
    const chatId = game.gameId;
    expect((await w.emit("chatMessage", { text: "from the blocked one", chatType: "game", chatId })).ok).toBe(true);
    expect((await b.emit("chatMessage", { text: "from the other one", chatType: "game", chatId })).ok).toBe(true);

    const blocker = await registered(app.url, "chatblk");
    const blocked = await http(app.url, "POST", "/friend/block", {
      headers: { cookie: blocker.cookie ?? "" },
      body: { friendName: w.name },
    });
    expect(blocked.status).toBe(200);
    const other = await guest(app.url);
    const texts = (h: { data?: ChatHistory }) => h.data?.messages.map((m) => m.text);
    expect(texts(await blocker.emit<ChatHistory>("getChatHistory", { chatId }))).toEqual(["from the other one"]);
    expect(texts(await other.emit<ChatHistory>("getChatHistory", { chatId }))).toEqual([
      "from the blocked one",
      "from the other one",
    ]);

    const otherHeard = other.next("chatMessage", 5000, (m) => m.text === "still here");
    const blockerHeardB = blocker.next("chatMessage", 5000, (m) => m.text === "and me");
    expect((await w.emit("chatMessage", { text: "still here", chatType: "game", chatId })).ok).toBe(true);
    expect((await b.emit("chatMessage", { text: "and me", chatType: "game", chatId })).ok).toBe(true);
    await Promise.all([otherHeard, blockerHeardB]);
    await new Promise((r) => setTimeout(r, 200));
    const heardByBlocker = ((blocker.seen.get("chatMessage") ?? []) as ChatMessage[]).map((m) => m.text);
    expect(heardByBlocker).toEqual(["and me"]);
    await w.emit("abort");
    close(w, b, blocker, other);
  });
});
