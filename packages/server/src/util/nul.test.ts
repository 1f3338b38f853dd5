import { describe, expect, it } from "vitest";
import { hasNul } from "./nul.ts";

describe("hasNul", () => {
  it.each([
    ["plain text", "hello", false],
    ["a NUL in text", "a\u0000b", true],
    ["a number", 42, false],
    ["null", null, false],
    ["a NUL deep in an object", { a: { b: ["x", "y\u0000"] } }, true],
    ["an object of clean text", { a: "x", b: [1, "y"] }, false],
  ])("%s → %s", (_name, value, expected) => {
    expect(hasNul(value)).toBe(expected);
  });
});
