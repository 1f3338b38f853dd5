import { Chess } from "chess.js";
import { describe, expect, it } from "vitest";
import { generate, type JumpstartEngine } from "./jumpstartGenerator.ts";

/** An engine that answers every call after `ms`, with legal moves scored level and a level evaluation. */
function slowEngine(ms: number): JumpstartEngine & { calls: number } {
  const engine = {
    calls: 0,
    async candidates(fen: string, k: number) {
      engine.calls += 1;
      await new Promise((r) => setTimeout(r, ms));
      return new Chess(fen)
        .moves({ verbose: true })
        .slice(0, k)
        .map((m) => ({ move: m.lan, score: { cp: 0 } }));
    },
    async evaluate() {
      engine.calls += 1;
      await new Promise((r) => setTimeout(r, ms));
      return { cp: 0 };
    },
  };
  return engine;
}

describe("generate", () => {
  it("gives up at the deadline even in the middle of an attempt", async () => {
    // An attempt at move 30 takes ~60 engine calls of 20 ms: far past a 100 ms deadline.
    const engine = slowEngine(20);
    const t = Date.now();
    const found = await generate(
      engine,
      { evalMin: 3, evalMax: 4, moveMin: 30, moveMax: 30 },
      {
        deadline: Date.now() + 100,
      },
    );
    expect(found).toBeUndefined();
    expect(Date.now() - t).toBeLessThan(400);
    expect(engine.calls).toBeLessThan(15);
  });

  it("stops when its signal is aborted", async () => {
    const engine = slowEngine(5);
    const stop = new AbortController();
    stop.abort();
    const found = await generate(
      engine,
      { evalMin: 0, evalMax: 1, moveMin: 10, moveMax: 12 },
      {
        deadline: Date.now() + 10_000,
        signal: stop.signal,
      },
    );
    expect(found).toBeUndefined();
    expect(engine.calls).toBe(0);
  });
});
