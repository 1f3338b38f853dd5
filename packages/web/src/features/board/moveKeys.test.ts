import { describe, expect, it } from "vitest";
import { isTypingTarget, moveStepOf } from "./moveKeys.ts";

describe("moveStepOf", () => {
  it.each([
    ["ArrowLeft", false, "back"],
    ["ArrowRight", false, "forward"],
    ["Home", false, "first"],
    ["End", false, "last"],
    ["ArrowUp", false, undefined],
    ["ArrowDown", false, undefined],
    ["ArrowUp", true, "first"],
    ["ArrowDown", true, "last"],
    ["e", true, undefined],
    ["Escape", true, undefined],
  ])("%s (up and down: %s) → %s", (key, upDown, step) => {
    expect(moveStepOf(key, upDown)).toBe(step);
  });
});

describe("isTypingTarget", () => {
  it.each([
    ['<input type="text">', true],
    ['<input type="range">', true],
    ['<input type="checkbox">', false],
    ["<textarea></textarea>", true],
    ["<select></select>", true],
    ['<div contenteditable="true"></div>', true],
    ["<button>e4</button>", false],
  ])("%s: %s", (html, typing) => {
    const box = document.createElement("div");
    box.innerHTML = html;
    expect(isTypingTarget(box.firstElementChild)).toBe(typing);
  });

  it("is false for no target", () => {
    expect(isTypingTarget(null)).toBe(false);
  });
});
