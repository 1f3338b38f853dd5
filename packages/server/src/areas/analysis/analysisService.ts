import {
  type ActorId,
  type AnalysisEntry,
  type AnalysisProgress,
  entryWinPercent,
  fail,
  judgeEntries,
  judgeMove,
  type SavedTreeNode,
} from "@chess/shared";
import { type JobRunner, JobsUnavailableError } from "../../jobs/index.ts";
import { ok, type Refused, type Result } from "../../util/result.ts";
import { type AnalysisJobs, analysisJobIds } from "./analysisJobs.ts";
import type { AnalysisRepo } from "./analysisRepo.ts";
import { treeError } from "./analysisTrees.ts";
import { EngineBusyError } from "./engine/enginePool.ts";
import { helpsLiveGame, positionKey, SHARED_OPENING_PLIES } from "./liveFairPlay.ts";
import { gamePositions, replay, terminalEval } from "./positions.ts";

export interface GameSource {
  /** The game's start position and UCI moves, and whether it is still being played. */
  game(gameId: string): Promise<{ initialFen: string; uciMoves: string[]; active: boolean } | undefined>;
  /** The games the player is in now: their live game, and an account's daily games in progress. */
  inPlay(player: ActorId): Promise<string[]>;
  /** Where every game in progress stands now, and at which ply. */
  livePositions(): Promise<Array<{ fen: string; ply: number }>>;
}

/** Refused for a position of the caller's own running game (live or daily): no engine on tap during play. */
export const OWN_GAME_POSITION_MESSAGE = "Analysis is not available for a position from a game you are playing";

/** Refused for a position standing in somebody's game in progress (from move 10), or one move from it. */
export const LIVE_GAME_POSITION_MESSAGE =
  "Analysis is not available for a position from a game in progress - try again once it has ended";

/** The analysis area's own refusal: no engine free, or no job worker answering (HTTP 503, retry in 30 s). */
export const ANALYSIS_STATUS: Readonly<Record<string, number>> = { busy: 503 };

const notFound = fail("not_found", "Game not found");

/** An engine job that could not run now: a refusal to retry later. Any other failure is a fault and is thrown. */
function busyOr(error: unknown): Refused {
  if (error instanceof EngineBusyError || error instanceof JobsUnavailableError) {
    return { ...fail("busy", error.message), retryAfterMs: 30_000 };
  }
  throw error;
}

/** How long a player waits for a worker to finish a game, or one position, before being told to retry. */
const GAME_WAIT_MS = 5 * 60_000;
const POSITION_WAIT_MS = 60_000;

/**
 * Engine analysis of finished games (computed once, shared by concurrent requests) and of single positions.
 * The searching is done by jobs (analysisJobs.ts), in this process or by a worker.
 */
