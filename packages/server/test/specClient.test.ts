import { describe, expect, it } from "vitest";
import { useTestServer } from "./harness.ts";
import { uniqueName } from "./players.ts";
import { type SpecClient, specAccount, specClient } from "./specClient.ts";

/**
 * Whole games played by clients written from SPEC §7 alone: no acknowledgement callbacks, no `ply`, none of
 * our additions sent. Everything is learnt from the events the spec names.
 */
const app = useTestServer();

type Started = { gameId: string; isWhite: boolean; fen: string; opponent: string };
type Update = { fen: string; currentTurn: string; move: { from: string; to: string } };
type Over = { winningColor: string; fen: string };
type Offer = { offerId: string; username?: string };

const OFFER = {
  baseTime: 3,
  increment: 2,
  variant: "standard",
  clubId: null,
  selectedColor: "white",
  isCreatorsHandicap: false,
};

/** The creator offers as White and the other accepts from the lobby; returns [white, black] and the game. */
async function startFromLobby(creator: SpecClient, acceptor: SpecClient) {
  acceptor.send("refreshLobby");
  await acceptor.next("updateLobby");
  const listed = acceptor.next<{ offers: Offer[] }>("updateLobby", (u) => u.offers.length > 0);
  const created = creator.next<Offer>("offerCreated");
  creator.send("createGameOffer", OFFER);
  const offer = await created;
  expect((await listed).offers.map((o) => o.offerId)).toContain(offer.offerId);
  const startedW = creator.next<Started>("gameStarted");
  const startedB = acceptor.next<Started>("gameStarted");
  acceptor.send("acceptGameOffer", { offerId: offer.offerId });
  const [w, b] = await Promise.all([startedW, startedB]);
  expect(w.isWhite).toBe(true);
  expect(b.isWhite).toBe(false);
  expect(w.gameId).toBe(b.gameId);
  return w.gameId;
}

/** Plays `uci` moves alternately, each seen by both sides as an `update` before the next is sent. */
async function play(white: SpecClient, black: SpecClient, gameId: string, uci: string[]) {
  for (const [i, m] of uci.entries()) {
    const mover = i % 2 === 0 ? white : black;
    const from = m.slice(0, 2);
    const to = m.slice(2, 4);
    const seen = (u: Update) => u.move.from === from && u.move.to === to;
    const both = Promise.all([white.next<Update>("update", seen), black.next<Update>("update", seen)]);
    mover.send("move", { move: { from, to, ...(m[4] ? { promotion: m[4] } : {}) }, gameId });
    const [a, b] = await both;
    expect(a.fen).toBe(b.fen);
  }
}

