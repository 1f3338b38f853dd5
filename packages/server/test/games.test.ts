import type { GameStarted } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { http, useTestServer } from "./harness.ts";
import { guest, play, registered, startGame } from "./players.ts";

const app = useTestServer();

const FOOLS_MATE = ["f2f3", "e7e5", "g2g4", "d8h4"];

describe("lobby", () => {
  it("lists offers live, refuses one's own, and starts one game for the acceptor", async () => {
    const a = await registered(app.url, "lobA");
    const b = await guest(app.url);
    const lobbyUpdate = b.next("updateLobby");
    await b.emit("refreshLobby");
    await lobbyUpdate;

    const pushed = b.next("updateLobby");
    const created = await a.emit<{ offerId: string; username: string }>("createGameOffer", {
      baseTime: 3,
      increment: 2,
      variant: "standard",
      selectedColor: "black",
    });
    expect(created.ok).toBe(true);
    const lobby = await pushed;
    const listed = lobby.offers.find((o) => o.offerId === created.data?.offerId);
    expect(listed).toMatchObject({
      username: a.name,
      baseTime: 3,
      increment: 2,
      timeClass: "blitz",
      selectedColor: "black",
    });
    expect(lobby.roomUid).toBe("lobby");

    expect((await a.emit("acceptGameOffer", { offerId: created.data?.offerId })).code).toBe("own_offer");

    const aStarted = a.next("gameStarted");
    const bStarted = b.next("gameStarted");
    const emptied = b.next("updateLobby");
    expect((await b.emit("acceptGameOffer", { offerId: created.data?.offerId })).ok).toBe(true);
    const [ga, gb] = await Promise.all([aStarted, bStarted]);
    expect(ga.isWhite).toBe(false);
    expect(gb.isWhite).toBe(true);
    expect(ga.opponent).toBe(b.name);
    expect(gb.opponent).toBe(a.name);
    expect(ga.gameId).toBe(gb.gameId);
    expect(ga.gameLength).toEqual({ w: 180_000, b: 180_000 });
    expect(ga.rated).toBe(false);
    expect(ga.eloDeltas).toEqual({ winEloDelta: 0, drawEloDelta: 0, lossEloDelta: 0 });
    expect((await emptied).offers.some((o) => o.offerId === created.data?.offerId)).toBe(false);
    a.socket.close();
    b.socket.close();
  });

  it("shows a guest's offer under the guest's name and lets its owner cancel it", async () => {
    const g = await guest(app.url);
    const created = await g.emit<{ offerId: string; username?: string; guest?: boolean }>("createGameOffer", {
      baseTime: 1,
      increment: 0,
    });
    expect(created.ok).toBe(true);
    expect(created.data?.username).toMatch(/^Guest-\d{4}$/);
    expect(created.data?.guest).toBe(true);
    const other = await guest(app.url);
    expect((await other.emit("cancelOffer", { offerId: created.data?.offerId })).ok).toBe(false);
    expect((await g.emit("cancelOffer")).ok).toBe(true);
    const lobby = await other.emit<{ offers: Array<{ offerId: string }> }>("refreshLobby");
    expect(lobby.data?.offers.some((o) => o.offerId === created.data?.offerId)).toBe(false);
    g.socket.close();
    other.socket.close();
  });

  it("gives an offer accepted twice at once to exactly one player", async () => {
    const owner = await guest(app.url);
    const [b, c] = await Promise.all([guest(app.url), guest(app.url)]);
    const created = await owner.emit<{ offerId: string }>("createGameOffer", { baseTime: 5, increment: 0 });
    const results = await Promise.all([
      b.emit("acceptGameOffer", { offerId: created.data?.offerId }),
      c.emit("acceptGameOffer", { offerId: created.data?.offerId }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)?.message).toBe("This offer is no longer available");
    for (const p of [owner, b, c]) p.socket.close();
  });

  it.each([
    [{ baseTime: 0, increment: 0 }, "baseTime must be at least 0.5 minutes"],
    [{ baseTime: 5.25, increment: 0 }, "baseTime must be a multiple of 0.5 minutes"],
    [{ baseTime: 5, increment: -1 }, "increment cannot be negative"],
    [{ baseTime: "5", increment: 0 }, "baseTime must be a number of minutes"],
    [{ baseTime: 5, increment: 0, selectedColor: "purple" }, "selectedColor"],
    [null, "Invalid input"],
  ])("refuses the offer %j with a clear error", async (payload, message) => {
    const g = await guest(app.url);
    const answer = await g.emit("createGameOffer", payload);
    expect(answer.ok).toBe(false);
    expect(answer.code).toBe("validation");
    expect(answer.message).toContain(message);
    g.socket.close();
  });
});

describe("games", () => {
  it("plays fool's mate to checkmate and records the game", async () => {
    const { white, black, game } = await startGame(await guest(app.url), await guest(app.url));
    expect(game.fen).toBe("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    const overW = white.next("gameOver");
    const overB = black.next("gameOver");
    const updates = await play(white, black, game.gameId, FOOLS_MATE);
    expect(updates[0]).toMatchObject({ currentTurn: "b", move: { from: "f2", to: "f3", san: "f3" }, ply: 1 });
    // When its clocks were read, on the server's clock: a client runs the clock from then, however late it hears.
    for (const u of updates) expect(Math.abs(Date.now() - Number(u.serverTime))).toBeLessThan(10_000);
    expect(updates[3]?.move.san).toBe("Qh4#");
    const [over] = await Promise.all([overW, overB]);
    expect(over).toMatchObject({ winningColor: "black", reason: "checkmate", winner: black.name });
    expect(over.fen).toBe(updates[3]?.fen);

    const record = await http(app.url, "GET", `/history/${game.gameId}`);
    expect(record.json).toMatchObject({
      initialFen: game.initialFen,
      moves: "f3 e5 g4 Qh4#",
      username1: white.name,
      username2: black.name,
      winningColor: "black",
      reason: "checkmate",
      status: "finished",
    });
    expect((await http(app.url, "GET", "/history/nosuchgame")).status).toBe(404);
    white.socket.close();
    black.socket.close();
  });

  it("refuses moves by a stranger, out of turn, illegal, or for the wrong ply; a resent move is applied once", async () => {
    const { white, black, game } = await startGame(await guest(app.url), await guest(app.url));
    const stranger = await guest(app.url);
    const id = game.gameId;
    expect((await stranger.emit("move", { gameId: id, move: { from: "e2", to: "e4" }, ply: 0 })).code).toBe(
      "forbidden",
    );
    expect((await black.emit("move", { gameId: id, move: { from: "e7", to: "e5" }, ply: 0 })).message).toBe(
      "Invalid move - not your turn",
    );
    expect((await white.emit("move", { gameId: id, move: { from: "e2", to: "e5" }, ply: 0 })).message).toBe(
      "Invalid move",
    );
    expect((await white.emit("move", { gameId: id, move: { from: "e2", to: "e4" }, ply: 3 })).code).toBe("resync");
    expect((await white.emit("move", { gameId: id, move: { from: "z9", to: "e4" }, ply: 0 })).code).toBe("validation");

    const first = await white.emit<{ ply: number }>("move", { gameId: id, move: { from: "e2", to: "e4" }, ply: 0 });
    const again = await white.emit<{ ply: number; duplicate: boolean }>("move", {
      gameId: id,
      move: { from: "e2", to: "e4" },
      ply: 0,
    });
    const third = await white.emit("move", { gameId: id, move: { from: "e2", to: "e4" }, ply: 0 });
    expect(first).toEqual({ ok: true, data: { ply: 1 } });
    expect(again.data).toEqual({ ply: 1, duplicate: true });
    expect(third.ok).toBe(true);
    const snapshot = await black.emit<{ moves: string[]; ply: number }>("resync", { gameId: id });
    expect(snapshot.data?.moves).toEqual(["e4"]);
    for (const p of [white, black, stranger]) p.socket.close();
  });

  it("ends in a draw by agreement", async () => {
    const { white, black, game } = await startGame(await guest(app.url), await guest(app.url));
    await play(white, black, game.gameId, ["e2e4", "e7e5"]);
    const offered = black.next("offerDraw");
    expect((await white.emit("offerDraw")).ok).toBe(true);
    expect((await offered).gameId).toBe(game.gameId);
    const over = white.next("gameOver");
    expect((await black.emit("acceptDraw")).ok).toBe(true);
    expect(await over).toMatchObject({ winningColor: "draw", reason: "draw", winner: "draw" });
    white.socket.close();
    black.socket.close();
  });

  it("takes a move back when the opponent agrees: proposed, declined, lapsed with a move, accepted", async () => {
    const { white, black, game } = await startGame(await guest(app.url), await guest(app.url));
    const watcher = await guest(app.url);
    await watcher.emit("watch", { gameId: game.gameId });
    expect((await white.emit("proposeTakeback")).code).toBe("nothing_to_take_back");
    await play(white, black, game.gameId, ["e2e4", "e7e5"]);

    // White asks, Black says no: White may not ask again in this position.
    const proposed = black.next("takebackProposed");
    expect((await white.emit("proposeTakeback", { gameId: game.gameId })).ok).toBe(true);
    expect(await proposed).toEqual({ gameId: game.gameId, by: white.name });
    const snapshot = await black.emit<{ takebackProposedBy?: string }>("resync", { gameId: game.gameId });
    expect(snapshot.data?.takebackProposedBy).toBe("w");
    expect((await white.emit("proposeTakeback")).code).toBe("pending");
    const declined = white.next("takebackDeclined");
    expect((await black.emit("declineTakeback")).ok).toBe(true);
    expect(await declined).toEqual({ gameId: game.gameId });
    expect((await white.emit("proposeTakeback")).code).toBe("too_soon");
    expect((await black.emit("acceptTakeback")).code).toBe("no_offer");

    // Black asks after White's Nf3; White answers with a move instead: the proposal lapses.
    await play(white, black, game.gameId, ["g1f3", "b8c6"], 2);
    expect((await black.emit("proposeTakeback")).ok).toBe(true);
    await play(white, black, game.gameId, ["f1c4"], 4);
    expect((await white.emit("acceptTakeback")).code).toBe("no_offer");

    // Black asks again on their turn (White has replied): Nc6 and Bc4 go, players and spectators told.
    const toWhite = white.next("takenBack");
    const toWatcher = watcher.next("takenBack");
    expect((await black.emit("proposeTakeback")).ok).toBe(true);
    const accepted = await white.emit<{ ply: number }>("acceptTakeback");
    expect(accepted).toMatchObject({ ok: true, data: { ply: 3 } });
    expect((await toWhite).ply).toBe(3);
    expect((await toWatcher).ply).toBe(3);
    const after = await black.emit<{ moves: string[]; takebackProposedBy?: string }>("resync", { gameId: game.gameId });
    expect(after.data?.moves).toEqual(["e4", "e5", "Nf3"]);
    expect(after.data?.takebackProposedBy).toBeUndefined();
    // Black plays on from there with another move.
    await play(white, black, game.gameId, ["g8f6"], 3);
    for (const p of [white, black, watcher]) p.socket.close();
  });

  it("asks no takeback of a player who takes none: never, or casual in a rated game", async () => {
    const choose = async (p: Awaited<ReturnType<typeof registered>>, takebacks: string) =>
      expect(
        (await http(app.url, "PUT", "/user/preferences", { body: { takebacks }, headers: { cookie: p.cookie ?? "" } }))
          .status,
      ).toBe(200);
    const a = await registered(app.url, "tbA");
    const b = await registered(app.url, "tbB");
    await choose(a, "casual");
    await choose(b, "never");
    const { white, black, game, blackView } = await startGame(a, b);
    // Rated: "casual" takes none either. Both players are told, so neither is shown the button.
    expect(game.rated).toBe(true);
    expect(game.takesTakebacks).toEqual({ w: false, b: false });
    expect(blackView.takesTakebacks).toEqual({ w: false, b: false });
    await play(white, black, game.gameId, ["e2e4", "e7e5"]);
    const refused = await white.emit("proposeTakeback");
    expect(refused).toMatchObject({
      ok: false,
      code: "takebacks_off",
      message: "Your opponent does not accept takebacks in rated games",
    });
    expect((await black.emit("proposeTakeback")).code).toBe("takebacks_off");
    const snapshot = await black.emit<{ takebackProposedBy?: string }>("resync", { gameId: game.gameId });
    expect(snapshot.data?.takebackProposedBy).toBeUndefined();
    expect(black.seen.get("takebackProposed")).toBeUndefined();
    const over = black.next("gameOver");
    expect((await white.emit("forfeit")).ok).toBe(true);
    await over;

    // Against a guest the game is casual: "casual" takes them, the guest (no choice) does too.
    const other = await startGame(await guest(app.url), a);
    const own = other.white === a ? other.game : other.blackView;
    expect(own.rated).toBe(false);
    expect(own.takesTakebacks).toEqual({ w: true, b: true });
    for (const p of [white, black, other.white, other.black]) p.socket.close();
  });

  it("ends by resignation (forfeit) in the opponent's favour", async () => {
    const { white, black, game } = await startGame(await guest(app.url), await guest(app.url));
    await play(white, black, game.gameId, ["d2d4", "d7d5"]);
    const over = black.next("gameOver");
    expect((await white.emit("forfeit")).ok).toBe(true);
    expect(await over).toMatchObject({ winningColor: "black", reason: "resign", winner: black.name });
    white.socket.close();
    black.socket.close();
  });

  it("can be aborted before both sides moved, not after, with no rating change", async () => {
    const first = await startGame(await registered(app.url, "abA"), await registered(app.url, "abB"));
    await play(first.white, first.black, first.game.gameId, ["e2e4"]);
    const over = first.white.next("gameOver");
    expect((await first.black.emit("abort")).ok).toBe(true);
    expect(await over).toMatchObject({ winningColor: "none", reason: "abort", eloChange: { w: 0, b: 0 } });
    const record = await http(app.url, "GET", `/history/${first.game.gameId}`);
    expect(record.json.status).toBe("aborted");

    const second = await startGame(first.white, first.black);
    await play(second.white, second.black, second.game.gameId, ["e2e4", "e7e5"]);
    expect((await second.white.emit("abort")).code).toBe("too_late");
    await second.white.emit("forfeit");
    first.white.socket.close();
    first.black.socket.close();
  });

  it("rates games between registered players and applies the change at the end", async () => {
    const { white, black, game, blackView } = await startGame(
      await registered(app.url, "rtA"),
      await registered(app.url, "rtB"),
    );
    expect(game.rated).toBe(true);
    expect(game.eloDeltas).toEqual({ winEloDelta: 20, drawEloDelta: 0, lossEloDelta: -20 });
    expect(blackView.eloDeltas).toEqual({ winEloDelta: 20, drawEloDelta: 0, lossEloDelta: -20 });
    const over = white.next("gameOver");
    await play(white, black, game.gameId, FOOLS_MATE);
    expect((await over).eloChange).toEqual({ w: -20, b: 20 });
    const reread = await white.emit<GameStarted>("watch", { gameId: game.gameId });
    expect(reread.data).toMatchObject({ ratings: { w: 1200, b: 1200 }, eloChange: { w: -20, b: 20 } });

    const offer = await black.emit<{ elo: number }>("createGameOffer", { baseTime: 5, increment: 3 });
    expect(offer.data?.elo).toBe(1220);
    await black.emit("cancelOffer");
    const next = await startGame(white, black, { baseTime: 5, increment: 3, selectedColor: "white" });
    // white (1180) now stands to gain more than black (1220); both see both ratings beside the names
    expect(next.game.ratings).toEqual({ w: 1180, b: 1220 });
    expect(next.blackView.ratings).toEqual({ w: 1180, b: 1220 });
    expect(next.game.eloDeltas.winEloDelta).toBeGreaterThan(next.blackView.eloDeltas.winEloDelta);
    await next.white.emit("abort");
    white.socket.close();
    black.socket.close();
  });

  it("lets a spectator watch live, read-only", async () => {
    const { white, black, game } = await startGame(await guest(app.url), await guest(app.url));
    const watcher = await guest(app.url);
    const view = await watcher.emit<{ spectator: boolean; white: string }>("watch", { gameId: game.gameId });
    expect(view.data).toMatchObject({ spectator: true, white: white.name });
    const seen = watcher.next("update");
    await play(white, black, game.gameId, ["g1f3"]);
    expect((await seen).move.san).toBe("Nf3");
    expect((await watcher.emit("move", { gameId: game.gameId, move: { from: "e7", to: "e5" }, ply: 1 })).code).toBe(
      "forbidden",
    );
    expect((await watcher.emit("forfeit", { gameId: game.gameId })).code).toBe("forbidden");
    for (const p of [white, black, watcher]) p.socket.close();
  });
});

describe("rematch", () => {
  it("offers, declines, cancels and accepts with colours swapped", async () => {
    const { white, black, game } = await startGame(await guest(app.url), await guest(app.url));
    const over = white.next("gameOver");
    await white.emit("forfeit");
    await over;

    // White's other tab learns of the offer the first one made, and of its withdrawal.
    const whiteTab = await guest(app.url, { sessionId: white.sessionId });
    const offered = black.next("rematchOffered");
    const sent = whiteTab.next("rematchOfferSent");
    const offer = await http(app.url, "POST", "/game/offer-rematch", {
      body: { previousGameId: game.gameId, sessionId: white.sessionId },
    });
    expect(offer.json.successMsg).toBe("Rematch offered");
    expect((await offered).offerId).toBe(offer.json.offerId);
    expect(await sent).toMatchObject({ offerId: offer.json.offerId, previousGameId: game.gameId });
    expect(black.seen.get("rematchOfferSent")).toBeUndefined();

    const declined = white.next("rematchOfferDeclined");
    const decline = await http(app.url, "POST", "/game/handle-rematch-offer", {
      body: { offerId: offer.json.offerId, sessionId: black.sessionId, accept: false },
    });
    expect(decline.json.successMsg).toBe("Offer declined");
    await declined;

    const second = await http(app.url, "POST", "/game/offer-rematch", {
      body: { previousGameId: game.gameId, sessionId: white.sessionId },
    });
    const cancelled = black.next("rematchOfferCancelled");
    const withdrawn = whiteTab.next("rematchOfferCancelled");
    expect((await white.emit("cancelRematchOffer", { offerId: second.json.offerId })).ok).toBe(true);
    await cancelled;
    expect((await withdrawn).offerId).toBe(second.json.offerId);

    const third = await http(app.url, "POST", "/game/offer-rematch", {
      body: { previousGameId: game.gameId, sessionId: white.sessionId },
    });
    const stranger = await guest(app.url);
    const hijack = await http(app.url, "POST", "/game/handle-rematch-offer", {
      body: { offerId: third.json.offerId, sessionId: stranger.sessionId, accept: true },
    });
    expect(hijack.status).toBe(404);
    const wStarted = white.next("gameStarted");
    const bStarted = black.next("gameStarted");
    const accept = await http(app.url, "POST", "/game/handle-rematch-offer", {
      body: { offerId: third.json.offerId, sessionId: black.sessionId, accept: true },
    });
    expect(accept.status).toBe(200);
    const [gw, gb] = await Promise.all([wStarted, bStarted]);
    expect(gw.isWhite).toBe(false);
    expect(gb.isWhite).toBe(true);
    await black.emit("abort");
    for (const p of [white, whiteTab, black, stranger]) p.socket.close();
  });

  it("gives an accept and a cancel sent at the same moment one outcome: the rematch, or the offer withdrawn", async () => {
    const { white, black, game } = await startGame(await guest(app.url), await guest(app.url));
    const over = white.next("gameOver");
    await white.emit("forfeit");
    await over;
    for (let i = 0; i < 6; i++) {
      const offer = await http(app.url, "POST", "/game/offer-rematch", {
        body: { previousGameId: game.gameId, sessionId: white.sessionId },
      });
      const offerId = offer.json.offerId as string;
      const [accept, cancel] = await Promise.all([
        http(app.url, "POST", "/game/handle-rematch-offer", {
          body: { offerId, sessionId: black.sessionId, accept: true },
        }),
        white.emit("cancelRematchOffer", { offerId }),
      ]);
      // Exactly one of them took the offer, and the other is told which.
      expect([accept.status === 200, cancel.ok].filter(Boolean)).toHaveLength(1);
      if (accept.status === 200) {
        expect(cancel).toMatchObject({ ok: false, message: expect.stringMatching(/accepted/i) });
        expect(await black.emit("abort", { gameId: accept.json.gameId })).toMatchObject({ ok: true });
      } else {
        expect(cancel.ok).toBe(true);
        expect(accept.status).toBe(404);
        // No game was stored for it.
        expect((await http(app.url, "GET", `/history/${offerId}`)).status).toBe(404);
      }
    }
    white.socket.close();
    black.socket.close();
  });

  it("is neither offered nor started between players one of whom blocked the other", async () => {
    const { white, black, game } = await startGame(
      await registered(app.url, "rmBlkA"),
      await registered(app.url, "rmBlkB"),
    );
    const over = white.next("gameOver");
    await white.emit("forfeit");
    await over;
    // An offer made before the block is not accepted after it.
    const early = await http(app.url, "POST", "/game/offer-rematch", {
      body: { previousGameId: game.gameId },
      headers: { cookie: black.cookie ?? "" },
    });
    expect(early.status).toBe(200);
    const block = await http(app.url, "POST", "/friend/block", {
      body: { friendName: black.name },
      headers: { cookie: white.cookie ?? "" },
    });
    expect(block.status).toBe(200);
    const accept = await http(app.url, "POST", "/game/handle-rematch-offer", {
      body: { offerId: early.json.offerId, accept: true },
      headers: { cookie: white.cookie ?? "" },
    });
    expect(accept.status).toBe(403);
    for (const p of [white, black]) {
      const offer = await http(app.url, "POST", "/game/offer-rematch", {
        body: { previousGameId: game.gameId },
        headers: { cookie: p.cookie ?? "" },
      });
      expect(offer.status).toBe(403);
      expect(offer.json.message).toBe("You cannot play this player again");
    }
    expect(white.seen.get("gameStarted")?.length).toBe(1);
    for (const p of [white, black]) p.socket.close();
  });
});
