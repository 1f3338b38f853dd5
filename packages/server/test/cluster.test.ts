import type { ChatHistory, WatchList } from "@chess/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GONE_CLAIM_MS, GONE_LEFT_MS } from "../src/areas/games/gameRound.ts";
import { createTestDatabase, http, redisEnv, signupAndLogin, startTestServer, type TestServer } from "./harness.ts";
import { guest, play, registered, startGame } from "./players.ts";

// Two nodes need a database both can reach (PGlite is one process's) and Redis between them.
const scaled = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const NEEDS = "needs DATABASE_URL and REDIS_URL; CI sets both";
let nodes: TestServer[] = [];
let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;

beforeAll(async () => {
  if (!scaled) return;
  db = await createTestDatabase();
  const shared = redisEnv(`cluster${process.pid}`);
  nodes = [await startTestServer({ ...db.env, ...shared }), await startTestServer({ ...db.env, ...shared })];
  // Each node counts the other once it has read its heartbeat from the stream.
  const deadline = Date.now() + 15_000;
  for (const n of nodes) {
    while (Number((await http(n.url, "GET", "/health")).json.nodes) < 2 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
});

afterAll(async () => {
  for (const n of nodes) await n.close();
  await db?.drop();
});

describe.skipIf(!scaled)(`two nodes on PostgreSQL and Redis (${NEEDS})`, () => {
  it("share login rate limits: wrong passwords on one node count on the other", async () => {
    const [a, b] = nodes as [TestServer, TestServer];
    await signupAndLogin(a.url, "Twonode");
    for (let i = 0; i < 10; i++) {
      const res = await http(i % 2 ? a.url : b.url, "POST", "/user/login", {
        body: { username: "Twonode", password: `nope-${i}` },
      });
      expect(res.status).toBe(401);
    }
    const blocked = await http(b.url, "POST", "/user/login", {
      body: { username: "Twonode", password: "correct horse" },
    });
    expect(blocked.status).toBe(429);
    const health = await http(a.url, "GET", "/health");
    expect(health.json).toMatchObject({ redis: "ready", nodes: 2 });
  });

  it("deliver an event raised on one node to a player connected to the other", async () => {
    const [a, b] = nodes as [TestServer, TestServer];
    const admin = await registered(a.url, "nodeA");
    const invitee = await registered(b.url, "nodeB");
    const created = await http(a.url, "POST", "/club/create", {
      headers: { cookie: admin.cookie ?? "" },
      body: { clubName: `Across ${admin.name}` },
    });
    const toast = invitee.next("clubInvitationReceived");
    const invited = await http(a.url, "POST", "/club/invite", {
      headers: { cookie: admin.cookie ?? "" },
      body: { clubId: created.json.clubId, inviteeUsername: invitee.name },
    });
    expect(invited.status).toBe(200);
    expect((await toast).inviter).toBe(admin.name);
    admin.socket.close();
    invitee.socket.close();
  });

  it("let two players on different nodes find each other in the lobby and play a game to mate", async () => {
    const [a, b] = nodes as [TestServer, TestServer];
    const onA = await guest(a.url);
    const onB = await guest(b.url);
    await onB.emit("refreshLobby");
    const seen = onB.next("updateLobby", 5000, (u) => u.offers.length > 0);
    const created = await onA.emit<{ offerId: string }>("createGameOffer", {
      baseTime: 3,
      increment: 2,
      variant: "standard",
      selectedColor: "white",
    });
    expect((await seen).offers.map((o) => o.offerId)).toContain(created.data?.offerId);
    const started = [onA.next("gameStarted"), onB.next("gameStarted")];
    // Accepted on B: the game is written by B, and A's moves travel from A to B.
    expect((await onB.emit("acceptGameOffer", { offerId: created.data?.offerId })).ok).toBe(true);
    const [game] = await Promise.all(started);
    const gameId = game?.gameId as string;
    const over = [onA.next("gameOver"), onB.next("gameOver")];
    await play(onA, onB, gameId, ["f2f3", "e7e5", "g2g4", "d8h4"]);
    const [seenByA, seenByB] = await Promise.all(over);
    expect(seenByA).toMatchObject({ winningColor: "black" });
    expect(seenByB).toMatchObject({ winningColor: "black" });
    for (const n of [a, b]) expect((await http(n.url, "GET", `/history/${gameId}`)).json.moves).toBe("f3 e5 g4 Qh4#");
    onA.socket.close();
    onB.socket.close();
  });

  it("take a blocker's offers from the blocked player's lobby on the other node at once", async () => {
    const [a, b] = nodes as [TestServer, TestServer];
    const blocker = await registered(a.url, "blkA");
    const blocked = await registered(b.url, "blkB");
    const offer = await blocker.emit<{ offerId: string }>("createGameOffer", {
      baseTime: 4,
      increment: 1,
      variant: "standard",
      selectedColor: "random",
    });
    const ids = (u: { offers: Array<{ offerId: string }> }) => u.offers.map((o) => o.offerId);
    const listed = await blocked.emit<{ offers: Array<{ offerId: string }> }>("refreshLobby", { changes: true });
    expect(listed.data && ids(listed.data)).toContain(offer.data?.offerId);
    const gone = blocked.next("updateLobby", 5000, (u) => !ids(u).includes(offer.data?.offerId ?? ""));
    const blocking = await http(a.url, "POST", "/friend/block", {
      headers: { cookie: blocker.cookie ?? "" },
      body: { friendName: blocked.name },
    });
    expect(blocking.status).toBe(200);
    await gone;
    await blocker.emit("cancelOffer");
    blocker.socket.close();
    blocked.socket.close();
  });

  it("pass draw offers, takebacks, resignation and the game's state between nodes, and withdraw offers when a game starts", async () => {
    const [a, b] = nodes as [TestServer, TestServer];
    const x = await guest(a.url);
    const y = await guest(b.url);
    // X has a second offer open: starting a game withdraws it.
    await x.emit("createGameOffer", { baseTime: 10, increment: 0, variant: "standard", selectedColor: "random" });
    const { white, black, game } = await startGame(x, y);
    await play(white, black, game.gameId, ["e2e4", "c7c5"]);
    const offered = black.next("offerDraw");
    expect((await white.emit("offerDraw", { gameId: game.gameId })).ok).toBe(true);
    await offered;
    expect((await black.emit("declineDraw", { gameId: game.gameId })).ok).toBe(true);
    // A takeback asked on one node and accepted on the other: c5 goes, both told.
    const proposed = white.next("takebackProposed");
    expect((await black.emit("proposeTakeback", { gameId: game.gameId })).ok).toBe(true);
    await proposed;
    const takenBack = black.next("takenBack");
    expect(await white.emit("acceptTakeback", { gameId: game.gameId })).toMatchObject({ ok: true, data: { ply: 1 } });
    expect((await takenBack).ply).toBe(1);
    await play(white, black, game.gameId, ["c7c5"], 1);
    // A snapshot asked on the node that does not write the game comes from the one that does.
    const view = await x.emit<{ moves: string[]; ply: number }>("resync", { gameId: game.gameId });
    expect(view.data).toMatchObject({ moves: ["e4", "c5"], ply: 2 });
    const lobby = await y.emit<{ offers: unknown[] }>("refreshLobby");
    expect(lobby.data?.offers).toEqual([]);
    const over = white.next("gameOver");
    expect((await black.emit("forfeit", { gameId: game.gameId })).ok).toBe(true);
    expect(await over).toMatchObject({ winningColor: "white" });
    x.socket.close();
    y.socket.close();
  });

  it("agree a rematch offered on one node and accepted on the other", async () => {
    const [a, b] = nodes as [TestServer, TestServer];
    const p = await registered(a.url, "reA");
    const q = await registered(b.url, "reB");
    const { white, black, game } = await startGame(p, q);
    const over = black.next("gameOver");
    await white.emit("forfeit", { gameId: game.gameId });
    await over;
    const offered = q.next("rematchOffered");
    const offer = await http(a.url, "POST", "/game/offer-rematch", {
      headers: { cookie: p.cookie ?? "" },
      body: { previousGameId: game.gameId },
    });
    expect(offer.status).toBe(200);
    const { offerId } = await offered;
    const next = [p.next("gameStarted"), q.next("gameStarted")];
    const answer = await http(b.url, "POST", "/game/handle-rematch-offer", {
      headers: { cookie: q.cookie ?? "" },
      body: { offerId, accept: true },
    });
    expect(answer.status).toBe(200);
    const [forP] = await Promise.all(next);
    expect(forP?.gameId).toBe(answer.json.gameId);
    p.socket.close();
    q.socket.close();
  });

  it("close an account on one node: refused while its game lives on the other, then its sockets and offers there go", async () => {
    const [a, b] = nodes as [TestServer, TestServer];
    const p = await registered(a.url, "byeA");
    const q = await registered(b.url, "byeB");
    const close = () =>
      http(b.url, "POST", "/user/close", { headers: { cookie: p.cookie ?? "" }, body: { password: "correct horse" } });
    // q accepts on node B, which writes the game; p is on node A.
    const { white, black, game } = await startGame(p, q);
    await play(white, black, game.gameId, ["e2e4"]);
    expect((await close()).status).toBe(409);
    const over = q.next("gameOver");
    expect((await p.emit("forfeit", { gameId: game.gameId })).ok).toBe(true);
    await over;

    const offer = await p.emit<{ offerId: string }>("createGameOffer", { baseTime: 10, increment: 0 });
    expect(offer.ok).toBe(true);
    const gone = new Promise<string>((resolve) => p.socket.once("disconnect", (reason) => resolve(reason)));
    expect((await close()).status).toBe(200);
    expect(await gone).toBe("io server disconnect");
    const lobby = await q.emit<{ offers: Array<{ offerId: string }> }>("refreshLobby");
    expect(lobby.data?.offers.map((o) => o.offerId)).not.toContain(offer.data?.offerId);
    expect((await http(a.url, "GET", `/user/status/${p.name}`)).json).toMatchObject({ closed: true });
    q.socket.close();
  });

  it("list a game played on one node to a watcher on the other, live, and show that watcher its chat", async () => {
    const [a, b] = nodes as [TestServer, TestServer];
    const { white, black, game } = await startGame(await guest(a.url), await guest(a.url));
    const watcher = await guest(b.url);
    const listed = await watcher.emit<WatchList>("followWatchList");
    expect(listed.data?.games.map((g) => g.gameId)).toContain(game.gameId);
    const has = (l: WatchList, ply: number) => l.games.some((g) => g.gameId === game.gameId && g.ply === ply);
    const moved = watcher.next("watchList", 10_000, (l) => has(l, 2));
    await play(white, black, game.gameId, ["e2e4", "e7e5"]);
    await moved;

    const history = await watcher.emit<ChatHistory>("getChatHistory", { chatId: game.gameId });
    expect(history.data?.spectator).toBe(true);
    const heard = watcher.next("chatMessage", 5000, (m) => m.text === "hello from node A");
    expect(
      (await white.emit("chatMessage", { text: "hello from node A", chatType: "game", chatId: game.gameId })).ok,
    ).toBe(true);
    await heard;

    const gone = watcher.next("watchList", 10_000, (l) => !l.games.some((g) => g.gameId === game.gameId));
    expect((await black.emit("forfeit")).ok).toBe(true);
    await gone;
    for (const p of [white, black, watcher]) p.socket.close();
  });

  it("tell a player when the opponent on the other node leaves, and whether they closed the tab", async () => {
    const [a, b] = nodes as [TestServer, TestServer];
    const leave = async (how: "closed" | "dropped") => {
      const { white, black, game } = await startGame(await guest(a.url), await guest(b.url));
      await play(white, black, game.gameId, ["d2d4", "d7d5"]);
      const gone = white.next("opponentPresence", 10_000, (p) => !p.connected);
      const at = Date.now();
      // A goodbye (socket.io's disconnect packet, what a closed tab sends) or a connection that just ends.
      if (how === "closed") black.socket.close();
      else black.socket.io.engine.close();
      const presence = await gone;
      expect(presence).toMatchObject({ gameId: game.gameId, connected: false, left: how === "closed" });
      white.socket.close();
      return (presence.claimableAt ?? 0) - at;
    };
    const [closed, dropped] = await Promise.all([leave("closed"), leave("dropped")]);
    expect(closed).toBeGreaterThan(GONE_LEFT_MS - 3_000);
    expect(closed).toBeLessThanOrEqual(GONE_LEFT_MS + 1_000);
    expect(dropped).toBeGreaterThan(GONE_CLAIM_MS.blitz - 3_000);
    expect(dropped).toBeLessThanOrEqual(GONE_CLAIM_MS.blitz + 1_000);
  });

  it("count a player at the game's board on either node, and away when neither shows it", async () => {
    const [a, b] = nodes as [TestServer, TestServer];
    const { white, black, game } = await startGame(await guest(a.url), await guest(b.url));
    await play(white, black, game.gameId, ["d2d4", "d7d5"]);
    const presence = (connected: boolean) =>
      white.next("opponentPresence", 10_000, (p) => p.gameId === game.gameId && p.connected === connected);
    const gone = presence(false);
    expect(await black.emit("board", { gameId: null })).toEqual({ ok: true });
    expect(await gone).toMatchObject({ connected: false, left: true });
    // Black opens the game in a tab on the other node.
    const back = presence(true);
    const tab = await guest(a.url, { sessionId: black.sessionId, board: game.gameId });
    await back;
    black.socket.close();
    await new Promise((r) => setTimeout(r, 500));
    expect(white.seen.get("opponentPresence")?.at(-1)).toMatchObject({ connected: true });
    expect((await white.emit("claimVictory")).code).toBe("not_gone");
    for (const p of [white, tab]) p.socket.close();
  });
});
