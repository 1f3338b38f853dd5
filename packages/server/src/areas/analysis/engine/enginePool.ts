import { accessSync, constants, realpathSync } from "node:fs";
import { createRequire } from "node:module";
import { delimiter, join, sep } from "node:path";
import type { Score } from "@chess/shared";
import type { FastifyBaseLogger } from "fastify";
import { type EngineCommand, EngineError, type EngineMove, type PositionResult, UciEngine } from "./uciEngine.ts";

const executable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * The npm package's own `stockfish` command (node_modules/.bin, on PATH under `npm start` and `npx`) is not a
 * native engine: it runs the full WASM build as a grandchild that survives a kill of the process spawned.
 */
const isNpmShim = (path: string) => {
  try {
    return realpathSync(path).split(sep).includes("node_modules");
  } catch {
    return false;
  }
};

/**
 * The engine to run: STOCKFISH_PATH (a binary, or a Stockfish `.js` build run with node), else `stockfish`
 * on PATH or /usr/games/stockfish (native), else the npm package's single-threaded lite WASM build run
 * with node (the explicit file, not its symlink).
 */
export function findEngine(stockfishPath?: string, env: NodeJS.ProcessEnv = process.env): EngineCommand {
  if (stockfishPath?.endsWith(".js")) return { command: process.execPath, args: [stockfishPath], kind: "wasm" };
  if (stockfishPath) return { command: stockfishPath, args: [], kind: "native" };
  const candidates = [...(env.PATH ?? "").split(delimiter).map((d) => join(d, "stockfish")), "/usr/games/stockfish"];
  const native = candidates.find((p) => p.startsWith("/") && executable(p) && !isNpmShim(p));
  if (native) return { command: native, args: [], kind: "native" };
  const require = createRequire(import.meta.url);
  const wasm = require.resolve("stockfish/bin/stockfish-19-lite-single.js");
  return { command: process.execPath, args: [wasm], kind: "wasm" };
}

/** One search for a move to play: UCI Skill Level, depth and time limits, lines reported. */
export interface MoveSearch {
  skill: number;
  depth: number;
  movetimeMs: number;
  multipv: number;
}

export class EngineBusyError extends Error {
  constructor() {
    super("The analysis engines are busy - please try again in a minute");
  }
}

interface Job {
  fen: string;
  nodes: number;
  /** 1: a plain search; more: the best `multipv` moves. */
  multipv: number;
  /** Clear the hash first, so the same position and nodes give the same answer anywhere. */
  fresh: boolean;
  timeoutMs: number;
  /** Searches with a deadline are taken up earliest first, ahead of those without. */
  deadline: number;
  /** A search other than a plain or multi-PV one to `nodes` (a move to play). */
  search?: (engine: UciEngine) => Promise<unknown>;
  retried: boolean;
  resolve: (r: unknown) => void;
  reject: (e: Error) => void;
}

interface Slot {
  engine: UciEngine | undefined;
  starting: Promise<UciEngine> | undefined;
  busy: boolean;
  /** The job it runs, since when, and whether it was asked to hurry. */
  running?: { job: Job; since: number; hurried: boolean };
}

/**
 * A move search runs at least this long before a more urgent one waiting can cut it short: about depth 10 in
 * the WASM build, so a level 8 on a swamped server still plays a sound move, only sooner.
 */
export const MIN_SEARCH_MS = 100;

/** A fixed number of engine processes fed from two bounded queues (players first, background after). */
export class EnginePool {
  private readonly slots: Slot[];
  private readonly high: Job[] = [];
  private readonly low: Job[] = [];
  private closed = false;
  private hurryTimer: NodeJS.Timeout | undefined;
  /** Searches completed since start, and move searches cut short for a more urgent one. */
  searches = 0;
  hurried = 0;

  constructor(
    readonly command: EngineCommand,
    private readonly opts: { size: number; queueLimit: number; logger: FastifyBaseLogger; niceness?: number },
  ) {
    this.slots = Array.from({ length: opts.size }, () => ({ engine: undefined, starting: undefined, busy: false }));
  }

  get size(): number {
    return this.slots.length;
  }

  /** Queued positions (both priorities). */
  get queued(): number {
    return this.high.length + this.low.length;
  }

  analyse(
    fen: string,
    nodes: number,
    opts: { priority?: "high" | "low"; timeoutMs?: number; fresh?: boolean } = {},
  ): Promise<PositionResult> {
    return this.enqueue(fen, nodes, 1, opts) as Promise<PositionResult>;
  }

  /** The `k` best moves of `fen` with White-view scores, best first. */
  candidates(
    fen: string,
    nodes: number,
    k: number,
    opts: { priority?: "high" | "low"; timeoutMs?: number } = {},
  ): Promise<Array<{ move: string; score: Score }>> {
    return this.enqueue(fen, nodes, Math.max(2, k), opts) as Promise<Array<{ move: string; score: Score }>>;
  }

  /**
   * A move to play at a skill, depth and think time (see UciEngine.play); refused at once when the queue is
   * full. A search no longer `wanted` when its turn comes (the game moved on) is skipped: no move. Searches
   * are taken up by `deadline` (epoch ms), earliest first: a quick move never waits behind a long think.
   */
  play(
    fen: string,
    search: MoveSearch | (() => MoveSearch),
    opts: { timeoutMs: number; wanted?: () => boolean; deadline?: number },
  ): Promise<EngineMove> {
    return this.enqueue(fen, 0, 1, {
      timeoutMs: opts.timeoutMs,
      ...(opts.deadline !== undefined ? { deadline: opts.deadline } : {}),
      // Settled when an engine takes it up: a think time can allow for the wait in the queue.
      search: async (engine) =>
        opts.wanted && !opts.wanted()
          ? { bestMove: "(none)", lines: [] }
          : engine.play(fen, typeof search === "function" ? search() : search, opts.timeoutMs),
    }) as Promise<EngineMove>;
  }

