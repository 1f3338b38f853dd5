import { CLUB_MESSAGES, FRIEND_MESSAGES, MESSAGES } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { connect, http, useTestServer } from "./harness.ts";
import { guest, type Player, play, registered, startGame } from "./players.ts";

// More accounts than one address may sign up by default (throttles.test.ts checks that limit).
const app = useTestServer({ SIGNUP_LIMIT_PER_IP: "200" });

const PASSWORD = "correct horse";
const cookie = (p: Player) => ({ cookie: p.cookie ?? "" });
const call = (p: Player, method: string, path: string, body?: unknown) =>
  http(app.url, method, path, { headers: cookie(p), body });
const close = (p: Player, password = PASSWORD) => call(p, "POST", "/user/close", { password });
const login = (username: string, password = PASSWORD) =>
  http(app.url, "POST", "/user/login", { body: { username, password } });
const status = (username: string) => http(app.url, "GET", `/user/status/${encodeURIComponent(username)}`);
const list = async <T>(answer: Promise<{ json: unknown }>) => (await answer).json as T[];
const names = (rows: Array<{ username: string }>) => rows.map((r) => r.username);
const board = async (timeVariant = "rapid") =>
  (await http(app.url, "GET", `/leaderboard?gameVariant=standard&timeVariant=${timeVariant}&pageNo=1`)).json as {
    rows: Array<{ username: string; rank: number }>;
    lastPage: number;
  };

/** The account is as it was: its session works and its password logs in. */
async function stillOpen(p: Player) {
  expect((await call(p, "GET", "/user")).json).toEqual({ username: p.name, isLoggedIn: true });
  expect((await login(p.name)).status).toBe(200);
  expect((await status(p.name)).json).toEqual({ username: p.name, closed: false, closedAt: null });
}

/** A rapid game (10+0, rated between accounts) that `loser` resigns after a move each. */
async function ratedGame(a: Player, b: Player, loser: Player) {
  const { white, black, game } = await startGame(a, b, { baseTime: 10, increment: 0, selectedColor: "white" });
  await play(white, black, game.gameId, ["e2e4", "e7e5"]);
  const over = Promise.all([a.next("gameOver"), b.next("gameOver")]);
  expect((await loser.emit("forfeit", { gameId: game.gameId })).ok).toBe(true);
  await over;
  return game.gameId;
}

describe("POST /user/close refusals change nothing", () => {
  it("refuses a wrong password with 401 and a clear message", async () => {
    const a = await registered(app.url, "cWrong");
    const res = await close(a, "not my password");
    expect([res.status, res.json]).toEqual([401, { code: "unauthorized", message: MESSAGES.wrongCurrentPassword }]);
    await stillOpen(a);
  });

  it("answers 400 to a malformed body", async () => {
    const a = await registered(app.url, "cBad");
    for (const [body, message] of [
      [{}, "Password is required"],
      [{ password: "" }, "Password is required"],
      [{ password: 12345678 }, "Password is required"],
      [{ password: ["correct horse"] }, "Password is required"],
      [{ password: "x".repeat(129) }, MESSAGES.wrongCurrentPassword],
    ] as const) {
      const res = await call(a, "POST", "/user/close", body);
      expect([res.status, res.json], JSON.stringify(body)).toEqual([400, { code: "validation", message }]);
    }
    for (const rawBody of ["{not json", "[]", '"correct horse"']) {
      const res = await http(app.url, "POST", "/user/close", {
        headers: { ...cookie(a), "content-type": "application/json" },
        rawBody,
      });
      expect(res.status, rawBody).toBe(400);
    }
    await stillOpen(a);
  });

  it("answers 401 to a guest and to nobody", async () => {
    const g = await guest(app.url);
    const asGuest = await http(app.url, "POST", "/user/close", {
      headers: { "session-id": g.sessionId },
      body: { password: PASSWORD },
    });
    expect([asGuest.status, asGuest.json.message]).toEqual([401, MESSAGES.notLoggedIn]);
    expect((await http(app.url, "POST", "/user/close", { body: { password: PASSWORD } })).status).toBe(401);
    g.socket.close();
  });

  it("refuses while the player has a live game, and closes once it is over", async () => {
    const a = await registered(app.url, "cLive");
    const b = await registered(app.url, "cLiveB");
    const { white, black, game } = await startGame(a, b);
    await play(white, black, game.gameId, ["e2e4"]);
    const refused = await close(a);
    expect([refused.status, refused.json]).toEqual([409, { code: "conflict", message: MESSAGES.closeWhilePlaying }]);
    await stillOpen(a);

    const over = a.next("gameOver");
    expect((await a.emit("forfeit", { gameId: game.gameId })).ok).toBe(true);
    await over;
    expect((await close(a)).status).toBe(200);
    b.socket.close();
  });
});

