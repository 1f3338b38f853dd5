import { describe, expect, it } from "vitest";
import { liveBoardWidth } from "./boardSize.ts";

describe("liveBoardWidth", () => {
  it.each([
    [1920, 700],
    [1440, 525],
    [1280, 466],
    [2560, 760],
    [1000, 420],
    [375, 351],
    [320, 296],
    [800, 640],
  ])("viewport %d px → board %d px", (viewport, width) => {
    expect(liveBoardWidth(viewport)).toBe(width);
  });
});
