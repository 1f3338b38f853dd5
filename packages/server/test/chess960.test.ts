import { Board, type GameStarted, isChess960Fen } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { towardsCastling } from "./chess960Play.ts";
import { http, useTestServer } from "./harness.ts";
import { guest, type Player, play, registered, startGame } from "./players.ts";

const app = useTestServer();

const FUN = { baseTime: 5, increment: 3, variant: "fun", selectedColor: "white" };

function expectChess960Start(game: GameStarted) {
  expect(game.variant).toBe("fun");
  expect(isChess960Fen(game.initialFen)).toBe(true);
  const [placement, turn, castling] = game.initialFen.split(" ");
  const [black, , , , , , , white] = placement?.split("/") ?? [];
  expect(black).toBe(white?.toLowerCase());
  expect(turn).toBe("w");
  // Both sides may castle both ways: the rights name the files of the two rooks.
  const files = `${String.fromCharCode(65 + (white?.lastIndexOf("R") ?? 0))}${String.fromCharCode(65 + (white?.indexOf("R") ?? 0))}`;
  expect(castling).toBe(`${files}${files.toLowerCase()}`);
  expect(game.moves).toEqual([]);
}

describe("Chess960 (the fun variant)", () => {
  it("starts an accepted fun offer from one shuffled setup with castling rights, and plays and stores a castle", async () => {
    const { white, black, game, blackView } = await startGame(await guest(app.url), await guest(app.url), FUN);
    expectChess960Start(game);
    expect(blackView.initialFen).toBe(game.initialFen);
    expect(game.fen).toBe(game.initialFen);

    // Plays until someone castles: the server must accept it, name it O-O or O-O-O and send its position.
    const board = Board.fromFen(game.initialFen);
    const moves: string[] = [];
    let castled: { ply: number; san: string; fen: string } | undefined;
    for (let ply = 0; ply < 80 && !castled; ply++) {
      const uci = towardsCastling(board);
      const san = board.play({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] });
      expect(san, uci).toBeDefined();
      moves.push(uci);
      const [update] = await play(white, black, game.gameId, [uci], ply);
      expect(update?.move.san).toBe(san);
      expect(update?.fen).toBe(board.fen());
      if (san?.startsWith("O-O")) castled = { ply: ply + 1, san, fen: board.fen() };
    }
    expect(castled).toBeDefined();

    // What a reconnecting player is sent replays to the same position, castle included.
    const again = await white.emit<GameStarted>("resync", { gameId: game.gameId });
    expect(again.data?.fen).toBe(board.fen());
    expect(again.data?.moves).toHaveLength(moves.length);
    expect(again.data?.moves[(castled?.ply ?? 1) - 1]).toBe(castled?.san);

    const over = white.next("gameOver");
    await white.emit("forfeit");
    await over;
    const record = await http(app.url, "GET", `/history/${game.gameId}`);
    expect(record.status).toBe(200);
    expect(record.json.initialFen).toBe(game.initialFen);
    const stored = String(record.json.moves).split(" ");
    expect(stored).toHaveLength(moves.length);
    expect(stored[(castled?.ply ?? 1) - 1]).toBe(castled?.san);
    const pgn = await (await fetch(`${app.url}/history/${game.gameId}/pgn`)).text();
    expect(pgn).toContain('[Variant "Chess960"]');
    expect(pgn).toContain(`[FEN "${game.initialFen}"]`);
    expect(pgn).toContain(castled?.san);
    white.socket.close();
    black.socket.close();
  }, 60_000);

  it("deals a rematch a new Chess960 setup, again the same for both", async () => {
    const { white, black, game } = await startGame(await guest(app.url), await guest(app.url), FUN);
    const over = white.next("gameOver");
    await white.emit("forfeit");
    await over;
    const offer = await http(app.url, "POST", "/game/offer-rematch", {
      body: { previousGameId: game.gameId, sessionId: white.sessionId },
    });
    const started: Array<Promise<GameStarted>> = [white.next("gameStarted"), black.next("gameStarted")];
    const accept = await http(app.url, "POST", "/game/handle-rematch-offer", {
      body: { offerId: offer.json.offerId, sessionId: black.sessionId, accept: true },
    });
    expect(accept.status).toBe(200);
    const [gw, gb] = await Promise.all(started);
    expectChess960Start(gw as GameStarted);
    expect(gb?.initialFen).toBe(gw?.initialFen);
    await black.emit("abort");
    for (const p of [white, black] as Player[]) p.socket.close();
  });

  it("rates fun games on their own: Chess960 ratings, leaderboard and history, apart from standard", async () => {
    const { white, black, game } = await startGame(
      await registered(app.url, "c9A"),
      await registered(app.url, "c9B"),
      FUN,
    );
    await play(white, black, game.gameId, ["a2a3", "a7a6"]);
    const over = white.next("gameOver");
    await black.emit("forfeit");
    await over;
    const fun = await http(app.url, "GET", "/leaderboard?gameVariant=fun&timeVariant=blitz&pageNo=1");
    const rows = fun.json.rows as Array<{ username: string; elo: number }>;
    const elo = (name: string) => rows.find((r) => r.username === name)?.elo;
    expect(elo(white.name)).toBeGreaterThan(1200);
    expect(elo(black.name)).toBeLessThan(1200);
    const standard = await http(app.url, "GET", "/leaderboard?gameVariant=standard&timeVariant=blitz&pageNo=1");
    expect((standard.json.rows as Array<{ username: string }>).map((r) => r.username)).not.toContain(white.name);
    const history = await http(app.url, "GET", `/history/list/${white.name}?gameVariant=fun`);
    expect((history.json as unknown as Array<{ gameId: string }>).map((r) => r.gameId)).toEqual([game.gameId]);
    expect(await http(app.url, "GET", `/history/list/${white.name}?gameVariant=standard`)).toMatchObject({ json: [] });
    white.socket.close();
    black.socket.close();
  });
});
