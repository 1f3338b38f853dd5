import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { setPriority } from "node:os";
import { createInterface } from "node:readline";
import type { Score } from "@chess/shared";
import { isChess960Fen, parseBestMove, parseInfo, type UciInfo, whitePov } from "@chess/shared";

export interface EngineCommand {
  command: string;
  args: string[];
  /** "native" or "wasm", for logs and benchmarks. */
  kind: "native" | "wasm";
}

export interface PositionResult {
  /** From White's point of view. */
  score: Score;
  pv: string[];
  bestMove: string;
  depth: number;
  nodes: number;
}

/** A move chosen to play, with the lines the search reported (scores from the side to move), best first. */
export interface EngineMove {
  bestMove: string;
  lines: Array<{ move: string; score: Score }>;
}

export class EngineError extends Error {}

/** Default OS priority of engine processes (nice): below the server's, which plays the live games. */
export const ENGINE_NICENESS = 10;

/** Engines running now: killed with this process however it ends, even by a forced exit that skips close(). */
const running = new Set<UciEngine>();
let killedOnExit = false;

/** One Stockfish process spoken to over UCI, one search at a time. */
export class UciEngine {
  private proc: ChildProcessWithoutNullStreams | undefined;
  private waiters: Array<{ test: (line: string) => boolean; resolve: (line: string) => void }> = [];
  private lineListener: ((line: string) => void) | undefined;
  private exitListener: ((error: Error) => void) | undefined;
  /** Whether UCI_Chess960 is on now (it is off when the engine starts). */
  private chess960 = false;
  alive = false;

  /** The engine's process id while it runs. */
  get pid(): number | undefined {
    return this.proc?.pid;
  }

  constructor(
    private readonly cmd: EngineCommand,
    private readonly niceness = ENGINE_NICENESS,
  ) {}

  async start(): Promise<void> {
    // A process group of its own: kill() takes any process the engine started too (a wrapper script's child).
    const proc = spawn(this.cmd.command, this.cmd.args, { stdio: ["pipe", "pipe", "pipe"], detached: true });
    this.proc = proc;
    running.add(this);
    if (!killedOnExit) {
      killedOnExit = true;
      process.once("exit", () => {
        for (const engine of running) engine.kill();
      });
    }
    // Engines take the cores the server leaves idle: at a lower priority, a search never delays a move.
    if (proc.pid !== undefined && this.niceness !== 0) {
      try {
        setPriority(proc.pid, this.niceness);
      } catch {}
    }
    proc.stderr.resume();
    proc.stdin.on("error", () => {});
    createInterface({ input: proc.stdout }).on("line", (line) => this.onLine(line));
    proc.once("exit", () => {
      running.delete(this);
      this.alive = false;
      this.exitListener?.(new EngineError("engine exited"));
    });
    proc.once("error", (e) => this.exitListener?.(new EngineError(`engine failed to start: ${e.message}`)));
    this.alive = true;
    this.send("uci");
    await this.until((l) => l === "uciok", 30_000);
    this.send("setoption name Threads value 1");
    this.send("setoption name Hash value 32");
    await this.ready(30_000);
  }

  /** Searches `fen` to `nodes` nodes; rejects after `timeoutMs` (the search is stopped). */
  async analyse(fen: string, nodes: number, timeoutMs: number): Promise<PositionResult> {
    if (!this.alive) throw new EngineError("engine is not running");
    const turn = fen.split(" ")[1] === "b" ? "b" : "w";
    let last: UciInfo | undefined;
    this.lineListener = (line) => {
      const info = parseInfo(line);
      if (info && !info.bound) last = info;
      else if (info && !last) last = info;
    };
    this.setPosition(fen);
    this.send(`go nodes ${nodes}`);
    try {
      const line = await this.until(
        (l) => l.startsWith("bestmove"),
        timeoutMs,
        () => this.send("stop"),
      );
      const bestMove = parseBestMove(line) ?? "(none)";
      const score = last?.score ?? { cp: 0 };
      return {
        score: whitePov(score, turn),
        pv: last?.pv.length ? last.pv : bestMove === "(none)" ? [] : [bestMove],
        bestMove,
        depth: last?.depth ?? 0,
        nodes: last?.nodes ?? 0,
      };
    } finally {
      this.lineListener = undefined;
    }
  }

  /** The `k` best moves with their scores (White's view), best first. */
  async candidates(
    fen: string,
    nodes: number,
    k: number,
    timeoutMs: number,
  ): Promise<Array<{ move: string; score: Score }>> {
    if (!this.alive) throw new EngineError("engine is not running");
    const turn = fen.split(" ")[1] === "b" ? "b" : "w";
    const lines = new Map<number, { move: string; score: Score }>();
    this.lineListener = (line) => {
      const info = parseInfo(line, true);
      const move = info?.pv[0];
      if (info && move && !info.bound) lines.set(info.multipv, { move, score: whitePov(info.score, turn) });
    };
    this.send(`setoption name MultiPV value ${k}`);
    this.setPosition(fen);
    this.send(`go nodes ${nodes}`);
    try {
      await this.until(
        (l) => l.startsWith("bestmove"),
        timeoutMs,
        () => this.send("stop"),
      );
      return [...lines.entries()].sort((a, b) => a[0] - b[0]).map(([, c]) => c);
    } finally {
      this.lineListener = undefined;
      this.send("setoption name MultiPV value 1");
    }
  }

