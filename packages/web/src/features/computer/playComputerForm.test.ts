import { playComputerPayload as schema } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { COMPUTER_PRESET_GROUPS, DEFAULT_PLAY_COMPUTER, playComputerPayload, UNLIMITED } from "./playComputerForm.ts";

describe("playComputerPayload", () => {
  it("starts a level-1 10+0 game with a random colour by default, which the server accepts", () => {
    const p = playComputerPayload(DEFAULT_PLAY_COMPUTER);
    expect(p).toEqual({ level: 1, baseTime: 10, increment: 0, color: "random" });
    expect(schema.safeParse(p).success).toBe(true);
  });

  it.each([
    ["1+0", 1, 0],
    ["3+2", 3, 2],
    ["15+10", 15, 10],
    ["120+60", 120, 60],
  ])("reads the preset %s", (preset, baseTime, increment) => {
    expect(playComputerPayload({ ...DEFAULT_PLAY_COMPUTER, preset })).toMatchObject({ baseTime, increment });
  });

  it("continues from a position when given one", () => {
    const fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    const p = playComputerPayload({ level: 8, preset: "5+0", color: "black" }, fen);
    expect(p).toEqual({ level: 8, baseTime: 5, increment: 0, color: "black", fen });
    expect(schema.safeParse(p).success).toBe(true);
  });

  it("asks for a game without a clock for Unlimited, from a position too", () => {
    const fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    const p = playComputerPayload({ level: 4, preset: UNLIMITED, color: "white" }, fen);
    expect(p).toEqual({ level: 4, untimed: true, color: "white", fen });
    expect(schema.safeParse(p).success).toBe(true);
  });

  it("offers the spec's 12 presets", () => {
    expect(COMPUTER_PRESET_GROUPS.flatMap((g) => g.presets)).toHaveLength(12);
  });
});
