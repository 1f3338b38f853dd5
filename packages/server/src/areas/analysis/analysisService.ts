import { type AnalysisEntry, type AnalysisProgress, evalOf } from "@chess/shared";
import type { AnalysisRepo } from "./analysisRepo.ts";
import type { EnginePool } from "./engine/enginePool.ts";
import { gamePositions, replay, terminalEval } from "./positions.ts";

export interface GameSource {
  /** The game's start position and UCI moves, and whether it is still being played. */
  game(gameId: string): Promise<{ initialFen: string; uciMoves: string[]; active: boolean } | undefined>;
}

export class AnalysisError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const POSITION_TIMEOUT_MS = 30_000;
const CACHE_SIZE = 5_000;

/** Engine analysis of finished games (computed once, shared by concurrent requests) and of single positions. */
export function createAnalysisService(deps: {
  repo: AnalysisRepo;
  pool: EnginePool;
  games: GameSource;
  nodes: number;
}) {
  const { repo, pool, games, nodes } = deps;
  const running = new Map<string, { promise: Promise<AnalysisEntry[]>; done: number; total: number }>();
  const positionCache = new Map<string, AnalysisEntry>();

  async function analysePosition(fen: string, priority: "high" | "low"): Promise<AnalysisEntry> {
    const turn = fen.split(" ")[1] === "b" ? "b" : "w";
    const terminal = terminalEval(fen);
    if (terminal !== undefined) return { eval: terminal, turn, moves: [] };
    const cached = positionCache.get(fen);
    if (cached) return cached;
    const r = await pool.analyse(fen, nodes, { priority, timeoutMs: POSITION_TIMEOUT_MS });
    const entry: AnalysisEntry = { eval: evalOf(r.score), turn, moves: r.pv };
    positionCache.set(fen, entry);
    if (positionCache.size > CACHE_SIZE) positionCache.delete(positionCache.keys().next().value as string);
    return entry;
  }

  async function compute(gameId: string, fens: string[]): Promise<AnalysisEntry[]> {
    const job = running.get(gameId);
    const entries = await Promise.all(
      fens.map(async (fen) => {
        const entry = await analysePosition(fen, "high");
        if (job) job.done += 1;
        return entry;
      }),
    );
    await repo.save(gameId, entries, nodes, pool.command.kind);
    return entries;
  }

  return {
    /** One entry per position of a finished game; the first call computes, later ones read. */
    gameAnalysis(gameId: string): Promise<AnalysisEntry[]> {
      // Joined or registered before the first await: concurrent callers must share one job.
      const inFlight = running.get(gameId);
      if (inFlight) return inFlight.promise;
      const job = { promise: Promise.resolve([] as AnalysisEntry[]), done: 0, total: 0 };
      running.set(gameId, job);
      job.promise = (async () => {
        const stored = await repo.get(gameId);
        if (stored) return stored;
        const game = await games.game(gameId);
        if (!game) throw new AnalysisError(404, "Game not found");
        if (game.active) throw new AnalysisError(409, "Analysis is available once the game is over");
        const fens = gamePositions(game.initialFen, game.uciMoves);
        job.total = fens.length;
        const entries = await compute(gameId, fens);
        // Another node may have stored its analysis first: everyone gets the stored one.
        return (await repo.get(gameId)) ?? entries;
      })().finally(() => running.delete(gameId));
      return job.promise;
    },

    async progress(gameId: string): Promise<AnalysisProgress> {
      const job = running.get(gameId);
      if (job) return { status: "running", done: job.done, total: job.total };
      const stored = await repo.get(gameId);
      return stored
        ? { status: "done", done: stored.length, total: stored.length }
        : { status: "none", done: 0, total: 0 };
    },

    /** The last position of a line a player tried on the analysis board. */
    async singleMove(initialPosition: string, moves: string[]): Promise<AnalysisEntry[]> {
      let fen: string;
      try {
        fen = replay(initialPosition, moves).fen();
      } catch (error) {
        throw new AnalysisError(400, error instanceof Error ? error.message : "Invalid position");
      }
      return [await analysePosition(fen, "high")];
    },
  };
}

export type AnalysisService = ReturnType<typeof createAnalysisService>;