describe("a client written from SPEC §7 alone", () => {
  it("offers, accepts, plays to mate, chats and reads the chat history, all without callbacks or ply", async () => {
    const white = await specClient(app.url);
    const black = await specClient(app.url);
    const gameId = await startFromLobby(white, black);

    const line = black.next<{ text: string; username: string }>("chatMessage");
    white.send("chatMessage", {
      username: "ignored",
      text: " good luck ",
      chatType: "game",
      chatId: gameId,
      timeSent: 0,
    });
    expect(await line).toMatchObject({ text: "good luck", chatType: "game", chatId: gameId });

    // Out of turn and illegal moves change nothing; the client learns why from eventRefused.
    const refused = black.next<{ event: string; message: string }>("eventRefused");
    black.send("move", { move: { from: "e7", to: "e5" }, gameId });
    expect(await refused).toMatchObject({ event: "move", message: "Invalid move - not your turn" });
    const illegal = white.next<{ event: string; code: string }>("eventRefused");
    white.send("move", { move: { from: "e2", to: "e5" }, gameId });
    expect(await illegal).toMatchObject({ event: "move", code: "illegal" });

    const overW = white.next<Over>("gameOver");
    const overB = black.next<Over>("gameOver");
    await play(white, black, gameId, ["f2f3", "e7e5", "g2g4"]);
    black.send("move", { move: { from: "d8", to: "h4" }, gameId });
    const [ow, ob] = await Promise.all([overW, overB]);
    expect(ow.winningColor).toBe("black");
    expect(ob.fen).toBe(ow.fen);

    const history = white.next<{ chatId: string; messages: Array<{ text: string }> }>("chatHistory");
    white.send("getChatHistory", { chatId: gameId });
    expect((await history).messages.map((m) => m.text)).toEqual(["good luck"]);
    white.close();
    black.close();
  });

  it("offers and accepts a draw, resigns, and plays a rematch through the HTTP calls", async () => {
    const white = await specClient(app.url);
    const black = await specClient(app.url);
    const first = await startFromLobby(white, black);
    await play(white, black, first, ["e2e4", "e7e5"]);

    const offered = black.next("offerDraw");
    white.send("offerDraw");
    await offered;
    const drawn = white.next<Over>("gameOver");
    black.send("acceptDraw");
    expect((await drawn).winningColor).toBe("draw");

    const rematchOffered = black.next<{ offerId: string }>("rematchOffered");
    const asked = await white.call("POST", "/game/offer-rematch", {
      previousGameId: first,
      sessionId: white.sessionId,
    });
    expect(asked.status).toBe(200);
    const { offerId } = await rematchOffered;
    const startedW = white.next<Started>("gameStarted");
    const startedB = black.next<Started>("gameStarted");
    const accepted = await black.call("POST", "/game/handle-rematch-offer", {
      offerId,
      sessionId: black.sessionId,
      accept: true,
    });
    expect(accepted.status).toBe(200);
    const [rw, rb] = await Promise.all([startedW, startedB]);
    expect(rw.gameId).toBe(rb.gameId);
    expect(rw.gameId).not.toBe(first);
    // Colours swap in a rematch.
    const [newWhite, newBlack] = rw.isWhite ? [white, black] : [black, white];
    await play(newWhite, newBlack, rw.gameId, ["d2d4", "d7d5", "c2c4"]);

    const resigned = newWhite.next<Over>("gameOver");
    // null for "no payload", as JSON-minded clients send it.
    newBlack.send("forfeit", null);
    expect((await resigned).winningColor).toBe("white");
    white.close();
    black.close();
  });

  it("challenges a friend, who accepts; a second challenge is denied; cancelOffer withdraws an offer", async () => {
    const alice = await specAccount(app.url, uniqueName("specA"));
    const bobName = uniqueName("specB");
    const bob = await specAccount(app.url, bobName);
    expect((await alice.call("POST", "/friend/send-request", { friendName: bobName })).status).toBe(200);
    const invites = await bob.call("GET", "/friend/list-invites");
    const inviterId = (invites.json as unknown as Array<{ inviterId: number }>)[0]?.inviterId;
    expect((await bob.call("POST", "/friend/handle-request", { inviterId, accepted: true })).status).toBe(200);

    const received = bob.next<{ offer: Offer }>("friendChallengeReceived");
    const created = alice.next<{ offer: Offer; isSuccessful: boolean }>("friendChallengeCreated");
    alice.send("createFriendChallenge", { ...OFFER, friendName: bobName });
    expect((await created).isSuccessful).toBe(true);
    const { offer } = await received;
    const started = alice.next<Started>("gameStarted");
    bob.send("acceptGameOffer", { offerId: offer.offerId });
    const game = await started;
    expect(game.opponent).toBe(bobName);
    const over = bob.next<Over>("gameOver");
    alice.send("forfeit");
    await over;

    const again = bob.next<{ offer: Offer }>("friendChallengeReceived");
    alice.send("createFriendChallenge", { ...OFFER, friendName: bobName });
    const second = (await again).offer;
    const removed = alice.next<string>("friendChallengeRemoved");
    bob.send("denyFriendChallenge", { offerId: second.offerId });
    expect(await removed).toBe(second.offerId);

    const lobbyOffer = alice.next<Offer>("offerCreated");
    alice.send("createGameOffer", OFFER);
    const mine = await lobbyOffer;
    bob.send("refreshLobby");
    await bob.next("updateLobby");
    const gone = bob.next<{ offers: Offer[] }>("updateLobby", (u) => !u.offers.some((o) => o.offerId === mine.offerId));
    alice.send("cancelOffer");
    await gone;
    alice.close();
    bob.close();
  });
});
