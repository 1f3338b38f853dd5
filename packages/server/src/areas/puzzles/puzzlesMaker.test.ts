import { type AnalysisEntry, Board, type Score, START_FEN } from "@chess/shared";
import pino from "pino";
import { describe, expect, it } from "vitest";
import type { JobRunner } from "../../jobs/index.ts";
import type { PuzzlesJobs } from "./puzzlesJobs.ts";
import { createPuzzlesMaker } from "./puzzlesMaker.ts";
import type { PuzzlesRepo } from "./puzzlesRepo.ts";

// 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qf3?? — White missed 4. Qxf7#.
const UCI = ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f3"];
const EVALS: Array<number | string> = [20, 30, 0, 60, 20, 40, "#1", 30];

function analysed(initialFen = START_FEN) {
  const board = Board.fromFen(initialFen);
  const fens = [board.fen()];
  for (const m of UCI) {
    board.play({ from: m.slice(0, 2), to: m.slice(2, 4) });
    fens.push(board.fen());
  }
  const entries: AnalysisEntry[] = EVALS.map((e, i) => ({
    eval: e,
    turn: i % 2 === 0 ? "w" : "b",
    moves: i === 6 ? ["h5f7"] : UCI[i] ? [UCI[i] as string] : [],
  }));
  return { gameId: "g1", initialFen, uciMoves: UCI, fens, entries };
}

function maker(second: Score | null | Error) {
  const stored: unknown[] = [];
  const searched: string[] = [];
  const jobs = {
    where: "in-process",
    run: async (_name: string, data: { fen: string }) => {
      searched.push(data.fen);
      if (second instanceof Error) throw second;
      return second;
    },
    progress: async () => undefined,
  } as unknown as JobRunner<PuzzlesJobs>;
  const claimed = new Set<string>();
  const renewed: string[] = [];
  const done: string[] = [];
  const repo = {
    async claim(gameId: string) {
      if (claimed.has(gameId)) return false;
      claimed.add(gameId);
      return true;
    },
    async unclaim(gameId: string) {
      claimed.delete(gameId);
    },
    async renew(gameId: string) {
      renewed.push(gameId);
    },
    async searched(gameId: string) {
      done.push(gameId);
    },
    async add(rows: unknown[]) {
      stored.push(...rows);
      return rows.length;
    },
  } as unknown as PuzzlesRepo;
  const make = createPuzzlesMaker({
    repo,
    jobs,
    nodes: 1000,
    accountsOf: async () => ({ w: 7, b: null }),
    logger: pino({ level: "silent" }),
  });
  return { make, stored, searched, claimed, renewed, done };
}

describe("making puzzles from an analysed game", () => {
  it("searches only the mistake positions and stores the one whose best move is the only good one", async () => {
    const { make, stored, searched } = maker({ cp: 50 });
    expect(await make(analysed())).toBe(1);
    expect(searched).toHaveLength(1);
    expect(stored).toEqual([
      expect.objectContaining({ gameId: "g1", ply: 6, userId: 7, solution: ["h5f7"], played: "h5f3", kind: "wins" }),
    ]);
    expect((stored[0] as { themes: string[] }).themes).toEqual(expect.arrayContaining(["mate", "mateIn1"]));
  });

  it("makes puzzles from Chess960 games too: the position is a Shredder-FEN the search and the board read", async () => {
    // The standard array as Chess960 position 518: its FENs name the rooks' files ("HAha").
    const { make, stored, searched } = maker({ cp: 50 });
    expect(await make(analysed("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"))).toBe(1);
    expect(searched).toEqual([expect.stringContaining(" w HAha ")]);
    expect(stored).toEqual([expect.objectContaining({ ply: 6, solution: ["h5f7"], fen: searched[0] })]);
    expect((stored[0] as { themes: string[] }).themes).toEqual(expect.arrayContaining(["mateIn1"]));
  });

  it("searches a game once however often its analysis is told, and gives the claim back when a search fails", async () => {
    const { make, searched, claimed, renewed, done } = maker({ cp: 50 });
    expect(await make(analysed())).toBe(1);
    expect(await make(analysed())).toBe(0);
    expect(searched).toHaveLength(1);
    expect([...claimed]).toEqual(["g1"]);
    // The claim is renewed after each search (a lease), and marked searched once the puzzles are stored.
    expect([renewed, done]).toEqual([["g1"], ["g1"]]);

    const failing = maker(new Error("engine gone"));
    await expect(failing.make(analysed())).rejects.toThrow("engine gone");
    expect([failing.claimed.size, failing.done]).toEqual([0, []]);
  });

  it("stores nothing when another move wins too, or there is no other move", async () => {
    expect(await maker({ mate: 2 }).make(analysed())).toBe(0);
    expect(await maker(null).make(analysed())).toBe(0);
  });
});
