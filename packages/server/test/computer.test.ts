import { Board, type GameStarted, type GameUpdate, START_FEN } from "@chess/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, startTestServer, useTestServer } from "./harness.ts";
import { guest, type Player, reconnect, startGame } from "./players.ts";

// Games between people get first-move limits of seconds, not 15-35 s: the untimed game below outlives them.
const app = useTestServer({ FIRST_MOVE_LIMITS_MS: "3000,3000,3000,4000" });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const squares = (uci: string) => ({
  from: uci.slice(0, 2),
  to: uci.slice(2, 4),
  ...(uci.length > 4 ? { promotion: uci[4] } : {}),
});

/** Starts a game against the computer; resolves with its gameStarted. */
async function playComputer(p: Player, payload: Record<string, unknown>): Promise<GameStarted> {
  const started = p.next("gameStarted", 10_000);
  const answer = await p.emit<{ gameId: string }>("playComputer", payload);
  if (!answer.ok) throw new Error(`playComputer refused: ${answer.message}`);
  const game = await started;
  expect(game.gameId).toBe(answer.data?.gameId);
  return game;
}

/** Plays my move and resolves with the computer's answer, checked legal on `board` (both moves are played on it). */
async function moveAndAnswer(p: Player, gameId: string, board: Board, uci: string, timeoutMs = 15_000) {
  const ply = board.played;
  const answered = p.next("update", timeoutMs, (u) => u.ply === ply + 2);
  const sentAt = Date.now();
  const ack = await p.emit("move", { gameId, move: squares(uci), ply });
  expect(ack.ok, ack.message).toBe(true);
  expect(board.play(squares(uci))).toBeDefined();
  const update: GameUpdate = await answered;
  const tookMs = Date.now() - sentAt;
  // A legal move of the position: the board takes it and reaches the server's position.
  expect(board.play(update.move)).toBe(update.move.san);
  expect(update.fen).toBe(board.fen());
  return { update, tookMs };
}

describe("starting games against the computer", () => {
  it("is limited per player: the eleventh game in a minute is refused, and nothing is created", {
    timeout: 60_000,
  }, async () => {
    const g = await guest(app.url);
    for (let i = 0; i < 10; i++) {
      const game = await playComputer(g, { level: 1, baseTime: 3, increment: 2, color: "white" });
      expect((await g.emit("abort", { gameId: game.gameId })).ok).toBe(true);
    }
    const refused = await g.emit("playComputer", { level: 1, baseTime: 3, increment: 2, color: "white" });
    expect(refused).toMatchObject({ ok: false, code: "rate_limited" });
    expect(await g.emit("currentGame", null)).toMatchObject({ ok: true, data: { gameId: null } });
    g.socket.close();
  });
});

