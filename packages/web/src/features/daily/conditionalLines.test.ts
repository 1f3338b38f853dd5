import { describe, expect, it } from "vitest";
import { draftComplete, draftFen, draftHasRoom, lineText, withLine } from "./conditionalLines.ts";

const AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

describe("conditional lines", () => {
  it("names a line in numbered SAN from the game's position", () => {
    expect(lineText(AFTER_E4, ["e7e5", "g1f3", "b8c6", "f1b5"])).toBe("1… e5 2. Nf3 Nc6 3. Bb5");
    expect(lineText("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ["e2e4", "e7e5"])).toBe("1. e4 e5");
  });

  it("plays the draft onto the position", () => {
    expect(draftFen(AFTER_E4, ["e7e5"])).toBe("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    expect(draftFen(AFTER_E4, [])).toBe(AFTER_E4);
  });

  it("adds a line once", () => {
    const one = withLine([], ["e7e5", "g1f3"]);
    expect(withLine(one, ["e7e5", "g1f3"])).toEqual([["e7e5", "g1f3"]]);
    expect(withLine(one, ["c7c5", "g1f3"])).toHaveLength(2);
  });

  it("takes a draft as a line once it ends with my answer, up to 30 plies", () => {
    expect(draftComplete(["e7e5"])).toBe(false);
    expect(draftComplete(["e7e5", "g1f3"])).toBe(true);
    expect(draftComplete(["e7e5", "g1f3", "b8c6"])).toBe(false);
    expect(draftHasRoom(Array(29).fill("x"))).toBe(true);
    expect(draftHasRoom(Array(30).fill("x"))).toBe(false);
  });
});
