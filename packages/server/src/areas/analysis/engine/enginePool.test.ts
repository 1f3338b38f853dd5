import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { getPriority, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Board } from "@chess/shared";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { EngineBusyError, EnginePool, findEngine, MIN_SEARCH_MS } from "./enginePool.ts";
import { ENGINE_NICENESS, UciEngine } from "./uciEngine.ts";

const logger = pino({ level: "silent" });
const pool = new EnginePool(findEngine(), { size: 1, queueLimit: 4, logger });
afterAll(() => pool.close());

describe("EnginePool with the real engine", () => {
  it("finds a mate in one and reports it from White's side", { timeout: 60_000 }, async () => {
    // White: Qh5xf7# available (scholar's mate pattern)
    const fen = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
    const r = await pool.analyse(fen, 20_000);
    expect(r.score).toEqual({ mate: 1 });
    expect(r.bestMove).toBe("h5f7");
    const black = await pool.analyse("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", 5_000);
    expect(black.bestMove).toBe("(none)");
  });

  it("plays a move at a skill, depth and think time, with the lines it weighed", { timeout: 60_000 }, async () => {
    const mateInOne = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
    const strong = await pool.play(
      mateInOne,
      { skill: 20, depth: 10, movetimeMs: 300, multipv: 1 },
      { timeoutMs: 5_000 },
    );
    expect(strong.bestMove).toBe("h5f7");
    expect(strong.lines[0]).toEqual({ move: "h5f7", score: { mate: 1 } });
    const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const weak = await pool.play(start, { skill: 0, depth: 5, movetimeMs: 50, multipv: 4 }, { timeoutMs: 5_000 });
    // Up to 4 distinct lines (a search stopped by its time may not have reported them all), the best first.
    const moves = weak.lines.map((l) => l.move);
    expect(moves.length).toBeGreaterThanOrEqual(2);
    expect(moves.length).toBeLessThanOrEqual(4);
    expect(new Set(moves).size).toBe(moves.length);
    expect(weak.lines.every((l) => Board.fromFen(start).legalMoves().includes(l.move))).toBe(true);
    // Skill and MultiPV are back to full strength and one line for the analysis that follows.
    expect((await pool.analyse(mateInOne, 20_000)).bestMove).toBe("h5f7");
    const skipped = await pool.play(
      start,
      { skill: 20, depth: 5, movetimeMs: 50, multipv: 1 },
      {
        timeoutMs: 5_000,
        wanted: () => false,
      },
    );
    expect(skipped).toEqual({ bestMove: "(none)", lines: [] });
  });

  it("takes up move searches by deadline: a quick move never waits behind a long think", {
    timeout: 60_000,
  }, async () => {
    const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const order: string[] = [];
    const search = (name: string, movetimeMs: number, deadline: number) =>
      pool
        .play(
          start,
          () => {
            order.push(name);
            return { skill: 20, depth: 30, movetimeMs, multipv: 1 };
          },
          { timeoutMs: 5_000, deadline },
        )
        .then(() => name);
    const t = Date.now();
    // The one engine is busy with the first search while the other two queue, the later deadline first.
    const running = search("running", 300, t);
    const late = search("level 8", 50, t + 1_000);
    const early = search("level 1", 50, t + 50);
    await Promise.all([running, late, early]);
    expect(order).toEqual(["running", "level 1", "level 8"]);
  });

  it("cuts a long think short (after its minimum) when a more urgent search waits, and plays its best so far", {
    timeout: 60_000,
  }, async () => {
    const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const legal = Board.fromFen(start).legalMoves();
    const t = Date.now();
    const long = pool
      .play(start, { skill: 20, depth: 40, movetimeMs: 3_000, multipv: 1 }, { timeoutMs: 5_000, deadline: t + 3_000 })
      .then((m) => ({ ...m, at: Date.now() - t }));
    await new Promise((r) => setTimeout(r, 20));
    const hurriedBefore = pool.hurried;
    const quick = pool
      .play(start, { skill: 0, depth: 5, movetimeMs: 50, multipv: 1 }, { timeoutMs: 5_000, deadline: t + 70 })
      .then((m) => ({ ...m, at: Date.now() - t }));
    const [l, q] = await Promise.all([long, quick]);
    expect(pool.hurried).toBe(hurriedBefore + 1);
    expect(legal).toContain(l.bestMove);
    expect(l.at).toBeGreaterThanOrEqual(MIN_SEARCH_MS);
    expect(l.at).toBeLessThan(1_500);
    expect(legal).toContain(q.bestMove);
    expect(q.at).toBeLessThan(1_500);
  });

  it("never cuts short a search whose deadline comes first", { timeout: 60_000 }, async () => {
    const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const t = Date.now();
    const hurriedBefore = pool.hurried;
    const first = pool
      .play(start, { skill: 20, depth: 40, movetimeMs: 600, multipv: 1 }, { timeoutMs: 5_000, deadline: t + 600 })
      .then(() => Date.now() - t);
    const later = pool.play(
      start,
      { skill: 20, depth: 5, movetimeMs: 50, multipv: 1 },
      { timeoutMs: 5_000, deadline: t + 2_000 },
    );
    const [took] = await Promise.all([first, later]);
    expect(took).toBeGreaterThanOrEqual(550);
    expect(pool.hurried).toBe(hurriedBefore);
  });

  it("answers busy when its queue is full", async () => {
    const fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const jobs = Array.from({ length: 8 }, () => pool.analyse(fen, 2_000).catch((e: unknown) => e));
    const results = await Promise.all(jobs);
    expect(results.some((r) => r instanceof EngineBusyError)).toBe(true);
    expect(results.some((r) => !(r instanceof Error))).toBe(true);
  }, 60_000);
});