describe("playing the computer", () => {
  it("lets a guest play level 1: the engine answers each move within its time, and the game can be resigned", {
    timeout: 60_000,
  }, async () => {
    const g = await guest(app.url);
    const game = await playComputer(g, { level: 1, baseTime: 3, increment: 2, color: "white" });
    expect(game).toMatchObject({
      isWhite: true,
      opponent: "Stockfish level 1",
      white: g.name,
      black: "Stockfish level 1",
      rated: false,
      initialFen: START_FEN,
      eloDeltas: { winEloDelta: 0, drawEloDelta: 0, lossEloDelta: 0 },
    });
    const board = Board.fromFen(START_FEN);
    // The first answer may wait for the engine process to start.
    await moveAndAnswer(g, game.gameId, board, "e2e4");
    // Nf3 is legal whatever Black answered to 1.e4 (no reply gives check or reaches f3).
    const { update, tookMs } = await moveAndAnswer(g, game.gameId, board, "g1f3");
    // Level 1 thinks 50 ms; the rest is the round trip and the queue, on a machine shared with other tests.
    expect(tookMs).toBeLessThan(50 + 1_500);
    // Its clock runs (both first moves are made) and it spent little of it: 3 min + 2 s increment.
    expect(update.clockRunning).toBe(true);
    expect(update.timeLeft.b).toBeGreaterThan(180_000 + 2_000 - 1_500);

    const over = g.next("gameOver");
    expect((await g.emit("forfeit", { gameId: game.gameId })).ok).toBe(true);
    expect(await over).toMatchObject({ winningColor: "black", reason: "resign", winner: "Stockfish level 1" });
    const history = await fetch(`${app.url}/history/${game.gameId}`).then((r) => r.json());
    expect(history).toMatchObject({ username1: g.name, username2: "Stockfish level 1", rated: false });
    g.socket.close();
  });

  it("moves first when it plays White, also from a position of the analysis or free board", {
    timeout: 60_000,
  }, async () => {
    const g = await guest(app.url);
    const first = g.next("update", 15_000, (u) => u.ply === 1);
    const game = await playComputer(g, { level: 3, baseTime: 5, increment: 0, color: "black" });
    expect(game).toMatchObject({ isWhite: false, white: "Stockfish level 3", currentTurn: "w" });
    const board = Board.fromFen(START_FEN);
    expect(board.play((await first).move)).toBeDefined();
    expect((await g.emit("forfeit", { gameId: game.gameId })).ok).toBe(true);

    // White to move in a king and pawn ending; the guest takes Black, so the computer begins.
    const fen = "8/8/4k3/8/8/4K3/4P3/8 w - - 0 40";
    const fromHere = g.next("update", 15_000, (u) => u.ply === 1);
    const continued = await playComputer(g, { level: 8, baseTime: 1, increment: 0, color: "black", fen });
    expect(continued.initialFen).toBe(Board.fromFen(fen).fen());
    const reply = await fromHere;
    expect(Board.fromFen(fen).play(reply.move)).toBe(reply.move.san);
    // The clocks start after both first moves: its first think costs it nothing.
    expect(reply.timeLeft.w).toBe(60_000);
    expect((await g.emit("abort", { gameId: continued.gameId })).ok).toBe(true);
    g.socket.close();
  });

  it("plays on a shuffled Chess960 setup from the free board as Chess960, its castling rights kept", {
    timeout: 60_000,
  }, async () => {
    const g = await guest(app.url);
    const fen = "nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w GBgb - 0 1";
    const game = await playComputer(g, { level: 1, baseTime: 10, increment: 0, color: "white", fen });
    expect(game).toMatchObject({ variant: "fun", initialFen: fen });
    const board = Board.fromFen(fen);
    expect(board.chess960).toBe(true);
    // The engine reads the 960 position (UCI_Chess960) and answers with a legal move of it.
    await moveAndAnswer(g, game.gameId, board, "e2e4");
    expect((await g.emit("forfeit", { gameId: game.gameId })).ok).toBe(true);
    g.socket.close();
  });

  it("takes back the player's move and the computer's reply, and plays on from there", {
    timeout: 60_000,
  }, async () => {
    const g = await guest(app.url);
    const game = await playComputer(g, { level: 2, baseTime: 10, increment: 0, color: "white" });
    const board = Board.fromFen(START_FEN);
    await moveAndAnswer(g, game.gameId, board, "e2e4");
    await moveAndAnswer(g, game.gameId, board, "d2d4");

    const told = g.next("takenBack");
    const back = await g.emit<{ ply: number }>("takeback", { gameId: game.gameId });
    expect(back).toMatchObject({ ok: true, data: { ply: 2 } });
    expect(await told).toMatchObject({ gameId: game.gameId, ply: 2 });
    board.undo();
    board.undo();
    const snapshot = await g.emit<GameStarted>("resync", { gameId: game.gameId });
    expect(snapshot.data).toMatchObject({ ply: 2, fen: board.fen(), currentTurn: "w" });
    expect(snapshot.data?.moves).toHaveLength(2);

    // The game goes on from the position before: another move, another answer.
    await moveAndAnswer(g, game.gameId, board, "g1f3");
    expect((await g.emit("forfeit", { gameId: game.gameId })).ok).toBe(true);
    g.socket.close();
  });

  it("refuses a takeback in a game between people", async () => {
    const { white, black, game } = await startGame(await guest(app.url), await guest(app.url));
    const update = black.next("update");
    expect((await white.emit("move", { gameId: game.gameId, move: squares("e2e4"), ply: 0 })).ok).toBe(true);
    await update;
    expect(await white.emit("takeback", { gameId: game.gameId })).toMatchObject({ ok: false, code: "not_computer" });
    const snapshot = await black.emit<GameStarted>("resync", { gameId: game.gameId });
    expect(snapshot.data?.ply).toBe(1);
    white.socket.close();
    black.socket.close();
  });

  it.each([
    ["a level out of range", { level: 9, baseTime: 5, increment: 0 }, "validation", /level/],
    ["a level that is not a number", { level: "8", baseTime: 5, increment: 0 }, "validation", /level/],
    ["a time control out of range", { level: 3, baseTime: 0, increment: 0 }, "validation", /baseTime/],
    ["an untimed game with a clock", { level: 3, untimed: true, baseTime: 5, increment: 0 }, "validation", /untimed/],
    ["no time control and not untimed", { level: 3 }, "validation", /baseTime/],
    ["a malformed FEN", { level: 3, baseTime: 5, increment: 0, fen: "not a fen" }, "invalid_fen", /^Invalid FEN:/],
    [
      "a position with no king",
      { level: 3, baseTime: 5, increment: 0, fen: "8/8/8/8/8/8/8/4K3 w - - 0 1" },
      "invalid_fen",
      /^Invalid FEN:/,
    ],
    [
      "a position already mated",
      { level: 3, baseTime: 5, increment: 0, fen: "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3" },
      "invalid_fen",
      /^Invalid FEN: the game is already over in this position$/,
    ],
    [
      "a position where the side not to move is in check",
      { level: 3, baseTime: 5, increment: 0, fen: "4k2R/8/8/8/8/8/8/4K3 w - - 0 1" },
      "invalid_fen",
      /^Invalid FEN: Black is in check with White to move$/,
    ],
  ])("refuses %s and starts nothing", async (_name, payload, code, message) => {
    const g = await guest(app.url);
    const answer = await g.emit("playComputer", payload);
    expect(answer).toMatchObject({ ok: false, code });
    expect(answer.message).toMatch(message);
    expect((await g.emit<{ gameId: string | null }>("currentGame")).data?.gameId).toBeNull();
    g.socket.close();
  });

  it("refuses a second game to a player already playing, even when asked twice at once", async () => {
    const g = await guest(app.url);
    const payload = { level: 1, baseTime: 5, increment: 0, color: "white" };
    const answers = await Promise.all([g.emit("playComputer", payload), g.emit("playComputer", payload)]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.find((a) => !a.ok)).toMatchObject({ code: "busy" });
    const current = await g.emit<{ gameId: string }>("currentGame");
    expect((await g.emit("playComputer", payload)).code).toBe("busy");
    expect((await g.emit("forfeit", { gameId: current.data?.gameId })).ok).toBe(true);
    g.socket.close();
  });
});

