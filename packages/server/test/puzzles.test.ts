import type { NextPuzzle, Puzzle, PuzzleAttemptResult, PuzzleDeck } from "@chess/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { http, useTestServer } from "./harness.ts";
import { guest, type Player, play, registered, startGame } from "./players.ts";

const app = useTestServer({ ANALYSIS_NODES: "30000", ENGINE_WORKERS: "1" });

// 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qf3?? — White misses 4. Qxf7#, the one move that wins.
const MISSED_MATE = ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f3"];

let white: Player;
let puzzle: Puzzle;

const get = (path: string, headers: Record<string, string> = {}) => http(app.url, "GET", path, { headers });
const attempt = (id: number | string, body: unknown, headers: Record<string, string>) =>
  http(app.url, "POST", `/puzzles/${id}/attempt`, { headers, body });

async function deckOf(cookie: string): Promise<PuzzleDeck> {
  return (await get("/puzzles/mine", { cookie })).json as unknown as PuzzleDeck;
}

beforeAll(async () => {
  const [a, b] = [await registered(app.url, "pz"), await registered(app.url, "pz")];
  const started = await startGame(a, b);
  white = started.white;
  await play(started.white, started.black, started.game.gameId, MISSED_MATE);
  expect((await started.black.emit("forfeit")).ok).toBe(true);
  const analysis = await get(`/game/analysis/${started.game.gameId}`, { cookie: white.cookie as string });
  expect(analysis.status).toBe(200);
  // The second-best searches run in the background once the analysis is stored.
  const deadline = Date.now() + 60_000;
  let deck = await deckOf(white.cookie as string);
  while (deck.puzzles.length === 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    deck = await deckOf(white.cookie as string);
  }
  expect(deck).toMatchObject({ solved: 0, failed: 0, unseen: 1 });
  puzzle = deck.puzzles[0] as Puzzle;
}, 120_000);

describe("puzzles from an analysed game", () => {
  it("makes the player's mistake a puzzle in their deck: the move they missed, themed and rated", async () => {
    expect(puzzle).toMatchObject({
      player: "w",
      ply: 6,
      solution: ["h5f7"],
      played: "h5f3",
      kind: "wins",
      rating: 1500,
      progress: "unseen",
    });
    expect(puzzle.themes).toEqual(expect.arrayContaining(["mate", "mateIn1", "oneMove"]));
    expect((await get(`/puzzles/${puzzle.id}`)).json).toMatchObject({ id: puzzle.id, fen: puzzle.fen });
  });

  it("gives a guest the puzzle, a wrong try no rating, and not the same puzzle again", async () => {
    const visitor = await guest(app.url);
    const headers = { "session-id": visitor.sessionId };
    const next = (await get("/puzzles/next", headers)).json as unknown as NextPuzzle;
    expect(next).toEqual({ puzzle: expect.objectContaining({ id: puzzle.id }), rating: null });
    const wrong = await attempt(puzzle.id, { moves: ["c4f7"] }, headers);
    expect(wrong.json).toEqual({ solved: false, rated: false, ratingChange: 0, rating: null, puzzleRating: 1500 });
    expect(((await get("/puzzles/next", headers)).json as unknown as NextPuzzle).puzzle).toBeNull();
    visitor.socket.close();
  });

  it("rates an account's first try only, moving its rating and the puzzle's by the site's Elo", async () => {
    const solver = await registered(app.url, "sv");
    const headers = { cookie: solver.cookie as string };
    expect(((await get("/puzzles/next", headers)).json as unknown as NextPuzzle).rating).toBe(1500);
    const first = (await attempt(puzzle.id, { moves: ["h5f7"] }, headers)).json as unknown as PuzzleAttemptResult;
    expect(first).toEqual({ solved: true, rated: true, ratingChange: 20, rating: 1520, puzzleRating: 1480 });
    const again = (await attempt(puzzle.id, { moves: ["h5f7"] }, headers)).json;
    expect(again).toEqual({ solved: true, rated: false, ratingChange: 0, rating: 1520, puzzleRating: 1480 });
    expect((await get("/puzzles/next", headers)).json).toEqual({ puzzle: null, rating: 1520 });
    solver.socket.close();
  });

  it("keeps progress in the deck, a failure then a solve on retry", async () => {
    const headers = { cookie: white.cookie as string };
    await attempt(puzzle.id, { moves: ["c4f7"] }, headers);
    expect(await deckOf(headers.cookie)).toMatchObject({ solved: 0, failed: 1, unseen: 0 });
    await attempt(puzzle.id, { moves: ["h5f7"] }, headers);
    expect(await deckOf(headers.cookie)).toMatchObject({ solved: 1, failed: 0, unseen: 0 });
  });

  it.each<[string, number | string, unknown, number, string]>([
    ["a move that is not UCI", 0, { moves: ["Qxf7#"] }, 400, "moves must be UCI moves such as e2e4"],
    ["no moves", 0, { moves: [] }, 400, "moves must hold at least one move"],
    ["a result instead of moves", 0, { solved: true }, 400, "moves must be a list of UCI moves"],
    [
      "an illegal move",
      0,
      { moves: ["h5h8"] },
      400,
      "The moves are not legal in this puzzle, or go on after a wrong one",
    ],
    ["a bad id", "abc", { moves: ["h5f7"] }, 400, "No such puzzle"],
    ["an unknown id", 999_999, { moves: ["h5f7"] }, 404, "No such puzzle"],
  ])("refuses %s with a clear error and stores nothing", async (_, id, body, status, message) => {
    const visitor = await guest(app.url);
    const headers = { "session-id": visitor.sessionId };
    const res = await attempt(id === 0 ? puzzle.id : id, body, headers);
    expect([res.status, res.json.message]).toEqual([status, message]);
    // Nothing tried: the puzzle is still offered.
    expect(((await get("/puzzles/next", headers)).json as unknown as NextPuzzle).puzzle?.id).toBe(puzzle.id);
    visitor.socket.close();
  });

  it("keeps the deck for accounts", async () => {
    expect((await get("/puzzles/mine")).status).toBe(401);
  });
});
