import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe("soundForSan", () => {
  it.each([
    ["e4", "move"],
    ["Nxe5", "capture"],
    ["Qh4#", "check"],
    ["Bxf7+", "check"],
    ["O-O", "move"],
    ["exd8=Q", "capture"],
  ])("%s → %s", async (san, sound) => {
    const { soundForSan } = await import("./gameSounds.ts");
    expect(soundForSan(san)).toBe(sound);
  });
});
