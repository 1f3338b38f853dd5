import { describe, expect, it } from "vitest";
import { boardResizable, defaultBoardWidth, isOneColumn, liveBoardWidth, maxBoardWidth } from "./boardSize.ts";

describe("defaultBoardWidth", () => {
  it.each([
    // A 1440x900 laptop: the board fills the height under the header, bars and tools.
    [1440, 900, 664],
    [1920, 1080, 844],
    [2560, 1440, 1056],
    [1280, 720, 484],
    [1000, 800, 564],
    [1366, 768, 532],
    // Phones: the whole width, less a margin.
    [390, 844, 366],
    [320, 568, 296],
    [800, 1280, 640],
    // Phones held sideways: the board takes the height, the players' bars stand beside it (12rem at least).
    [667, 375, 359],
    [844, 390, 374],
    [568, 320, 304],
    [480, 240, 224],
    [500, 420, 260],
    [420, 300, 200],
  ])("%d x %d → %d px", (width, height, board) => {
    expect(defaultBoardWidth({ width, height })).toBe(board);
  });
});

describe("maxBoardWidth", () => {
  it.each([
    [1440, 896],
    [1200, 656],
    [1199, 903],
    [900, 604],
    [2560, 1056],
  ])("%d px wide → at most %d px", (width, max) => {
    expect(maxBoardWidth({ width, height: 900 })).toBe(max);
  });
});

describe("liveBoardWidth", () => {
  const laptop = { width: 1440, height: 900 };
  it("takes the player's size where it fits, and the default without one", () => {
    expect(liveBoardWidth(laptop)).toBe(664);
    expect(liveBoardWidth(laptop, null)).toBe(664);
    expect(liveBoardWidth(laptop, 500)).toBe(500);
    expect(liveBoardWidth(laptop, 812.6)).toBe(812);
  });

  it("keeps a chosen size between the smallest board and what fits beside the panels", () => {
    expect(liveBoardWidth(laptop, 100)).toBe(280);
    expect(liveBoardWidth(laptop, 5000)).toBe(896);
    expect(liveBoardWidth({ width: 1000, height: 800 }, 900)).toBe(704);
    expect(liveBoardWidth(laptop, Number.NaN)).toBe(664);
  });

  it("ignores a chosen size on a phone, where the board fills the width", () => {
    expect(liveBoardWidth({ width: 390, height: 844 }, 300)).toBe(366);
    expect(boardResizable({ width: 390, height: 844 })).toBe(false);
    expect(boardResizable(laptop)).toBe(true);
  });

  it("says the page is one column below 900 px, as the CSS does (max-width: 899px)", () => {
    expect([899, 900].map((width) => isOneColumn({ width, height: 1000 }))).toEqual([true, false]);
  });
});
