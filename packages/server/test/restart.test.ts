import { Board, type GameStarted } from "@chess/shared";
import { afterAll, beforeAll, expect, it } from "vitest";
import { RECONNECT_GRACE_MS } from "../src/areas/games/gameRound.ts";
import { kingToDestination, towardsCastling } from "./chess960Play.ts";
import { createTestDatabase, http, signupAndLogin, startTestServer } from "./harness.ts";
import { guest, play, reconnect, startGame } from "./players.ts";

let db: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db?.drop();
});

type Server = Awaited<ReturnType<typeof startTestServer>>;

/**
 * Runs `test` on a server over the test database; `restart()` closes it (the test closes its sockets first)
 * and, `pauseMs` later, starts another over the same data. The one up at the end is closed, passed or failed.
 */
async function acrossRestart(
  test: (first: Server, restart: (pauseMs?: number) => Promise<Server>) => Promise<void>,
): Promise<void> {
  let up: Server | undefined = await startTestServer(db.env);
  const first = up;
  const restart = async (pauseMs = 0) => {
    await up?.close();
    up = undefined;
    await new Promise((r) => setTimeout(r, pauseMs));
    up = await startTestServer(db.env);
    return up;
  };
  try {
    await test(first, restart);
  } finally {
    await up?.close();
  }
}

it("keeps accounts and sessions across a restart", async () => {
  const first = await startTestServer(db.env);
  const { cookie } = await signupAndLogin(first.url, "Persistent");
  await first.close();

  const second = await startTestServer(db.env);
  try {
    expect((await http(second.url, "GET", "/user", { headers: { cookie } })).json.username).toBe("Persistent");
    const login = await http(second.url, "POST", "/user/login", {
      body: { username: "Persistent", password: "correct horse" },
    });
    expect(login.status).toBe(200);
  } finally {
    await second.close();
  }
});

it("resumes a game's event number, draw offer, takeback proposal and presence across a restart, so no tab ignores a newer move", {
  timeout: 60_000,
}, async () => {
  await acrossRestart(async (first, restart) => {
    const { white, black, game } = await startGame(await guest(first.url), await guest(first.url));
    await play(white, black, game.gameId, ["e2e4", "e7e5"]);
    // Events 3 and 4: a draw offered and declined; then event 5: offered again, left pending.
    expect((await white.emit("offerDraw")).ok).toBe(true);
    expect((await black.emit("declineDraw")).ok).toBe(true);
    const seen = await white.emit<{ eventNo: number }>("resync", { gameId: game.gameId });
    expect(seen.data?.eventNo).toBe(4);
    await play(white, black, game.gameId, ["g1f3", "b8c6"], 2);
    expect((await black.emit("offerDraw")).ok).toBe(true);
    // Event 8: Black also asks to take back Nc6, left pending.
    expect((await black.emit("proposeTakeback")).ok).toBe(true);
    white.socket.close();
    black.socket.close();
    const second = await restart();
    const w = await reconnect(second.url, white);
    const b = await reconnect(second.url, black);
    const snapshot = await w.emit<{ eventNo: number; ply: number }>("resync", { gameId: game.gameId });
    // A reloaded page shows the offer and the proposal too: the snapshot says whose they are.
    expect(snapshot.data).toMatchObject({ eventNo: 8, ply: 4, drawOfferBy: "b", takebackProposedBy: "b" });
    // Both survived: Black may not propose again while waiting, and White may accept the draw.
    expect((await b.emit("proposeTakeback")).code).toBe("pending");
    const over = b.next("gameOver");
    expect((await w.emit("acceptDraw")).ok).toBe(true);
    expect(await over).toMatchObject({ winningColor: "draw", eventNo: 9 });
    w.socket.close();
    b.socket.close();
  });
});

