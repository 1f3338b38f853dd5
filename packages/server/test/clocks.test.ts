import type { GameStarted } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { GONE_CLAIM_MS, GONE_LEFT_MS } from "../src/areas/games/gameRound.ts";
import { OFFER_GRACE_MS } from "../src/areas/lobby/lobbyService.ts";
import { PING_TIMEOUT_MS } from "../src/realtime/presence.ts";
import { http, useTestServer } from "./harness.ts";
import { guest, play, reconnect, startGame } from "./players.ts";
import { startTcpProxy } from "./tcpProxy.ts";

const app = useTestServer({ TRUST_PROXY: "true" });
// Side by side, the tests' open offers would count against one address (LOBBY_OFFERS_PER_ADDRESS): each
// guest comes from an address of its own, as behind a proxy.
let guests = 0;
const newGuest = () => {
  guests += 1;
  return guest(app.url, { headers: { "x-forwarded-for": `10.0.${guests >> 8}.${guests & 255}` } });
};

// These wait for real deadlines (30 s clocks, 15 s first move), so they run side by side.
describe.concurrent("deadlines the server enforces by itself", () => {
  it("flags a player whose clock runs out, even with nobody connected", { timeout: 60_000 }, async () => {
    const { white, black, game } = await startGame(await newGuest(), await newGuest(), {
      baseTime: 0.5,
      increment: 0,
      selectedColor: "white",
    });
    await play(white, black, game.gameId, ["e2e4", "e7e5"]);
    const started = Date.now();
    white.socket.close();
    const over = await black.next("gameOver", 40_000);
    expect(over).toMatchObject({ winningColor: "black", reason: "flag", winner: black.name });
    expect(over.timeLeft.w).toBe(0);
    expect(Date.now() - started).toBeGreaterThan(25_000);
    expect((await http(app.url, "GET", `/history/${game.gameId}`)).json.reason).toBe("flag");
    black.socket.close();
  });

  it("aborts a game whose first move does not come in time", { timeout: 40_000 }, async () => {
    const { white, black } = await startGame(await newGuest(), await newGuest(), {
      baseTime: 1,
      increment: 0,
      selectedColor: "white",
    });
    const over = await black.next("gameOver", 25_000);
    expect(over).toMatchObject({ winningColor: "none", reason: "abort" });
    white.socket.close();
    black.socket.close();
  });

  it("withdraws the offers of a player who left, after a grace of OFFER_GRACE_MS that survives a reload", {
    timeout: 30_000,
  }, async () => {
    const leaver = await newGuest();
    const watcher = await newGuest();
    const created = await leaver.emit<{ offerId: string }>("createGameOffer", { baseTime: 10, increment: 0 });
    const reloaded = await reconnect(app.url, leaver);
    await new Promise((r) => setTimeout(r, 6_000));
    const still = await watcher.emit<{ offers: Array<{ offerId: string }> }>("refreshLobby");
    expect(still.data?.offers.some((o) => o.offerId === created.data?.offerId)).toBe(true);
    // The grace is 5 s; the rest is the way through presence and the lobby's store (Redis when scaled), which
    // took over a second on a machine loaded by other suites.
    const removed = watcher.next(
      "updateLobby",
      OFFER_GRACE_MS + 4_000,
      (u) => !u.offers.some((o) => o.offerId === created.data?.offerId),
    );
    const leftAt = Date.now();
    reloaded.socket.close();
    await new Promise((r) => setTimeout(r, 300));
    // Within the grace the offer still shows, but accepting it starts no game against nobody.
    const accepted = await watcher.emit("acceptGameOffer", { offerId: created.data?.offerId });
    expect(accepted).toMatchObject({ ok: false, code: "away" });
    expect(watcher.seen.get("gameStarted")).toBeUndefined();
    await removed;
    expect(Date.now() - leftAt).toBeGreaterThanOrEqual(OFFER_GRACE_MS);
    watcher.socket.close();
  });

  /** A 3+2 game between two guests after 1. d4 d5, so that leaving it is no abort. */
  const openedGame = async () => {
    const started = await startGame(await newGuest(), await newGuest(), {
      baseTime: 3,
      increment: 2,
      selectedColor: "white",
    });
    await play(started.white, started.black, started.game.gameId, ["d2d4", "d7d5"]);
    return started;
  };

  it("shows a leaver's countdown to the opponent, who may then claim the win or a draw", {
    timeout: 60_000,
  }, async () => {
    const left = async () => {
      const { white, black, game } = await openedGame();
      const gone = white.next("opponentPresence");
      // Said goodbye, as a closed tab does: the short countdown.
      black.socket.close();
      const presence = await gone;
      expect(presence).toMatchObject({ gameId: game.gameId, connected: false, left: true });
      expect(presence.claimableAt).toBeGreaterThan(Date.now() + GONE_LEFT_MS - 3_000);
      return { white, claimableAt: presence.claimableAt ?? 0 };
    };
    // Two games side by side, one countdown's wait: one claims the win, the other a draw.
    const [win, draw] = await Promise.all([left(), left()]);
    expect((await win.white.emit("claimVictory")).code).toBe("too_soon");
    expect((await draw.white.emit("claimDraw")).code).toBe("too_soon");
    await new Promise((r) => setTimeout(r, Math.max(win.claimableAt, draw.claimableAt) - Date.now() + 200));
    const overs = [win.white.next("gameOver"), draw.white.next("gameOver")];
    expect((await win.white.emit("claimVictory")).ok).toBe(true);
    expect((await draw.white.emit("claimDraw")).ok).toBe(true);
    expect(await overs[0]).toMatchObject({ winningColor: "white", reason: "abandon" });
    expect(await overs[1]).toMatchObject({ winningColor: "draw", reason: "abandon", winner: "draw" });
    win.white.socket.close();
    draw.white.socket.close();
  });

  it("gives a player whose connection dropped the long countdown, and the one back no countdown", async () => {
    const { white, black, game } = await openedGame();
    const gone = white.next("opponentPresence");
    const at = Date.now();
    // The connection ends without a goodbye (socket.io's disconnect packet), as a dropped network does.
    black.socket.io.engine.close();
    const presence = await gone;
    expect(presence).toMatchObject({ gameId: game.gameId, connected: false, left: false });
    // It went when the connection closed (it did not go silent first).
    expect(Math.abs((presence.since ?? 0) - at)).toBeLessThan(1_000);
    expect(presence.claimableAt).toBeGreaterThan(at + GONE_CLAIM_MS.blitz - 3_000);
    expect(presence.claimableAt).toBeLessThanOrEqual(Date.now() + GONE_CLAIM_MS.blitz + 1_000);
    expect((await white.emit("claimVictory")).code).toBe("too_soon");
    // A reloaded page learns the same from its snapshot.
    const view = (await white.emit<GameStarted>("resync", { gameId: game.gameId })).data;
    expect(view).toMatchObject({ opponentClaimableAt: presence.claimableAt, opponentGoneSince: presence.since });
    const back = white.next("opponentPresence");
    const returned = await reconnect(app.url, black);
    expect(await back).toMatchObject({ gameId: game.gameId, connected: true });
    expect((await white.emit("claimVictory")).code).toBe("not_gone");
    white.socket.close();
    returned.socket.close();
  });

  it("counts a player whose pages all show other parts of the site as gone, and back at the board", async () => {
    const { white, black, game } = await openedGame();
    const presence = (connected: boolean) =>
      white.next("opponentPresence", 5_000, (p) => p.gameId === game.gameId && p.connected === connected);
    // Another tab of Black's, on another page: it does not take Black to the board.
    const otherTab = await guest(app.url, { sessionId: black.sessionId, board: null });
    let gone = presence(false);
    // Black's game page goes to another page of the site: as a closed tab, the short countdown.
    expect(await black.emit("board", { gameId: null })).toEqual({ ok: true });
    const away = await gone;
    expect(away).toMatchObject({ left: true });
    expect(Math.abs((away.claimableAt ?? 0) - (Date.now() + GONE_LEFT_MS))).toBeLessThan(1_000);
    expect((await white.emit("claimVictory")).code).toBe("too_soon");
    // Bad payloads are refused and change nothing.
    for (const bad of [{}, { gameId: 5 }, { gameId: "x".repeat(65) }, "g"]) {
      expect((await black.emit("board", bad)).code).toBe("validation");
    }
    expect((await white.emit<GameStarted>("resync", { gameId: game.gameId })).data?.opponentClaimableAt).toBe(
      away.claimableAt,
    );
    // The other tab opens the game.
    let back = presence(true);
    expect(await otherTab.emit("board", { gameId: game.gameId })).toEqual({ ok: true });
    await back;
    expect((await white.emit("claimVictory")).code).toBe("not_gone");
    // Closing the tab at the board while the other shows another page: gone again.
    gone = presence(false);
    expect(await black.emit("board", { gameId: game.gameId })).toEqual({ ok: true });
    otherTab.socket.close();
    await new Promise((r) => setTimeout(r, 300));
    expect(white.seen.get("opponentPresence")?.at(-1)).toMatchObject({ connected: true });
    expect(await black.emit("board", { gameId: null })).toEqual({ ok: true });
    await gone;
    // A client that never says where it is (the spec's) is at the board while connected.
    back = presence(true);
    const specClient = await guest(app.url, { sessionId: black.sessionId });
    await back;
    for (const p of [white, black, specClient]) p.socket.close();
  });

  it("counts a player whose connection went silent as gone from when it did, not from when the ping noticed", {
    timeout: 30_000,
  }, async () => {
    const port = Number(new URL(app.url).port);
    const proxy = await startTcpProxy({ host: "127.0.0.1", port });
    try {
      const { white, black, game } = await startGame(await newGuest(), await guest(`http://127.0.0.1:${proxy.port}`), {
        baseTime: 3,
        increment: 2,
        selectedColor: "white",
      });
      await play(white, black, game.gameId, ["d2d4", "d7d5"]);
      const gone = white.next("opponentPresence", 20_000);
      // Nothing crosses any more, no error either: the server finds out at an unanswered ping.
      const stalledAt = Date.now();
      proxy.stall();
      const presence = await gone;
      const noticedAt = Date.now();
      expect(presence).toMatchObject({ connected: false, left: false });
      expect(noticedAt - stalledAt).toBeGreaterThanOrEqual(PING_TIMEOUT_MS - 500);
      expect(presence.since).toBeGreaterThanOrEqual(stalledAt - 1_000);
      expect(presence.since).toBeLessThanOrEqual(noticedAt - PING_TIMEOUT_MS + 500);
      expect(presence.claimableAt).toBe((presence.since ?? 0) + GONE_CLAIM_MS.blitz);
      white.socket.close();
      black.socket.close();
    } finally {
      await proxy.close();
    }
  });
});
