import { describe, expect, it } from "vitest";
import { cursorText, isCursorKey, startCursor, stepCursor } from "./boardKeys.ts";

describe("stepCursor", () => {
  it.each([
    // square, key, orientation, expected
    ["e2", "ArrowUp", "white", "e3"],
    ["e2", "ArrowDown", "white", "e1"],
    ["e2", "ArrowRight", "white", "f2"],
    ["e2", "ArrowLeft", "white", "d2"],
    ["e2", "Home", "white", "a2"],
    ["e2", "End", "white", "h2"],
    // Black at the bottom: up is towards rank 1, right towards the a-file.
    ["e7", "ArrowUp", "black", "e6"],
    ["e7", "ArrowDown", "black", "e8"],
    ["e7", "ArrowRight", "black", "d7"],
    ["e7", "ArrowLeft", "black", "f7"],
    ["e7", "Home", "black", "h7"],
    ["e7", "End", "black", "a7"],
    // The edges hold.
    ["a8", "ArrowUp", "white", "a8"],
    ["a8", "ArrowLeft", "white", "a8"],
    ["h1", "ArrowDown", "white", "h1"],
    ["h1", "ArrowRight", "white", "h1"],
    ["a8", "ArrowDown", "black", "a8"],
    ["h1", "ArrowUp", "black", "h1"],
  ] as const)("%s %s (%s at the bottom) goes to %s", (square, key, orientation, expected) => {
    expect(stepCursor(square, key, orientation)).toBe(expected);
  });
});

describe("the cursor's other parts", () => {
  it("knows its keys", () => {
    expect(["ArrowUp", "Home", "End"].every(isCursorKey)).toBe(true);
    expect(["Enter", " ", "Tab", "PageUp"].some(isCursorKey)).toBe(false);
  });

  it("starts on the king's pawn of the side at the bottom", () => {
    expect(startCursor("white")).toBe("e2");
    expect(startCursor("black")).toBe("e7");
  });

  it("names the square, its piece and whether it is picked up", () => {
    expect(cursorText("e2", "wP", false)).toBe("e2, white pawn");
    expect(cursorText("g8", "bN", true)).toBe("g8, black knight, picked up");
    expect(cursorText("e4", undefined, false)).toBe("e4, empty");
  });
});
