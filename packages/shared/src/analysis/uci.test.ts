import { describe, expect, it } from "vitest";
import { parseBestMove, parseInfo, whitePov } from "./uci.ts";

describe("UCI parsing", () => {
  it("reads score, depth, nodes and the line", () => {
    const line =
      "info depth 19 seldepth 19 multipv 1 score cp 29 nodes 200113 nps 178831 hashfull 81 time 1119 pv e2e4 e7e5 g1f3";
    expect(parseInfo(line)).toEqual({
      depth: 19,
      nodes: 200113,
      score: { cp: 29 },
      bound: false,
      pv: ["e2e4", "e7e5", "g1f3"],
      multipv: 1,
    });
    expect(parseInfo("info depth 5 multipv 3 score cp -12 nodes 10 pv d2d4", true)?.multipv).toBe(3);
  });

  it("reads mates and bounds, and ignores other lines and other PVs", () => {
    expect(parseInfo("info depth 5 score mate -2 nodes 10 pv h5f7")?.score).toEqual({ mate: -2 });
    expect(parseInfo("info depth 5 score cp 10 lowerbound nodes 10 pv e2e4")?.bound).toBe(true);
    expect(parseInfo("info depth 5 multipv 2 score cp 10 nodes 10 pv d2d4")).toBeUndefined();
    expect(parseInfo("info string NNUE evaluation using nn.bin")).toBeUndefined();
    expect(parseInfo("info depth 1 currmove e2e4 currmovenumber 1")).toBeUndefined();
  });

  it("reads bestmove", () => {
    expect(parseBestMove("bestmove e2e4 ponder e7e5")).toBe("e2e4");
    expect(parseBestMove("bestmove (none)")).toBe("(none)");
    expect(parseBestMove("readyok")).toBeUndefined();
  });

  it("turns scores to White's view", () => {
    expect(whitePov({ cp: 30 }, "b")).toEqual({ cp: -30 });
    expect(whitePov({ mate: 2 }, "b")).toEqual({ mate: -2 });
    expect(whitePov({ cp: 30 }, "w")).toEqual({ cp: 30 });
  });
});
