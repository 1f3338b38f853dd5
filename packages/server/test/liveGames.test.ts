import type { LiveGames } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { http, useTestServer } from "./harness.ts";
import { guest, registered, startGame } from "./players.ts";
import { specClient } from "./specClient.ts";

const app = useTestServer();

describe("your live games, everywhere", () => {
  it("tells a fresh login of the same account about its game on connect, and currentGame lists it", async () => {
    const a = await registered(app.url, "live");
    const b = await guest(app.url);
    const { game, white } = await startGame(a, b);

    // Another browser: a new login (a new session id) of the same account.
    const login = await http(app.url, "POST", "/user/login", { body: { username: a.name, password: "correct horse" } });
    const sessionId = login.json.sessionId as string;
    const elsewhere = await specClient(app.url, { sessionId, cookie: `sid=${sessionId}` });
    expect(sessionId).not.toBe(a.sessionId);
    const live = await elsewhere.first<LiveGames>("liveGames");
    expect(live.games).toEqual([
      {
        gameId: game.gameId,
        opponent: b.name,
        isWhite: white === a,
        variant: "standard",
        timeClass: game.timeClass,
        baseTime: 5,
        increment: 3,
      },
    ]);
    // The new browser follows the game at once: it sees the next move without asking.
    const moved = elsewhere.next("update");
    const mover = white;
    expect((await mover.emit("move", { gameId: game.gameId, move: { from: "e2", to: "e4" } })).ok).toBe(true);
    await moved;

    const asked = await a.emit<LiveGames & { gameId: string }>("currentGame");
    expect(asked.data).toMatchObject({ gameId: game.gameId, games: [{ gameId: game.gameId, opponent: b.name }] });
    for (const s of [a.socket, b.socket]) s.close();
    elsewhere.close();
  });

  it("tells a guest's other tab (same session) about its game, and says none once it is over", async () => {
    const a = await guest(app.url);
    const b = await guest(app.url);
    const { game } = await startGame(a, b);
    const tab = await specClient(app.url, { sessionId: b.sessionId });
    expect((await tab.first<LiveGames>("liveGames")).games.map((g) => g.gameId)).toEqual([game.gameId]);
    const over = tab.next("gameOver");
    expect((await b.emit("forfeit")).ok).toBe(true);
    await over;
    tab.close();
    const later = await specClient(app.url, { sessionId: b.sessionId });
    expect((await later.first<LiveGames>("liveGames")).games).toEqual([]);
    for (const s of [a.socket, b.socket]) s.close();
    later.close();
  });
});