  /**
   * A move to play (the computer opponent): Stockfish at `skill` (UCI Skill Level 0..20), searching to `depth`
   * or for `movetimeMs`, whichever comes first, with `multipv` lines reported (scores from the side to move).
   * Skill and MultiPV are set back after, so the next search of this engine is at full strength.
   */
  async play(
    fen: string,
    search: { skill: number; depth: number; movetimeMs: number; multipv: number },
    timeoutMs: number,
  ): Promise<EngineMove> {
    if (!this.alive) throw new EngineError("engine is not running");
    const lines = new Map<number, { move: string; score: Score }>();
    this.lineListener = (line) => {
      const info = parseInfo(line, true);
      const move = info?.pv[0];
      if (info && move && !info.bound) lines.set(info.multipv, { move, score: info.score });
    };
    this.send(`setoption name Skill Level value ${search.skill}`);
    this.send(`setoption name MultiPV value ${search.multipv}`);
    this.setPosition(fen);
    this.send(`go depth ${search.depth} movetime ${search.movetimeMs}`);
    try {
      const line = await this.until(
        (l) => l.startsWith("bestmove"),
        timeoutMs,
        () => this.send("stop"),
      );
      // A search stopped mid-iteration reports some lines a depth behind: one move can stand in two of them.
      const seen = new Set<string>();
      const ranked = [...lines.entries()].sort((a, b) => a[0] - b[0]).map(([, l]) => l);
      return {
        bestMove: parseBestMove(line) ?? "(none)",
        lines: ranked.filter((l) => !seen.has(l.move) && seen.add(l.move)),
      };
    } finally {
      this.lineListener = undefined;
      this.send("setoption name Skill Level value 20");
      this.send("setoption name MultiPV value 1");
    }
  }

  /** Ends the search under way now: it answers at once with the best move it has (UCI `stop`; idle, a no-op). */
  hurry(): void {
    if (this.alive) this.send("stop");
  }

  /**
   * A Chess960 position (its FEN names rook files) needs UCI_Chess960: the engine reads its castling rights
   * and names a castle king takes rook, as the 960 Board plays it. Any other position is searched as before.
   */
  private setPosition(fen: string) {
    const chess960 = isChess960Fen(fen);
    if (chess960 !== this.chess960) {
      this.send(`setoption name UCI_Chess960 value ${chess960}`);
      this.chess960 = chess960;
    }
    this.send(`position fen ${fen}`);
  }

  /** Forget what the hash learnt (between unrelated games). */
  async newGame(): Promise<void> {
    this.send("ucinewgame");
    await this.ready(10_000);
  }

  kill(): void {
    this.alive = false;
    running.delete(this);
    const pid = this.proc?.pid;
    if (pid === undefined) return;
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      this.proc?.kill("SIGKILL");
    }
  }

  private ready(timeoutMs: number) {
    this.send("isready");
    return this.until((l) => l === "readyok", timeoutMs);
  }

  private send(command: string) {
    if (this.proc?.stdin.writable) this.proc.stdin.write(`${command}\n`);
  }

  private onLine(line: string) {
    const trimmed = line.trim();
    this.lineListener?.(trimmed);
    const i = this.waiters.findIndex((w) => w.test(trimmed));
    if (i >= 0) {
      const [w] = this.waiters.splice(i, 1);
      w?.resolve(trimmed);
    }
  }

  /** Resolves with the first line passing `test`; on timeout calls `onTimeout` once, then gives 1 s more. */
  private until(test: (line: string) => boolean, timeoutMs: number, onTimeout?: () => void): Promise<string> {
    return new Promise((resolve, reject) => {
      let grace: NodeJS.Timeout | undefined;
      const waiter = {
        test,
        resolve: (line: string) => {
          clearTimeout(timer);
          clearTimeout(grace);
          this.exitListener = undefined;
          resolve(line);
        },
      };
      const fail = (error: Error) => {
        clearTimeout(timer);
        clearTimeout(grace);
        this.waiters = this.waiters.filter((w) => w !== waiter);
        this.exitListener = undefined;
        reject(error);
      };
      const timer = setTimeout(() => {
        if (!onTimeout) return fail(new EngineError("engine timed out"));
        onTimeout();
        grace = setTimeout(() => fail(new EngineError("engine timed out")), 1_000);
      }, timeoutMs);
      this.exitListener = fail;
      this.waiters.push(waiter);
    });
  }
}
