import { describe, expect, it } from "vitest";
import { replayLine } from "../board/index.ts";
import { gameMarks, markCounts, storedMarkMode, thresholdLines } from "./marks.ts";
import { SCHOLARS_ENTRIES, SCHOLARS_MATE } from "./testGame.ts";
import { moveVerdict } from "./verdict.ts";

const { fens, moves: plies } = replayLine("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", SCHOLARS_MATE);

describe("marks: lichess's judgements or the six tiers", () => {
  it("takes lichess marks from the entries, or works them out when an answer has none", () => {
    const expected = [null, null, null, null, null, null, "blunder", null];
    expect(gameMarks(SCHOLARS_ENTRIES, plies, "lichess")).toEqual(expected);
    const judged = SCHOLARS_ENTRIES.map((e, i) => ({ ...e, judgement: i === 2 ? ("mistake" as const) : null }));
    expect(gameMarks(judged, plies, "lichess")[2]).toBe("mistake");
  });

  it("counts the marks of the mode per side, zeros included", () => {
    const marks = gameMarks(SCHOLARS_ENTRIES, plies, "lichess");
    expect(markCounts(marks, SCHOLARS_ENTRIES, "lichess")).toEqual({
      w: { inaccuracy: 0, mistake: 0, blunder: 0 },
      b: { inaccuracy: 0, mistake: 0, blunder: 1 },
    });
    const tiers = gameMarks(SCHOLARS_ENTRIES, plies, "tiers");
    expect(Object.keys(markCounts(tiers, SCHOLARS_ENTRIES, "tiers").w)).toHaveLength(6);
  });

  it("states each mode's thresholds", () => {
    expect(thresholdLines("lichess")).toEqual([
      "?? Blunder: the mover's Win% drops by 15 points or more (winning chances −0.3)",
      "? Mistake: the mover's Win% drops by 10 points or more (winning chances −0.2)",
      "?! Inaccuracy: the mover's Win% drops by 5 points or more (winning chances −0.1)",
    ]);
    expect(thresholdLines("tiers")[0]).toBe("?? Blunder: a drop of over 50");
  });

  it("remembers the choice, the spec's tiers by default", () => {
    expect(storedMarkMode({ getItem: () => null })).toBe("tiers");
    expect(storedMarkMode({ getItem: () => "lichess" })).toBe("lichess");
  });
});

describe("moveVerdict", () => {
  const marks = gameMarks(SCHOLARS_ENTRIES, plies, "lichess");

  it("names the better move, its line and why the played one fails", () => {
    const v = moveVerdict(6, marks, fens, plies, SCHOLARS_ENTRIES);
    expect(v).toMatchObject({ ply: 6, mark: "blunder", played: "Nf6", best: "g6", hint: "allows mate in 1" });
    expect(v?.bestLineText).toBe("3... g6 4. Qf3 Nf6");
    expect(v?.bestLine.map((m) => m.san)).toEqual(["g6", "Qf3", "Nf6"]);
  });

  it("has nothing to say about an unmarked move", () => {
    expect(moveVerdict(5, marks, fens, plies, SCHOLARS_ENTRIES)).toBeUndefined();
    expect(moveVerdict(0, marks, fens, plies, SCHOLARS_ENTRIES)).toBeUndefined();
  });
});