describe("an untimed game against the computer", () => {
  it("runs no clock and sets no deadline: a move long after the first-move limit is accepted and answered", {
    timeout: 90_000,
  }, async () => {
    const g = await guest(app.url);
    const game = await playComputer(g, { level: 1, untimed: true, color: "white" });
    expect(game).toMatchObject({
      untimed: true,
      baseTime: 0,
      increment: 0,
      timeLeft: { w: 0, b: 0 },
      clockRunning: false,
      rated: false,
    });
    expect(game.firstMoveDeadline).toBeUndefined();
    expect(await g.emit("currentGame")).toMatchObject({ ok: true, data: { games: [{ untimed: true }] } });
    // Past the longest first-move limit (classical): a game between people, started after it, is aborted by then.
    const people = await startGame(await guest(app.url), await guest(app.url), {
      baseTime: 30,
      increment: 0,
      variant: "standard",
      selectedColor: "white",
    });
    expect(people.game).toMatchObject({ timeClass: "classical", firstMoveDeadline: expect.any(Number) });
    expect(await people.black.next("gameOver", 20_000)).toMatchObject({ winningColor: "none", reason: "abort" });
    people.white.socket.close();
    people.black.socket.close();
    const board = Board.fromFen(START_FEN);
    const first = await moveAndAnswer(g, game.gameId, board, "e2e4");
    expect(first.update).toMatchObject({ untimed: true, clockRunning: false, timeLeft: { w: 0, b: 0 } });
    expect(first.update.firstMoveDeadline).toBeUndefined();
    // Both have moved: a clock of 0 would have flagged at once; this one does not run.
    await sleep(1_500);
    await moveAndAnswer(g, game.gameId, board, "g1f3");
    const snapshot = await g.emit<GameStarted>("resync", { gameId: game.gameId });
    expect(snapshot.data).toMatchObject({ status: "active", ply: 4, untimed: true, clockRunning: false });
    expect(snapshot.data?.firstMoveDeadline).toBeUndefined();

    const over = g.next("gameOver");
    expect((await g.emit("forfeit", { gameId: game.gameId })).ok).toBe(true);
    expect(await over).toMatchObject({ reason: "resign", winner: "Stockfish level 1" });
    const history = await fetch(`${app.url}/history/${game.gameId}`).then((r) => r.json());
    expect(history).toMatchObject({ untimed: true, baseTime: 0, increment: 0, rated: false });
    const pgn = await fetch(`${app.url}/history/${game.gameId}/pgn`).then((r) => r.text());
    expect(pgn).toContain('[TimeControl "-"]');
    g.socket.close();
  });
});