export function createAnalysisService(deps: {
  repo: AnalysisRepo;
  jobs: JobRunner<AnalysisJobs>;
  games: GameSource;
  nodes: number;
  /** Told once a game's analysis was computed (not when it was read from storage). */
  onAnalysed?: (analysed: { gameId: string; initialFen: string; uciMoves: string[]; entries: AnalysisEntry[] }) => void;
}) {
  const { repo, jobs, games, nodes } = deps;
  const running = new Map<string, { promise: Promise<Result<AnalysisEntry[]>>; done: number; total: number }>();

  /** The stored entries of a finished game (evals and best lines); the first call computes, later ones read. */
  function storedAnalysis(gameId: string): Promise<Result<AnalysisEntry[]>> {
    // Joined or registered before the first await: concurrent callers must share one job.
    const inFlight = running.get(gameId);
    if (inFlight) return inFlight.promise;
    const job = { promise: Promise.resolve(ok<AnalysisEntry[]>([])), done: 0, total: 0 };
    running.set(gameId, job);
    job.promise = (async () => {
      const stored = await repo.get(gameId);
      if (stored) return ok(stored);
      const game = await games.game(gameId);
      if (!game) return notFound;
      if (game.active) return fail("conflict", "Analysis is available once the game is over");
      job.total = game.uciMoves.length + 1;
      const entries = await jobs.run(
        "analysis.game",
        { gameId, initialFen: game.initialFen, uciMoves: game.uciMoves, nodes },
        {
          jobId: analysisJobIds.game(gameId),
          lane: "players",
          timeoutMs: GAME_WAIT_MS,
          onProgress: (p) => {
            job.done = p.done;
            job.total = p.total;
          },
        },
      );
      deps.onAnalysed?.({ gameId, initialFen: game.initialFen, uciMoves: game.uciMoves, entries });
      return ok(entries);
    })()
      .catch(busyOr)
      .finally(() => running.delete(gameId));
    return job.promise;
  }

  /** One position searched (once for everyone asking), or scored by the rules when the game is over there. */
  function position(fen: string): Promise<AnalysisEntry> {
    const terminal = terminalEval(fen);
    if (terminal !== undefined)
      return Promise.resolve({ eval: terminal, turn: fen.split(" ")[1] === "b" ? "b" : "w", moves: [] });
    return jobs.run(
      "analysis.position",
      { fen, nodes },
      { jobId: analysisJobIds.position(fen, nodes), lane: "players", timeoutMs: POSITION_WAIT_MS },
    );
  }

  return {
    /**
     * One entry per position of a finished game, each with its Win% and, after a move, lichess's judgement
     * of that move. Judgements are worked out on every read from the stored evals and the game's moves, so
     * analyses stored before judgements existed have them too.
     */
    async gameAnalysis(gameId: string): Promise<Result<AnalysisEntry[]>> {
      const entries = await storedAnalysis(gameId);
      if (!entries.ok) return entries;
      const game = await games.game(gameId);
      return ok(judgeEntries(entries.data, game?.uciMoves ?? []));
    },

    async progress(gameId: string): Promise<AnalysisProgress> {
      const job = running.get(gameId);
      if (job) return { status: "running", done: job.done, total: job.total };
      const stored = await repo.get(gameId);
      if (stored) return { status: "done", done: stored.length, total: stored.length };
      // Asked for on another node: the job's own progress, wherever it runs.
      const elsewhere = await jobs.progress(analysisJobIds.game(gameId));
      return elsewhere ? { status: "running", ...elsewhere } : { status: "none", done: 0, total: 0 };
    },

    /**
     * The last position of a line a player tried on the analysis board, with its Win% and lichess's
     * judgement of the line's last move (the position before it is searched too, usually already known).
     * Refused for a position of the caller's own running game or one move from where it stands, and for
     * anybody a position standing in a game in progress past move 10 or one move from it (liveFairPlay.ts).
     */
    async singleMove(initialPosition: string, moves: string[], caller: ActorId): Promise<Result<AnalysisEntry[]>> {
      let fen: string;
      let last: { before: string; lan: string } | undefined;
      try {
        ({ fen, last } = replay(initialPosition, moves));
      } catch (error) {
        return fail("validation", error instanceof Error ? error.message : "Invalid position");
      }
      const searched = [fen, ...(last ? [last.before] : [])];
      // The caller's own games (live and daily): none of their positions, nor one move on from where each stands.
      const keys = new Set(searched.map(positionKey));
      for (const running of await games.inPlay(caller)) {
        const game = await games.game(running);
        if (!game?.active) continue;
        const played = gamePositions(game.initialFen, game.uciMoves);
        if (played.some((p) => keys.has(positionKey(p))) || helpsLiveGame(searched, played.slice(-1))) {
          return fail("forbidden", OWN_GAME_POSITION_MESSAGE);
        }
      }
      // Anybody's game past the shared openings: not where it stands, nor one move on (a friend's account
      // asking for a player would otherwise get the line).
      const live = (await games.livePositions()).filter((g) => g.ply >= SHARED_OPENING_PLIES).map((g) => g.fen);
      if (helpsLiveGame(searched, live)) return fail("forbidden", LIVE_GAME_POSITION_MESSAGE);
      try {
        const [entry, before] = await Promise.all([position(fen), last ? position(last.before) : undefined]);
        const judgement = before && last ? judgeMove(before, entry, last.lan) : null;
        return ok([{ ...entry, winPercent: entryWinPercent(entry), judgement }]);
      } catch (error) {
        return busyOr(error);
      }
    },

    /** The variations a player keeps for a game (SPEC §4 own variations): empty when none. */
    async tree(userId: number, gameId: string): Promise<Result<SavedTreeNode[]>> {
      if (!(await games.game(gameId))) return notFound;
      return ok(await repo.tree(userId, gameId));
    },

    /** Keeps a player's tree of a game once every move in it is legal where it stands; an empty tree keeps none. */
    async saveTree(userId: number, gameId: string, tree: SavedTreeNode[]): Promise<Result> {
      const game = await games.game(gameId);
      if (!game) return notFound;
      const error = treeError(game.initialFen, tree);
      if (error) return fail("validation", error);
      await repo.saveTree(userId, gameId, tree);
      return ok();
    },
  };
}

export type AnalysisService = ReturnType<typeof createAnalysisService>;
