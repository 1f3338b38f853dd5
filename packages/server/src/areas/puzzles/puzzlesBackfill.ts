import type { FastifyBaseLogger } from "fastify";
import type { BusEvents } from "../../bus.ts";
import type { PuzzlesRepo } from "./puzzlesRepo.ts";

/** Games read per query of the backlog. */
const PAGE = 50;
/** Failures in a row (an engine that cannot search) end a run: the games stay for the next start. */
const FAILURES_IN_A_ROW = 3;

/** What the backfill reads of the analysis area: its stored analyses, by id and in id order. */
export interface AnalysedGames {
  /** A stored analysis, as `gameAnalysed` tells a new one (undefined: no longer a finished, analysed game). */
  game(gameId: string): Promise<BusEvents["gameAnalysed"] | undefined>;
  /** Analysed games' ids (played or imported ones) after `after`, in id order. */
  ids(kind: "played" | "imported", after: string, limit: number): Promise<string[]>;
}

/**
 * Puzzles from the analyses stored before puzzles existed, or whose searches failed: once a node listens, one
 * game at a time through the maker (its searches low-priority background jobs, behind every player's), the
 * played games' then the imported ones', in id order. Idempotent: a game is claimed before its searches, so a
 * rerun, another node's run or the maker of a new analysis never search a game twice; a claim left by a node
 * that died mid-search goes stale and is taken up here. A stop ends it between games, and the next start goes on.
 */
export function createPuzzlesBackfill(deps: {
  repo: Pick<PuzzlesRepo, "unsearched" | "claim" | "searched">;
  analysed: AnalysedGames;
  make(analysed: BusEvents["gameAnalysed"]): Promise<number>;
  logger: FastifyBaseLogger;
}) {
  let stopped = false;
  const done = { games: 0, puzzles: 0, running: false };

  async function one(gameId: string): Promise<void> {
    const game = await deps.analysed.game(gameId);
    // No longer a finished game with its analysis (never expected): marked, not read at every start.
    if (!game) {
      if (await deps.repo.claim(gameId)) await deps.repo.searched(gameId);
      return;
    }
    done.puzzles += await deps.make(game);
    done.games++;
  }

  async function run(): Promise<void> {
    done.running = true;
    let failures = 0;
    try {
      for (const kind of ["played", "imported"] as const) {
        let after = "";
        while (!stopped) {
          const page = await deps.analysed.ids(kind, after, PAGE);
          if (page.length === 0) break;
          after = page.at(-1) as string;
          for (const gameId of await deps.repo.unsearched(page)) {
            if (stopped) return;
            try {
              await one(gameId);
              failures = 0;
            } catch (err) {
              deps.logger.warn({ err, gameId }, "puzzles backfill: game skipped");
              if (++failures >= FAILURES_IN_A_ROW) return;
            }
          }
        }
      }
      if (done.games > 0) deps.logger.info(done, "puzzles backfill: done");
    } finally {
      done.running = false;
    }
  }

  return {
    run,
    /** Ends the run between two games. */
    stop() {
      stopped = true;
    },
    /** Games searched and puzzles made by this node's run, and whether it goes on. */
    progress: () => ({ ...done }),
  };
}