  private enqueue(
    fen: string,
    nodes: number,
    multipv: number,
    opts: {
      priority?: "high" | "low";
      timeoutMs?: number;
      fresh?: boolean;
      deadline?: number;
      search?: (engine: UciEngine) => Promise<unknown>;
    },
  ) {
    if (this.closed) return Promise.reject(new EngineError("engine pool is closed"));
    const queue = opts.priority === "low" ? this.low : this.high;
    const limit = opts.priority === "low" ? Math.max(8, this.opts.queueLimit / 4) : this.opts.queueLimit;
    if (queue.length >= limit) return Promise.reject(new EngineBusyError());
    return new Promise<unknown>((resolve, reject) => {
      const deadline = opts.deadline ?? Number.POSITIVE_INFINITY;
      const at = queue.findIndex((j) => j.deadline > deadline);
      queue.splice(at === -1 ? queue.length : at, 0, {
        fen,
        deadline,
        nodes,
        multipv,
        fresh: opts.fresh ?? false,
        timeoutMs: opts.timeoutMs ?? 30_000,
        ...(opts.search ? { search: opts.search } : {}),
        retried: false,
        resolve,
        reject,
      });
      this.pump();
    });
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.hurryTimer);
    for (const job of [...this.high.splice(0), ...this.low.splice(0)])
      job.reject(new EngineError("engine pool is closed"));
    for (const s of this.slots) s.engine?.kill();
  }

  private pump() {
    for (const slot of this.slots) {
      if (slot.busy) continue;
      const job = this.high.shift() ?? this.low.shift();
      if (!job) break;
      slot.busy = true;
      void this.run(slot, job);
    }
    this.preempt();
  }

  /**
   * Earliest deadline first, preemptive: while every engine is busy and the most urgent search waiting has
   * an earlier deadline than one running, the running one with the latest deadline is told to answer now
   * (once it has searched MIN_SEARCH_MS). A long think then never holds a quick reply up for more than that.
   */
  private preempt() {
    clearTimeout(this.hurryTimer);
    this.hurryTimer = undefined;
    const next = this.high[0];
    if (this.closed || !next || !Number.isFinite(next.deadline) || this.slots.some((s) => !s.busy)) return;
    const later = this.slots
      .map((s) => s.running)
      .filter((r) => r !== undefined && r.job.search !== undefined && !r.hurried && r.job.deadline > next.deadline)
      .sort((a, b) => (b?.job.deadline ?? 0) - (a?.job.deadline ?? 0));
    const victim = later[0];
    if (!victim) return;
    const wait = victim.since + MIN_SEARCH_MS - Date.now();
    if (wait > 0) {
      this.hurryTimer = setTimeout(() => this.preempt(), wait);
      this.hurryTimer.unref();
      return;
    }
    victim.hurried = true;
    this.hurried += 1;
    this.slots.find((s) => s.running === victim)?.engine?.hurry();
  }

  /**
   * Starts every engine now, one after another, rather than under the first searches. Spawning a process
   * blocks this one's event loop while it forks (~20 ms per engine from a server with the embedded
   * database's memory): at the start of the first analysis that held live games' moves up for 40 ms.
   */
  async warm(): Promise<void> {
    for (const slot of this.slots) {
      if (this.closed) return;
      await this.engineOf(slot).catch((err: unknown) => {
        // Closed meanwhile (the server stopping during its start): the engine was killed, not broken.
        if (!this.closed) this.opts.logger.warn({ err }, "engine failed to start");
      });
    }
  }

  /** Engines running now. */
  get running(): number {
    return this.slots.filter((s) => s.engine?.alive).length;
  }

  private async engineOf(slot: Slot): Promise<UciEngine> {
    if (slot.engine?.alive) return slot.engine;
    slot.starting ??= (async () => {
      const engine = new UciEngine(this.command, this.opts.niceness);
      // Held from its spawn, not from its first answer: close() kills an engine still starting too.
      slot.engine = engine;
      await engine.start();
      return engine;
    })().finally(() => {
      slot.starting = undefined;
    });
    return slot.starting;
  }

  private async run(slot: Slot, job: Job) {
    try {
      const engine = await this.engineOf(slot);
      slot.running = { job, since: Date.now(), hurried: false };
      if (job.fresh) await engine.newGame();
      const result = job.search
        ? await job.search(engine)
        : job.multipv > 1
          ? await engine.candidates(job.fen, job.nodes, job.multipv, job.timeoutMs)
          : await engine.analyse(job.fen, job.nodes, job.timeoutMs);
      this.searches += 1;
      job.resolve(result);
    } catch (error) {
      // A crashed or stuck engine is replaced; its job gets one more try on a fresh one.
      if (!this.closed) this.opts.logger.warn({ err: error, fen: job.fen }, "engine failed; restarting it");
      slot.engine?.kill();
      slot.engine = undefined;
      if (!job.retried && !this.closed) {
        job.retried = true;
        this.high.unshift(job);
      } else {
        job.reject(error instanceof Error ? error : new EngineError(String(error)));
      }
    } finally {
      slot.busy = false;
      slot.running = undefined;
      if (!this.closed) this.pump();
    }
  }
}
