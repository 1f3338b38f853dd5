import { describe, expect, it } from "vitest";
import { formatEloDelta } from "./ratingText.ts";

describe("formatEloDelta", () => {
  it.each([
    [10, "+10"],
    [-8, "\u22128"],
    [0, "±0"],
    [0.4, "±0"],
    [-0.4, "±0"],
    [7.6, "+8"],
  ])("%d → %s", (delta, text) => {
    expect(formatEloDelta(delta)).toBe(text);
  });
});
