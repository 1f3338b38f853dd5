import { describe, expect, it } from "vitest";
import { applyEngineLine, emptyLocalEval } from "./localEval.ts";

const FEN = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
const BLACK_TO_MOVE = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

describe("applyEngineLine: the browser engine's multi-PV output", () => {
  it("keeps up to three lines, best first, each from White's side, and shows the first line's depth", () => {
    let s = emptyLocalEval(FEN);
    s = applyEngineLine(s, "info depth 5 seldepth 2 multipv 2 score cp -190 nodes 900 pv h5h4 c6d4");
    s = applyEngineLine(s, "info depth 5 seldepth 2 multipv 1 score mate 1 nodes 1000 pv h5f7");
    s = applyEngineLine(s, "info depth 5 seldepth 3 multipv 3 score cp -250 nodes 1100 pv h5e2");
    s = applyEngineLine(s, "info depth 5 seldepth 3 multipv 4 score cp -300 nodes 1100 pv h5d1");
    expect(s.depth).toBe(5);
    expect(s.lines.map((l) => [l.multipv, l.score, l.pv[0]])).toEqual([
      [1, { mate: 1 }, "h5f7"],
      [2, { cp: -190 }, "h5h4"],
      [3, { cp: -250 }, "h5e2"],
    ]);
    s = applyEngineLine(s, "info depth 6 seldepth 2 multipv 1 score mate 1 nodes 2000 pv h5f7");
    expect(s.depth).toBe(6);
    expect(s.done).toBe(false);
    expect(applyEngineLine(s, "bestmove h5f7").done).toBe(true);
  });

  it("turns Black's scores to White's side and skips bounds and chatter", () => {
    let s = emptyLocalEval(BLACK_TO_MOVE);
    s = applyEngineLine(s, "info depth 9 multipv 1 score cp 25 nodes 5000 pv e7e5 g1f3");
    expect(s.lines[0]?.score).toEqual({ cp: -25 });
    const same = applyEngineLine(s, "info depth 10 multipv 1 score cp 90 lowerbound nodes 6000 pv c7c5");
    expect(same).toBe(s);
    expect(applyEngineLine(s, "info string NNUE evaluation using nn-61e7af4bb97d.nnue")).toBe(s);
  });
});
