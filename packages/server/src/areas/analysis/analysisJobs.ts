import { createHash } from "node:crypto";
import { type AnalysisEntry, evalOf } from "@chess/shared";
import type { JobContext } from "../../jobs/index.ts";
import type { AnalysisRepo } from "./analysisRepo.ts";
import type { EnginePool } from "./engine/enginePool.ts";
import { gamePositions, terminalEval } from "./positions.ts";

const POSITION_TIMEOUT_MS = 30_000;
const CACHE_SIZE = 5_000;

export interface GameJob {
  gameId: string;
  initialFen: string;
  uciMoves: string[];
  /** Engine nodes per position, e.g. 150000. */
  nodes: number;
}

export interface PositionJob {
  fen: string;
  nodes: number;
}

/** One job per game, and per position and search size, however many ask for it at once. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export const analysisJobIds = {
  game: (gameId: string) => `game-${encodeURIComponent(gameId)}`,
  position: (fen: string, nodes: number) => `position-${nodes}-${createHash("sha1").update(fen).digest("hex")}`,
};

/** What the engine does for analysis, wherever jobs run: the web node's own engines or a worker's. */
export function createAnalysisJobs(deps: { repo: AnalysisRepo; pool: EnginePool }) {
  const { repo, pool } = deps;
  const positionCache = new Map<string, AnalysisEntry>();

  async function analysePosition(fen: string, nodes: number): Promise<AnalysisEntry> {
    const turn = fen.split(" ")[1] === "b" ? "b" : "w";
    const terminal = terminalEval(fen);
    if (terminal !== undefined) return { eval: terminal, turn, moves: [] };
    const key = `${nodes} ${fen}`;
    const cached = positionCache.get(key);
    if (cached) return cached;
    const r = await pool.analyse(fen, nodes, { priority: "high", timeoutMs: POSITION_TIMEOUT_MS });
    const entry: AnalysisEntry = { eval: evalOf(r.score), turn, moves: r.pv };
    positionCache.set(key, entry);
    if (positionCache.size > CACHE_SIZE) positionCache.delete(positionCache.keys().next().value as string);
    return entry;
  }

  return {
    /** Every position of a finished game, searched and stored once: a rerun returns what is stored. */
    async "analysis.game"(job: GameJob, ctx: JobContext): Promise<AnalysisEntry[]> {
      const stored = await repo.get(job.gameId);
      if (stored) return stored;
      const fens = gamePositions(job.initialFen, job.uciMoves);
      let done = 0;
      ctx.progress({ done, total: fens.length });
      const searched: Array<Promise<AnalysisEntry>> = [];
      for (const fen of fens) {
        const entry = analysePosition(fen, job.nodes).then((e) => {
          done += 1;
          ctx.progress({ done, total: fens.length });
          return e;
        });
        // Its failure is answered by Promise.all below; until then it must not count as unhandled.
        entry.catch(() => {});
        searched.push(entry);
        // One position per turn of the event loop: queueing a whole game at once held live games' moves up
        // for ~100 ms (bench/analysis); the engines are busy with the first positions meanwhile.
        await nextTurn();
      }
      const entries = await Promise.all(searched);
      await repo.save(job.gameId, entries, job.nodes, pool.command.kind);
      // Another run may have stored its analysis first: everyone gets the stored one.
      return (await repo.get(job.gameId)) ?? entries;
    },

    async "analysis.position"(job: PositionJob): Promise<AnalysisEntry> {
      return analysePosition(job.fen, job.nodes);
    },
  };
}

export type AnalysisJobs = ReturnType<typeof createAnalysisJobs>;