it("gives the side to make the first move the outage and the time to reconnect, after a restart", {
  timeout: 60_000,
}, async () => {
  await acrossRestart(async (first, restart) => {
    const { white, black, game } = await startGame(await guest(first.url), await guest(first.url));
    const deadline = game.firstMoveDeadline ?? 0;
    white.socket.close();
    black.socket.close();
    const second = await restart(1_000);
    // Read by a third party, so that White is still away when the game is taken up (at the start, or on this
    // read when scaled): stretched by the time nobody served the game and the grace to reconnect, no more.
    const watcher = await guest(second.url);
    const snapshot = (await watcher.emit<GameStarted>("resync", { gameId: game.gameId })).data;
    const away = snapshot?.resumed?.awayMs ?? 0;
    expect(away).toBeGreaterThanOrEqual(1_000);
    expect(Math.abs((snapshot?.firstMoveDeadline ?? 0) - (deadline + away + RECONNECT_GRACE_MS))).toBeLessThan(100);
    watcher.socket.close();
  });
});

it("keeps a pending rematch offer across a restart: the opponent accepts it afterwards", {
  timeout: 60_000,
}, async () => {
  await acrossRestart(async (first, restart) => {
    const { white, black, game } = await startGame(await guest(first.url), await guest(first.url));
    await play(white, black, game.gameId, ["e2e4", "e7e5"]);
    expect((await white.emit("forfeit", { gameId: game.gameId })).ok).toBe(true);
    const offered = black.next("rematchOffered");
    const offer = await http(first.url, "POST", "/game/offer-rematch", {
      body: { previousGameId: game.gameId, sessionId: white.sessionId },
    });
    expect(offer.status).toBe(200);
    expect((await offered).offerId).toBe(offer.json.offerId);
    white.socket.close();
    black.socket.close();
    const second = await restart();
    const w = await reconnect(second.url, white);
    const b = await reconnect(second.url, black);
    // A reloaded page of the finished game shows the offer to both.
    const seenByBlack = await b.emit("resync", { gameId: game.gameId });
    expect(seenByBlack.data).toMatchObject({
      rematchOffer: { offerId: offer.json.offerId, by: white.name, mine: false },
    });
    const seenByWhite = await w.emit("resync", { gameId: game.gameId });
    expect(seenByWhite.data).toMatchObject({ rematchOffer: { offerId: offer.json.offerId, mine: true } });
    const started = w.next("gameStarted");
    const answer = await http(second.url, "POST", "/game/handle-rematch-offer", {
      body: { offerId: offer.json.offerId, accept: true, sessionId: black.sessionId },
    });
    expect(answer.status).toBe(200);
    // Colours swap: the previous White plays Black.
    expect(await started).toMatchObject({ gameId: answer.json.gameId, isWhite: false });
    // Taken once: a second answer is sent to the game the first started, none other.
    const again = await http(second.url, "POST", "/game/handle-rematch-offer", {
      body: { offerId: offer.json.offerId, accept: true, sessionId: black.sessionId },
    });
    expect(again.status).toBe(200);
    expect(again.json.gameId).toBe(answer.json.gameId);
    w.socket.close();
    b.socket.close();
  });
});

it("resumes a Chess960 game after a restart: its setup, rights and castles, played either way", {
  timeout: 60_000,
}, async () => {
  await acrossRestart(async (first, restart) => {
    const offer = { baseTime: 5, increment: 3, variant: "fun", selectedColor: "white" };
    const { white, black, game } = await startGame(await guest(first.url), await guest(first.url), offer);
    const board = Board.fromFen(game.initialFen);
    // Until both sides castled: the first castle sent as the king's destination when it can be.
    let castles = 0;
    let ply = 0;
    for (; ply < 60 && castles < 2; ply++) {
      const uci = towardsCastling(board);
      const san = board.play({ from: uci.slice(0, 2), to: uci.slice(2, 4) });
      const castle = san?.startsWith("O-O");
      await play(white, black, game.gameId, [castle && castles === 0 ? kingToDestination(uci) : uci], ply);
      if (castle) castles += 1;
    }
    expect(castles).toBe(2);
    white.socket.close();
    black.socket.close();
    const second = await restart();
    const w = await reconnect(second.url, white);
    const b = await reconnect(second.url, black);
    const snapshot = await w.emit<{ fen: string; initialFen: string; ply: number }>("resync", { gameId: game.gameId });
    expect(snapshot.data).toMatchObject({ fen: board.fen(), initialFen: game.initialFen, ply });
    // The game goes on from the rebuilt position.
    await play(w, b, game.gameId, [towardsCastling(board)], ply);
    w.socket.close();
    b.socket.close();
  });
});
