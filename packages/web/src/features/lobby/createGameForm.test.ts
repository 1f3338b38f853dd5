import { CUSTOM_TIME } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { chosenTimeControl, createGamePayload, DEFAULT_CREATE_GAME, PRESET_GROUPS } from "./createGameForm.ts";

describe("create game form", () => {
  it("has the 12 presets of SPEC §9 in four groups", () => {
    expect(PRESET_GROUPS.map((g) => [g.title, g.presets.map((p) => `${p.baseTime}+${p.increment}`)])).toEqual([
      ["Bullet", ["1+0", "1+2", "2+1"]],
      ["Blitz", ["3+2", "5+0", "5+5"]],
      ["Rapid", ["10+0", "10+5", "15+10"]],
      ["Classical", ["60+15", "90+30", "120+60"]],
    ]);
  });

  it("defaults to standard, rapid 10+0, random colour and the custom defaults", () => {
    expect(DEFAULT_CREATE_GAME).toMatchObject({
      variant: "standard",
      mode: "preset",
      preset: "10+0",
      color: "random",
      customMinutes: CUSTOM_TIME.minutes.default,
      customIncrement: CUSTOM_TIME.increment.default,
    });
  });

  it("builds the createGameOffer payload from a preset", () => {
    expect(createGamePayload({ ...DEFAULT_CREATE_GAME, preset: "15+10", color: "white" })).toEqual({
      baseTime: 15,
      increment: 10,
      variant: "standard",
      selectedColor: "white",
      isCreatorsHandicap: false,
      clubId: null,
    });
  });

  it("builds it from the custom sliders, half minutes included", () => {
    const values = { ...DEFAULT_CREATE_GAME, mode: "custom" as const, customMinutes: 0.5, customIncrement: 0 };
    expect(chosenTimeControl(values)).toEqual({ baseTime: 0.5, increment: 0 });
    expect(createGamePayload(values)).toMatchObject({ baseTime: 0.5, increment: 0 });
  });
});
