import type { GameStarted } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { http, useTestServer } from "./harness.ts";
import { guest, registered, startGame, uniqueName } from "./players.ts";

const app = useTestServer();

/** POST /user/guest-session as a tab would send it: its stored id as Session-ID, and the browser's cookie. */
const keepGuest = (sessionId: string | undefined, cookie?: string) =>
  http(app.url, "POST", "/user/guest-session", {
    headers: { ...(sessionId ? { "session-id": sessionId } : {}), ...(cookie ? { cookie } : {}) },
  });

describe("one guest per browser", () => {
  it("keeps a tab's guest in an http-only cookie, so that every new tab is that guest", async () => {
    const tab1 = await guest(app.url);
    const kept = await keepGuest(tab1.sessionId);
    expect(kept.status).toBe(200);
    expect(kept.json).toEqual({ sessionId: tab1.sessionId, username: tab1.name, isGuest: true });
    const setCookie = kept.headers.get("set-cookie") ?? "";
    expect(setCookie).toContain(`sid=${tab1.sessionId}`);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = `sid=${tab1.sessionId}`;

    // A new tab has nothing stored: the cookie names it.
    const tab2 = await guest(app.url, { cookie });
    expect(tab2.sessionId).toBe(tab1.sessionId);
    expect(tab2.name).toBe(tab1.name);
    // A tab holding another guest of its own becomes the browser's guest too.
    const stray = await guest(app.url);
    const tab3 = await guest(app.url, { cookie, sessionId: stray.sessionId });
    expect(tab3.sessionId).toBe(tab1.sessionId);
    // The cookie's guest is answered, and kept, whatever the tab says.
    const again = await keepGuest(stray.sessionId, cookie);
    expect(again.json.sessionId).toBe(tab1.sessionId);
    for (const p of [tab1, tab2, tab3, stray]) p.socket.close();
  });

  it("refuses to keep a session it does not know, and sets no cookie", async () => {
    const unknown = await keepGuest("no-such-session");
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get("set-cookie")).toBeNull();
    expect((await keepGuest(undefined)).status).toBe(401);
  });

  it("lets an account's session in the tab win over a guest's cookie", async () => {
    const g = await guest(app.url);
    const account = await registered(app.url, "gbAcc");
    const tab = await guest(app.url, { cookie: `sid=${g.sessionId}`, sessionId: account.sessionId });
    expect(tab.name).toBe(account.name);
    const me = await http(app.url, "GET", "/user", {
      headers: { cookie: `sid=${g.sessionId}`, "session-id": account.sessionId },
    });
    expect(me.json).toEqual({ username: account.name, isLoggedIn: true });
    for (const p of [g, account, tab]) p.socket.close();
  });

  it("opens the guest's game as its player in a new tab, and hands the seat to the account they log in to", async () => {
    const tab1 = await guest(app.url);
    await keepGuest(tab1.sessionId);
    const cookie = `sid=${tab1.sessionId}`;
    const opponent = await guest(app.url);
    const { game, white } = await startGame(tab1, opponent);
    const guestIsWhite = white === tab1;

    // A second tab: the same player, at the same seat.
    const tab2 = await guest(app.url, { cookie });
    const current = await tab2.emit<{ gameId: string | null }>("currentGame");
    expect(current.data?.gameId).toBe(game.gameId);
    const seen = await tab2.emit<GameStarted>("resync", { gameId: game.gameId });
    expect(seen.data?.spectator).toBe(false);
    expect(seen.data?.isWhite).toBe(guestIsWhite);

    // The guest signs up and logs in, in this browser: the account finishes the game.
    const name = uniqueName("gbSeat");
    const password = "correct horse";
    await http(app.url, "POST", "/user/create", { body: { username: name, email: `${name}@example.com`, password } });
    const dropped = new Promise<void>((resolve) => tab2.socket.once("disconnect", () => resolve()));
    const login = await http(app.url, "POST", "/user/login", {
      body: { username: name, password },
      headers: { cookie },
    });
    expect(login.status).toBe(200);
    // The guest's other tabs are dropped, to come back as the account.
    await dropped;
    const sessionId = login.json.sessionId as string;
    const account = await guest(app.url, { cookie: `sid=${sessionId}`, sessionId });
    expect(account.name).toBe(name);
    const mine = await account.emit<{ gameId: string | null }>("currentGame");
    expect(mine.data?.gameId).toBe(game.gameId);
    const view = await account.emit<GameStarted>("resync", { gameId: game.gameId });
    expect(view.data?.spectator).toBe(false);
    expect(view.data?.isWhite).toBe(guestIsWhite);
    expect(view.data?.rated).toBe(false);

    const [first, reply] = guestIsWhite ? [account, opponent] : [opponent, account];
    expect((await first.emit("move", { gameId: game.gameId, move: { from: "e2", to: "e4" }, ply: 0 })).ok).toBe(true);
    expect((await reply.emit("move", { gameId: game.gameId, move: { from: "e7", to: "e5" }, ply: 1 })).ok).toBe(true);
    expect((await account.emit("forfeit", { gameId: game.gameId })).ok).toBe(true);

    // The finished game is the account's.
    const history = await http(app.url, "GET", `/history/list/${name}?limit=10&gameVariant=standard`);
    expect(history.status).toBe(200);
    expect((history.json as unknown as Array<{ gameId: string }>).some((g) => g.gameId === game.gameId)).toBe(true);
    for (const p of [tab1, tab2, opponent, account]) p.socket.close();
  });
});