describe("closing an account", () => {
  it("ends every session, logs its sockets out and refuses its login with a clear message", async () => {
    const a = await registered(app.url, "cSess");
    const other = await login(a.name);
    const otherCookie = `sid=${other.json.sessionId}`;
    const tab = await connect(app.url, { cookie: otherCookie });
    const gone = [a.socket, tab.socket].map(
      (s) => new Promise<string>((resolve) => s.once("disconnect", (reason) => resolve(reason))),
    );

    const res = await close(a);
    expect([res.status, res.json]).toEqual([200, { successMsg: MESSAGES.closedAccount }]);
    expect(res.headers.get("set-cookie")).toMatch(/sid=;/);
    expect(await Promise.all(gone)).toEqual(["io server disconnect", "io server disconnect"]);
    for (const c of [a.cookie ?? "", otherCookie]) {
      const me = await http(app.url, "GET", "/user", { headers: { cookie: c } });
      expect([me.status, me.json.message]).toEqual([401, MESSAGES.notLoggedIn]);
      // A socket coming back with the old session is a new guest.
      const again = await connect(app.url, { cookie: c, sessionId: c.slice(4) });
      expect(again.session.isGuest).toBe(true);
      again.socket.close();
    }
    const refused = await login(a.name.toUpperCase());
    expect([refused.status, refused.json]).toEqual([403, { code: "forbidden", message: MESSAGES.accountClosed }]);
    // Whoever does not know the password learns nothing from the login.
    const wrong = await login(a.name, "not my password");
    expect([wrong.status, wrong.json.message]).toEqual([401, MESSAGES.badCredentials]);
    // A second close of the same account (an old tab) is a request from nobody.
    expect((await close(a)).status).toBe(401);
  });

  it("keeps the name taken for good, and frees the e-mail", async () => {
    const a = await registered(app.url, "cName");
    expect((await close(a)).status).toBe(200);
    const sameName = await http(app.url, "POST", "/user/create", {
      body: { username: a.name.toLowerCase(), email: `new-${a.name}@example.com`, password: PASSWORD },
    });
    expect([sameName.status, sameName.json]).toEqual([
      409,
      { code: "conflict", message: MESSAGES.usernameOfClosedAccount },
    ]);
    const sameEmail = await http(app.url, "POST", "/user/create", {
      body: { username: `${a.name}x`, email: `${a.name.toUpperCase()}@example.com`, password: PASSWORD },
    });
    expect(sameEmail.status).toBe(201);
    // An open account's e-mail is still one account's only.
    const again = await http(app.url, "POST", "/user/create", {
      body: { username: `${a.name}y`, email: `${a.name}@example.com`, password: PASSWORD },
    });
    expect([again.status, again.json.message]).toEqual([409, MESSAGES.emailTaken]);
  });

  it("says so on GET /user/status, keeps its name on past games and takes it off the leaderboards", async () => {
    const a = await registered(app.url, "cBoard");
    const b = await registered(app.url, "cBoardB");
    const gameId = await ratedGame(a, b, b);
    expect(names((await board()).rows)).toEqual(expect.arrayContaining([a.name, b.name]));

    const before = Date.now();
    expect((await close(a)).status).toBe(200);
    const closed = await status(a.name.toLowerCase());
    expect(closed.json).toMatchObject({ username: a.name, closed: true });
    expect(Number(closed.json.closedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Number(closed.json.closedAt)).toBeLessThanOrEqual(Date.now() + 1000);
    const nobody = await status("nobody-here");
    expect([nobody.status, nobody.json.message]).toEqual([404, MESSAGES.noSuchPlayer]);

    const after = await board();
    expect(names(after.rows)).toContain(b.name);
    expect(names(after.rows)).not.toContain(a.name);
    expect(after.rows.map((r) => r.rank)).toEqual(after.rows.map((_, i) => i + 1));
    const history = await list<{ gameId: string; username2: string }>(
      http(app.url, "GET", `/history/list/${b.name}?gameVariant=standard`),
    );
    expect(history.find((h) => h.gameId === gameId)?.username2).toBe(a.name);
    expect((await http(app.url, "GET", `/history/${gameId}`)).json).toMatchObject({ username1: a.name });
    b.socket.close();
  });

  it("ends its friendships and requests, tells the players concerned, and cannot be asked again", async () => {
    const [a, friend, asker, asked, blocker] = await Promise.all(
      ["cFr", "cFrF", "cFrA", "cFrB", "cFrX"].map((prefix) => registered(app.url, prefix)),
    );
    const p = {
      a: a as Player,
      friend: friend as Player,
      asker: asker as Player,
      asked: asked as Player,
      blocker: blocker as Player,
    };
    expect((await call(p.blocker, "POST", "/friend/block", { friendName: p.a.name })).status).toBe(200);
    expect((await call(p.a, "POST", "/friend/send-request", { friendName: p.friend.name })).status).toBe(200);
    const [request] = await list<{ inviterId: number }>(call(p.friend, "GET", "/friend/list-invites"));
    expect(
      (await call(p.friend, "POST", "/friend/handle-request", { inviterId: request?.inviterId, accepted: true }))
        .status,
    ).toBe(200);
    expect((await call(p.asker, "POST", "/friend/send-request", { friendName: p.a.name })).status).toBe(200);
    expect((await call(p.a, "POST", "/friend/send-request", { friendName: p.asked.name })).status).toBe(200);
    expect((await p.a.emit("friendMessage", { message: "hello", friendName: p.friend.name })).ok).toBe(true);
    expect((await call(p.friend, "GET", "/friend/unread")).json).toMatchObject({ total: 1 });
    const told = [p.friend, p.asker, p.asked].map((x) =>
      x.next("friendAccountClosed", 5000, (e) => e.friendName === p.a.name),
    );

    expect((await close(p.a)).status).toBe(200);
    await Promise.all(told);
    expect(await list(call(p.friend, "GET", "/friend/list"))).toEqual([]);
    expect((await call(p.friend, "GET", "/friend/unread")).json).toEqual({ total: 0, byFriend: {} });
    expect(await list(call(p.asker, "GET", "/friend/list-sent"))).toEqual([]);
    expect(await list(call(p.asked, "GET", "/friend/list-invites"))).toEqual([]);
    const again = await call(p.asker, "POST", "/friend/send-request", { friendName: p.a.name });
    expect([again.status, again.json.message]).toEqual([404, FRIEND_MESSAGES.unknownUser]);
    const message = await p.friend.emit("friendMessage", { message: "still there?", friendName: p.a.name });
    expect(message.ok).toBe(false);
    // Nothing is left to unblock: the closed account leaves the blocked list (the block goes on hiding its lines).
    expect(await list(call(p.blocker, "GET", "/friend/blocked"))).toEqual([]);
    for (const x of [p.friend, p.asker, p.asked, p.blocker]) x.socket.close();
  });

  it("leaves its clubs: administration passes on, a club it was alone in closes, its invitations go", async () => {
    const [a, member, invitee, inviter] = await Promise.all(
      ["cCl", "cClM", "cClI", "cClJ"].map((prefix) => registered(app.url, prefix)),
    );
    const p = { a: a as Player, member: member as Player, invitee: invitee as Player, inviter: inviter as Player };
    const create = async (admin: Player, clubName: string) =>
      Number((await call(admin, "POST", "/club/create", { clubName })).json.clubId);
    const shared = await create(p.a, `Shared ${p.a.name}`);
    const alone = await create(p.a, `Alone ${p.a.name}`);
    const other = await create(p.inviter, `Other ${p.a.name}`);
    expect((await call(p.a, "POST", "/club/invite", { clubId: shared, inviteeUsername: p.member.name })).status).toBe(
      200,
    );
    expect((await call(p.member, "POST", "/club/handle-invitation", { clubId: shared, accepted: true })).status).toBe(
      200,
    );
    expect((await call(p.a, "POST", "/club/invite", { clubId: shared, inviteeUsername: p.invitee.name })).status).toBe(
      200,
    );
    expect((await call(p.inviter, "POST", "/club/invite", { clubId: other, inviteeUsername: p.a.name })).status).toBe(
      200,
    );
    expect((await p.member.emit("watchClub", { clubId: shared })).ok).toBe(true);
    const changed = p.member.next("clubMembersChanged", 5000, (e) => e.clubId === shared);

    expect((await close(p.a)).status).toBe(200);
    await changed;
    const clubs = await list<{ clubId: number; isAdministrator: boolean }>(call(p.member, "GET", "/club/list"));
    expect(clubs).toEqual([expect.objectContaining({ clubId: shared, isAdministrator: true })]);
    const members = await list<{ username: string }>(
      call(p.member, "GET", `/club/users?clubName=${encodeURIComponent(`Shared ${p.a.name}`)}`),
    );
    expect(names(members)).toEqual([p.member.name]);
    expect(await list(call(p.invitee, "GET", "/club/list-invitations"))).toEqual([]);
    // The club it was alone in is gone: its name is free again.
    expect((await call(p.member, "POST", "/club/create", { clubName: `Alone ${p.a.name}` })).status).toBe(201);
    expect(alone).toBeGreaterThan(0);
    const invite = await call(p.inviter, "POST", "/club/invite", { clubId: other, inviteeUsername: p.a.name });
    expect([invite.status, invite.json.message]).toEqual([404, CLUB_MESSAGES.unknownUser]);
    for (const x of [p.member, p.invitee, p.inviter]) x.socket.close();
  });

  it("leaves the arenas it joined that have not started", async () => {
    const [a, b] = [await registered(app.url, "cArenaA"), await registered(app.url, "cArenaB")];
    const made = await call(a, "POST", "/tournaments", { baseTime: 3, increment: 0, durationMinutes: 20 });
    const id = made.json.id as string;
    for (const p of [a, b]) expect((await call(p, "POST", `/tournaments/${id}/join`)).status).toBe(200);
    expect((await close(b)).status).toBe(200);
    const view = (await http(app.url, "GET", `/tournaments/${id}`)).json as {
      arena: { status: string; nbPlayers: number };
      standings: { rows: Array<{ username: string }> };
    };
    expect(view.arena).toMatchObject({ status: "created", nbPlayers: 1 });
    expect(names(view.standings.rows)).toEqual([a.name]);
    a.socket.close();
  });

  it("drops its lobby offers, its challenges either way, its quick-pairing search and its rematch offers", async () => {
    const a = await registered(app.url, "cLob");
    const b = await registered(app.url, "cLobB");
    const c = await registered(app.url, "cLobC");
    const watcher = await guest(app.url);
    const finished = await ratedGame(a, b, a);
    expect((await call(a, "POST", "/game/offer-rematch", { previousGameId: finished })).status).toBe(200);
    await b.next("rematchOffered");
    for (const [x, y] of [
      [a, c],
      [c, a],
    ] as const) {
      expect((await call(x, "POST", "/friend/send-request", { friendName: y.name })).status).toBe(200);
    }
    const [request] = await list<{ inviterId: number }>(call(c, "GET", "/friend/list-invites"));
    await call(c, "POST", "/friend/handle-request", { inviterId: request?.inviterId, accepted: true });
    const offer = await a.emit<{ offerId: string }>("createGameOffer", { baseTime: 10, increment: 0 });
    const toC = await a.emit<{ offer: { offerId: string } }>("createFriendChallenge", {
      baseTime: 3,
      increment: 2,
      friendName: c.name,
    });
    const fromC = await c.emit<{ offer: { offerId: string } }>("createFriendChallenge", {
      baseTime: 5,
      increment: 0,
      friendName: a.name,
    });
    expect([offer.ok, toC.ok, fromC.ok]).toEqual([true, true, true]);
    expect((await a.emit("joinPool", { poolId: "1+0" })).ok).toBe(true);
    const counts = async () =>
      (await watcher.emit<{ pools: Array<{ poolId: string; waiting: number }> }>("watchLobbyCounts")).data?.pools.find(
        (p) => p.poolId === "1+0",
      )?.waiting;
    expect(await counts()).toBe(1);

    const removed = [toC, fromC].map((o) =>
      c.next("friendChallengeRemoved", 5000, (id) => id === o.data?.offer.offerId),
    );
    const rematchGone = b.next("rematchOfferCancelled");
    expect((await close(a)).status).toBe(200);
    await Promise.all(removed);
    await rematchGone;
    const lobby = await watcher.emit<{ offers: Array<{ offerId: string }> }>("refreshLobby");
    expect(lobby.data?.offers.map((o) => o.offerId)).not.toContain(offer.data?.offerId);
    expect(await counts()).toBe(0);
    const accept = await c.emit("acceptGameOffer", { offerId: fromC.data?.offer.offerId });
    expect(accept.ok).toBe(false);
    for (const x of [b, c, watcher]) x.socket.close();
  });
});