describe("EnginePool with a crashing engine", () => {
  it("restarts it and fails the job after one retry instead of hanging", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fake-engine-"));
    const script = join(dir, "engine.sh");
    // Speaks enough UCI to start, then dies on the first search.
    writeFileSync(
      script,
      '#!/bin/sh\nwhile read line; do case "$line" in uci) echo uciok;; isready) echo readyok;; go*) exit 1;; esac; done\n',
    );
    chmodSync(script, 0o755);
    const crashing = new EnginePool({ command: script, args: [], kind: "native" }, { size: 1, queueLimit: 4, logger });
    await expect(crashing.analyse("8/8/8/8/8/8/8/K6k w - - 0 1", 100, { timeoutMs: 5_000 })).rejects.toThrow(
      "engine exited",
    );
    crashing.close();
  });
});

describe("EnginePool closed while an engine starts", () => {
  it("kills that engine instead of leaving it behind", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fake-engine-"));
    const script = join(dir, "engine.sh");
    // Says who it is, then never answers "uci", as an engine still loading.
    writeFileSync(script, `#!/bin/sh\necho $$ > ${join(dir, "pid")}\nwhile read line; do :; done\n`);
    chmodSync(script, 0o755);
    const slow = new EnginePool({ command: script, args: [], kind: "native" }, { size: 1, queueLimit: 4, logger });
    const job = slow.analyse("8/8/8/8/8/8/8/K6k w - - 0 1", 100).catch((e: unknown) => e);
    await expect.poll(() => existsSync(join(dir, "pid")) && readFileSync(join(dir, "pid"), "utf8").trim()).toBeTruthy();
    const pid = Number(readFileSync(join(dir, "pid"), "utf8"));
    slow.close();
    expect(await job).toBeInstanceOf(Error);
    await expect.poll(() => isRunning(pid), { timeout: 5_000 }).toBe(false);
  });
});

describe("EnginePool with an engine that starts a process of its own", () => {
  it("kills that process too", async () => {
    const dir = mkdtempSync(join(tmpdir(), "wrapped-engine-"));
    const script = join(dir, "engine.sh");
    // A wrapper whose engine runs as its child (as npm's `stockfish` command does), busy in a search that a
    // closed stdin does not stop.
    writeFileSync(script, `#!/bin/sh\nsh -c 'echo $$ > ${join(dir, "child")}; while :; do sleep 0.1; done'\n`);
    chmodSync(script, 0o755);
    const wrapped = new EnginePool({ command: script, args: [], kind: "native" }, { size: 1, queueLimit: 4, logger });
    const job = wrapped.analyse("8/8/8/8/8/8/8/K6k w - - 0 1", 100).catch((e: unknown) => e);
    const childFile = join(dir, "child");
    await expect.poll(() => existsSync(childFile) && readFileSync(childFile, "utf8").trim()).toBeTruthy();
    const child = Number(readFileSync(childFile, "utf8"));
    wrapped.close();
    expect(await job).toBeInstanceOf(Error);
    await expect.poll(() => isRunning(child), { timeout: 5_000 }).toBe(false);
  });
});