describe("a timed game against the computer", () => {
  it("has no first-move limit (lichess expires no game against its AI); its clock starts once both have moved", {
    timeout: 60_000,
  }, async () => {
    const g = await guest(app.url);
    const game = await playComputer(g, { level: 1, baseTime: 3, increment: 2, color: "white" });
    expect(game).toMatchObject({ clockRunning: false, timeLeft: { w: 180_000, b: 180_000 } });
    expect(game.firstMoveDeadline).toBeUndefined();
    const board = Board.fromFen(START_FEN);
    const { update } = await moveAndAnswer(g, game.gameId, board, "e2e4");
    expect(update.firstMoveDeadline).toBeUndefined();
    expect(update.clockRunning).toBe(true);
    expect((await g.emit("forfeit", { gameId: game.gameId })).ok).toBe(true);
    g.socket.close();
  });
});

describe("the computer after a restart", () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it("answers the move it had not answered when the server stopped, and counts as present", {
    timeout: 90_000,
  }, async () => {
    const first = await startTestServer(db.env);
    let second: Awaited<ReturnType<typeof startTestServer>> | undefined;
    try {
      const g = await guest(first.url);
      const game = await playComputer(g, { level: 8, baseTime: 10, increment: 0, color: "white" });
      const board = Board.fromFen(START_FEN);
      await moveAndAnswer(g, game.gameId, board, "e2e4");
      // Level 8 thinks for a second: the server stops while it does.
      expect((await g.emit("move", { gameId: game.gameId, move: squares("d2d4"), ply: 2 })).ok).toBe(true);
      g.socket.close();
      await first.close();

      second = await startTestServer(db.env);
      const back = await reconnect(second.url, g);
      let ply = 0;
      for (let i = 0; i < 100 && ply < 4; i++) {
        const snapshot = await back.emit<GameStarted>("resync", { gameId: game.gameId });
        ply = snapshot.data?.ply ?? 0;
        if (ply < 4) await new Promise((r) => setTimeout(r, 200));
      }
      expect(ply).toBe(4);
      // Restored as connected: a guest alone with it has no countdown to claim a win on (else "too_soon").
      expect(await back.emit("claimVictory", { gameId: game.gameId })).toMatchObject({ ok: false, code: "not_gone" });
      back.socket.close();
    } finally {
      await second?.close();
    }
  });

  it("resumes a timed game against it without a first-move limit", { timeout: 90_000 }, async () => {
    const first = await startTestServer(db.env);
    let second: Awaited<ReturnType<typeof startTestServer>> | undefined;
    try {
      const g = await guest(first.url);
      const opened = g.next("update", 15_000, (u) => u.ply === 1);
      const game = await playComputer(g, { level: 1, baseTime: 5, increment: 0, color: "black" });
      await opened;
      g.socket.close();
      await first.close();

      second = await startTestServer(db.env);
      const back = await reconnect(second.url, g);
      const snapshot = await back.emit<GameStarted>("resync", { gameId: game.gameId });
      expect(snapshot.data).toMatchObject({ status: "active", ply: 1, clockRunning: false });
      expect(snapshot.data?.firstMoveDeadline).toBeUndefined();
      expect((await back.emit("abort", { gameId: game.gameId })).ok).toBe(true);
      back.socket.close();
    } finally {
      await second?.close();
    }
  });

  it("resumes an untimed game still untimed: no deadline after the restart, and play goes on", {
    timeout: 90_000,
  }, async () => {
    const first = await startTestServer(db.env);
    let second: Awaited<ReturnType<typeof startTestServer>> | undefined;
    try {
      const g = await guest(first.url);
      // The computer plays White: after its first move the guest is to move at ply 1 when the server stops.
      const opened = g.next("update", 15_000, (u) => u.ply === 1);
      const game = await playComputer(g, { level: 1, untimed: true, color: "black" });
      const board = Board.fromFen(START_FEN);
      expect(board.play((await opened).move)).toBeDefined();
      g.socket.close();
      await first.close();

      second = await startTestServer(db.env);
      const back = await reconnect(second.url, g);
      const snapshot = await back.emit<GameStarted>("resync", { gameId: game.gameId });
      expect(snapshot.data).toMatchObject({ status: "active", ply: 1, untimed: true, clockRunning: false });
      expect(snapshot.data?.firstMoveDeadline).toBeUndefined();
      // Any black reply to any first move: a knight move is always legal there.
      const reply = board.legalMoves().find((m) => m.startsWith("g8")) ?? "g8f6";
      await moveAndAnswer(back, game.gameId, board, reply);
      expect((await back.emit("forfeit", { gameId: game.gameId })).ok).toBe(true);
      back.socket.close();
    } finally {
      await second?.close();
    }
  });
});
