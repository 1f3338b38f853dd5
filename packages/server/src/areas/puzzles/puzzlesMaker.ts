import {
  type AnalysedGame,
  explainMove,
  extractPuzzles,
  mistakePositions,
  puzzleThemes,
  type Score,
  scoreOf,
} from "@chess/shared";
import type { FastifyBaseLogger } from "fastify";
import type { BusEvents } from "../../bus.ts";
import type { JobRunner } from "../../jobs/index.ts";
import type { PuzzlesJobs } from "./puzzlesJobs.ts";
import type { DeckOwners } from "./puzzlesOwners.ts";
import type { PuzzlesRepo } from "./puzzlesRepo.ts";

/** A background search waits this long for a worker (a long queue of players' analyses goes first). */
const SEARCH_WAIT_MS = 10 * 60_000;

/**
 * Puzzles from an analysed game: the pure extractor finds where a player erred while one move won or saved,
 * the engine jobs (background lane, low priority: never ahead of a player's search, never on a live game's
 * path) search those few positions for the second-best move, and the accepted ones are stored.
 */
export function createPuzzlesMaker(deps: {
  repo: PuzzlesRepo;
  jobs: JobRunner<PuzzlesJobs>;
  nodes: number;
  /** Whose deck each colour's mistakes go to: an account, or null (guests). */
  accountsOf(gameId: string): Promise<DeckOwners>;
  logger: FastifyBaseLogger;
}) {
  /**
   * A game is claimed first (once, however often its analysis is told and whichever node or backfill tells it),
   * the claim renewed after each search, marked searched with its puzzles stored, and given back when its
   * searches fail, for the next backfill.
   */
  return async function fromAnalysis(analysed: BusEvents["gameAnalysed"]): Promise<number> {
    if (!(await deps.repo.claim(analysed.gameId))) return 0;
    try {
      const added = await search(analysed);
      await deps.repo.searched(analysed.gameId);
      return added;
    } catch (err) {
      await deps.repo.unclaim(analysed.gameId).catch(() => undefined);
      throw err;
    }
  };

  async function search(analysed: BusEvents["gameAnalysed"]): Promise<number> {
    const game: AnalysedGame = { fens: analysed.fens, uciMoves: analysed.uciMoves, entries: analysed.entries };
    const positions = mistakePositions(game);
    if (positions.length === 0) return 0;
    const second = new Map<number, Score | null>();
    for (const p of positions) {
      const best = p.solution[0] as string;
      second.set(
        p.ply,
        await deps.jobs.run(
          "puzzles.secondBest",
          { fen: p.fen, best, nodes: deps.nodes },
          {
            lane: "background",
            timeoutMs: SEARCH_WAIT_MS,
          },
        ),
      );
      await deps.repo.renew(analysed.gameId);
    }
    const accounts = await deps.accountsOf(analysed.gameId);
    const rows = extractPuzzles(game, second).map((p) => {
      const before = analysed.entries[p.ply];
      const after = analysed.entries[p.ply + 1];
      const hint = before && after ? explainMove({ fen: p.fen, played: p.played, before, after }) : undefined;
      return {
        gameId: analysed.gameId,
        ply: p.ply,
        fen: p.fen,
        solution: p.solution,
        played: p.played,
        kind: p.kind,
        userId: accounts[p.player],
        themes: puzzleThemes(p, scoreOf(before?.eval ?? 0), hint),
      };
    });
    const added = await deps.repo.add(rows);
    if (added > 0) deps.logger.info({ gameId: analysed.gameId, added }, "puzzles from an analysed game");
    return added;
  }
}