/** Alive, and not a zombie waiting for this machine's init to reap it. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0] !== "Z";
  } catch {
    return false;
  }
}

describe("findEngine", () => {
  it("takes a stockfish on PATH as native, but not npm's own `stockfish` command from node_modules/.bin", () => {
    const dir = mkdtempSync(join(tmpdir(), "engine-path-"));
    const make = (path: string) => {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, "#!/bin/sh\n");
      chmodSync(path, 0o755);
    };
    const real = join(dir, "opt", "bin", "stockfish");
    make(real);
    expect(findEngine(undefined, { PATH: dirname(real) })).toEqual({ command: real, args: [], kind: "native" });

    const shimTarget = join(dir, "app", "node_modules", "stockfish", "scripts", "cli.js");
    make(shimTarget);
    const bin = join(dir, "app", "node_modules", ".bin");
    mkdirSync(bin, { recursive: true });
    symlinkSync(shimTarget, join(bin, "stockfish"));
    const found = findEngine(undefined, { PATH: bin });
    expect(found.command).not.toBe(join(bin, "stockfish"));
    if (found.kind === "wasm") expect(found.args[0]).toMatch(/stockfish-19-lite-single\.js$/);
    else expect(found.command).toBe("/usr/games/stockfish");
  });

  it("runs a STOCKFISH_PATH ending in .js with node as a WASM build, anything else as a binary", () => {
    expect(findEngine("/opt/sf/stockfish-19-lite-single.js")).toEqual({
      command: process.execPath,
      args: ["/opt/sf/stockfish-19-lite-single.js"],
      kind: "wasm",
    });
    expect(findEngine("/opt/sf/stockfish")).toEqual({ command: "/opt/sf/stockfish", args: [], kind: "native" });
  });
});

describe("UciEngine", () => {
  it("is killed when the server exits without closing it (a forced exit after a slow shutdown)", {
    timeout: 30_000,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "orphan-engine-"));
    const script = join(dir, "engine.sh");
    // Busy in a search: the end of its stdin, once the server is gone, does not stop it.
    writeFileSync(script, `#!/bin/sh\necho $$ > ${join(dir, "pid")}\nwhile :; do sleep 0.1; done\n`);
    chmodSync(script, 0o755);
    const program = [
      `import { UciEngine } from ${JSON.stringify(join(import.meta.dirname, "uciEngine.ts"))};`,
      `import { existsSync } from "node:fs";`,
      `new UciEngine({ command: ${JSON.stringify(script)}, args: [], kind: "native" }).start().catch(() => {});`,
      `setInterval(() => existsSync(${JSON.stringify(join(dir, "pid"))}) && process.exit(1), 50);`,
    ].join("\n");
    const server = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", program], {
      stdio: "ignore",
    });
    const code = await new Promise((resolve) => server.once("exit", resolve));
    expect(code).toBe(1);
    const pid = Number(readFileSync(join(dir, "pid"), "utf8"));
    await expect.poll(() => isRunning(pid), { timeout: 5_000 }).toBe(false);
  });

  it("names castles king takes rook for a Chess960 FEN, and as before for a standard one", {
    timeout: 60_000,
  }, async () => {
    const engine = new UciEngine(findEngine());
    await engine.start();
    // King b1, rook a1 (right "A"): O-O-O mates; in UCI_Chess960 it is b1a1.
    const nine60 = await engine.analyse("3kr3/p1p1p3/8/8/6B1/8/8/RK6 w A - 0 1", 20_000, 10_000);
    expect(nine60.bestMove).toBe("b1a1");
    // Back to a standard FEN: every move listed, the castle as the king's two-square step.
    const standard = await engine.candidates("4k3/8/8/8/8/8/8/4K2R w K - 0 1", 5_000, 30, 10_000);
    expect(standard.map((c) => c.move)).toContain("e1g1");
    expect(standard.map((c) => c.move)).not.toContain("e1h1");
    engine.kill();
  });

  it("runs below the server's priority so searches never delay live games", { timeout: 60_000 }, async () => {
    const engine = new UciEngine(findEngine());
    await engine.start();
    expect(getPriority(engine.pid)).toBe(ENGINE_NICENESS);
    engine.kill();
  });
});

describe("EnginePool.warm", () => {
  it("starts every engine before any search, and a search then finds one ready", { timeout: 60_000 }, async () => {
    const warm = new EnginePool(findEngine(), { size: 2, queueLimit: 4, logger });
    try {
      expect(warm.running).toBe(0);
      await warm.warm();
      expect(warm.running).toBe(2);
      const r = await warm.analyse("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", 20_000);
      expect(r.bestMove).toBe("h5f7");
      expect(warm.running).toBe(2);
    } finally {
      warm.close();
    }
  });

  it("stops quietly when the pool is closed while its engines are starting", { timeout: 60_000 }, async () => {
    const warnings: string[] = [];
    const recording = pino({ level: "warn" }, { write: (line: string) => void warnings.push(line) });
    const warm = new EnginePool(findEngine(), { size: 2, queueLimit: 4, logger: recording });
    const warming = warm.warm();
    warm.close();
    await warming;
    expect(warm.running).toBe(0);
    expect(warnings).toEqual([]);
  });
});
