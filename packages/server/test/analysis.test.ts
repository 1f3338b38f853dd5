import { type AnalysisEntry, moveQuality, scoreOf } from "@chess/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { http, signupAndLogin, useTestServer } from "./harness.ts";
import { play, registered, startGame } from "./players.ts";

const app = useTestServer({ ANALYSIS_NODES: "30000", ENGINE_WORKERS: "1" });
let cookie: string;

beforeAll(async () => {
  ({ cookie } = await signupAndLogin(app.url, "Analyst"));
});

const engineSearches = async () =>
  ((await http(app.url, "GET", "/health")).json.engine as { searches: number }).searches;

describe("single-move analysis", () => {
  it("scores a mate in one as a mate, from White's side", { timeout: 60_000 }, async () => {
    const res = await http(app.url, "POST", "/game/analysis/single-move", {
      headers: { cookie },
      body: { initialPosition: "start", moves: ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6"] },
    });
    expect(res.status).toBe(200);
    const [entry] = res.json as unknown as AnalysisEntry[];
    expect(entry).toMatchObject({ eval: "#1", turn: "w", winPercent: 97.5 });
    expect(entry?.moves[0]).toBe("h5f7");
    // 3...Nf6 allowed the mate: the line's last move is judged as lichess would.
    expect(entry?.judgement).toBe("blunder");
  });

  it("does not judge a line's last move when it was the engine's choice", { timeout: 60_000 }, async () => {
    const res = await http(app.url, "POST", "/game/analysis/single-move", {
      headers: { cookie },
      body: { initialPosition: "start", moves: ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"] },
    });
    expect(res.json).toEqual([{ eval: 10_000, turn: "b", moves: [], winPercent: 97.5, judgement: null }]);
  });

  it("searches a Chess960 position in the engine's 960 mode: castling is king takes rook", {
    timeout: 60_000,
  }, async () => {
    // White king b1, rook a1 (right "A"): only O-O-O brings the rook to d1, mating the d8 king.
    const initialPosition = "3kr3/p1p1p3/8/8/6B1/8/8/RK6 w A - 0 1";
    const res = await http(app.url, "POST", "/game/analysis/single-move", {
      headers: { cookie },
      body: { initialPosition, moves: [] },
    });
    expect(res.status).toBe(200);
    const [entry] = res.json as unknown as AnalysisEntry[];
    expect(entry).toMatchObject({ eval: "#1", turn: "w" });
    expect(entry?.moves[0]).toBe("b1a1");
    const mated = await http(app.url, "POST", "/game/analysis/single-move", {
      headers: { cookie },
      body: { initialPosition, moves: ["O-O-O#"] },
    });
    // The engine's own choice is not judged, as for a standard line.
    expect(mated.json).toEqual([{ eval: 10_000, turn: "b", moves: [], winPercent: 97.5, judgement: null }]);
  });

  it("accepts UCI moves and a FEN, and answers the spec's errors for bad ones", { timeout: 60_000 }, async () => {
    const ok = await http(app.url, "POST", "/game/analysis/single-move", {
      headers: { cookie },
      body: { initialPosition: "8/8/8/8/8/5k2/8/7K w - - 0 1", moves: "h1g1" },
    });
    expect(ok.json).toEqual([{ eval: 0, turn: "b", moves: [], winPercent: 50, judgement: null }]);
    const badFen = await http(app.url, "POST", "/game/analysis/single-move", {
      headers: { cookie },
      body: { initialPosition: "not a fen", moves: [] },
    });
    expect(badFen.status).toBe(400);
    expect(String(badFen.json.message)).toMatch(/^Invalid FEN:/);
    const badMove = await http(app.url, "POST", "/game/analysis/single-move", {
      headers: { cookie },
      body: { initialPosition: "start", moves: ["e4", "Ke3"] },
    });
    expect(badMove.status).toBe(400);
    expect(String(badMove.json.message)).toMatch(/^Invalid move: /);
  });

  it("refuses the positions of the caller's own running game, and only while it runs", {
    timeout: 60_000,
  }, async () => {
    const { white, black, game } = await startGame(
      await registered(app.url, "cheat"),
      await registered(app.url, "fair"),
    );
    await play(white, black, game.gameId, ["e2e4", "e7e5", "g1f3"]);
    const ask = (who: typeof white, body: unknown) =>
      http(app.url, "POST", "/game/analysis/single-move", { headers: { cookie: who.cookie ?? "" }, body });
    const searchesBefore = await engineSearches();
    // The position now, reached in SAN, and a past one given as a FEN with other move counters.
    for (const body of [
      { initialPosition: "start", moves: ["e4", "e5", "Nf3"] },
      { initialPosition: "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 9", moves: [] },
    ]) {
      for (const player of [white, black]) {
        const refused = await ask(player, body);
        expect(refused.status).toBe(403);
        expect(refused.json.message).toBe("Analysis is not available for a position from a game you are playing");
      }
    }
    expect(await engineSearches()).toBe(searchesBefore);
    // Another position is fine, and so is the game's once it is over.
    expect((await ask(white, { initialPosition: "8/8/8/8/8/5k2/8/7K w - - 0 1", moves: [] })).status).toBe(200);
    const over = white.next("gameOver");
    expect((await black.emit("forfeit")).ok).toBe(true);
    await over;
    expect((await ask(white, { initialPosition: "start", moves: ["e4", "e5", "Nf3"] })).status).toBe(200);
    white.socket.close();
    black.socket.close();
  });

  it("answers no player about a position one move on from their game, and nobody about a game in progress past move 10", {
    timeout: 90_000,
  }, async () => {
    const { white, black, game } = await startGame(await registered(app.url, "cand"), await registered(app.url, "opp"));
    const friend = await registered(app.url, "frnd");
    const ask = (who: typeof white, body: unknown) =>
      http(app.url, "POST", "/game/analysis/single-move", { headers: { cookie: who.cookie ?? "" }, body });
    await play(white, black, game.gameId, ["e2e4", "e7e5", "g1f3"]);
    const searchesBefore = await engineSearches();
    // Black to move ranks its candidates by the position after each: refused, as is White's view of them.
    const afterCandidate = { initialPosition: "start", moves: ["e4", "e5", "Nf3", "Nc6"] };
    for (const player of [black, white]) {
      const refused = await ask(player, afterCandidate);
      expect(refused.status).toBe(403);
      expect(refused.json.message).toBe("Analysis is not available for a position from a game you are playing");
    }
    // Before move 10 the positions are everybody's openings: another account may analyse them.
    expect((await ask(friend, afterCandidate)).status).toBe(200);
    const searchesAfterOpening = await engineSearches();
    expect(searchesAfterOpening).toBeGreaterThan(searchesBefore);

    const rest = ["b8c6", "f1c4", "g8f6", "d2d3", "f8c5", "c2c3", "d7d6", "b1d2", "a7a6", "h2h3", "h7h6", "a2a4"];
    await play(white, black, game.gameId, [...rest, "a6a5", "e1g1", "e8g8"], 3);
    const now = "r1bq1rk1/1pp2pp1/2np1n1p/p1b1p3/P1B1P3/2PP1N1P/1P1N1PP1/R1BQ1RK1 w - - 2 10";
    const oneOn = "r1bq1rk1/1pp2pp1/2np1n1p/p1b1p3/P1B1P3/2PP1N1P/1P1NQPP1/R1B2RK1 b - - 3 10";
    for (const body of [
      { initialPosition: now, moves: [] },
      { initialPosition: oneOn, moves: [] },
      { initialPosition: now, moves: ["Qe2"] },
    ]) {
      const refused = await ask(friend, body);
      expect(refused.status).toBe(403);
      expect(refused.json.message).toBe(
        "Analysis is not available for a position from a game in progress - try again once it has ended",
      );
    }
    expect(await engineSearches()).toBe(searchesAfterOpening);
    const over = white.next("gameOver");
    expect((await black.emit("forfeit")).ok).toBe(true);
    await over;
    expect((await ask(friend, { initialPosition: now, moves: ["Qe2"] })).status).toBe(200);
    white.socket.close();
    black.socket.close();
    friend.socket.close();
  });

  it("is for logged-in players only", async () => {
    const res = await http(app.url, "POST", "/game/analysis/single-move", {
      body: { initialPosition: "start", moves: [] },
    });
    expect(res.status).toBe(401);
  });
});

describe("game analysis", () => {
  it("is computed once under 10 concurrent requests, one entry per position, and labels a blunder", {
    timeout: 120_000,
  }, async () => {
    const { white, black, game } = await startGame(await registered(app.url, "anW"), await registered(app.url, "anB"));
    const over = white.next("gameOver");
    await play(white, black, game.gameId, ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"]);
    await over;

    const before = await engineSearches();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => http(app.url, "GET", `/game/analysis/${game.gameId}`, { headers: { cookie } })),
    );
    for (const r of results) expect(r.status).toBe(200);
    const entries = results[0]?.json as unknown as AnalysisEntry[];
    for (const r of results) expect(r.json).toEqual(entries);
    expect(entries).toHaveLength(8);
    // 7 searched positions (the last is mate, scored without the engine), once, not 70 times.
    expect((await engineSearches()) - before).toBeLessThanOrEqual(7);
    expect(entries.at(-1)).toEqual({ eval: 10_000, turn: "b", moves: [], winPercent: 97.5, judgement: null });
    // lichess's judgement beside the six tiers: 3...Nf6 is a blunder; the start and the mate itself are never
    // judged (2. Qh5 may be an inaccuracy at these few nodes, as on lichess).
    expect(entries[0]?.judgement).toBeNull();
    expect(entries[6]?.judgement).toBe("blunder");
    expect(entries[7]?.judgement).toBeNull();
    expect(entries.filter((e) => e.judgement === "mistake" || e.judgement === "blunder")).toHaveLength(1);
    for (const e of entries) expect(e.winPercent).toBeGreaterThanOrEqual(0);
    expect(entries[6]?.winPercent).toBe(97.5);
    // 3...Nf6?? allows Qxf7#: the position before it is fine for Black, the one after is mate for White.
    expect(moveQuality(scoreOf(entries[5]?.eval ?? 0), scoreOf(entries[6]?.eval ?? 0), "b")).toBe("blunder");

    // Read again from storage (where only evals and lines are kept): the same judgements.
    const again = await http(app.url, "GET", `/game/analysis/${game.gameId}`, { headers: { cookie } });
    expect(again.json).toEqual(entries);

    const progress = await http(app.url, "GET", `/game/analysis/${game.gameId}/progress`, { headers: { cookie } });
    expect(progress.json).toEqual({ status: "done", done: 8, total: 8 });
    white.socket.close();
    black.socket.close();
  });

  it("refuses games in progress, unknown games and guests", async () => {
    const { white, black, game } = await startGame(
      await registered(app.url, "liveW"),
      await registered(app.url, "liveB"),
    );
    const live = await http(app.url, "GET", `/game/analysis/${game.gameId}`, { headers: { cookie } });
    expect(live.status).toBe(409);
    expect(live.json.message).toBe("Analysis is available once the game is over");
    expect((await http(app.url, "GET", "/game/analysis/nosuchgame", { headers: { cookie } })).status).toBe(404);
    const guest = await http(app.url, "GET", `/game/analysis/${game.gameId}`);
    expect(guest.status).toBe(401);
    await white.emit("abort");
    white.socket.close();
    black.socket.close();
  });
});
