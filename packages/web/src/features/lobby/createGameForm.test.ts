import { CUSTOM_TIME } from "@chess/shared";
import { describe, expect, it } from "vitest";
import {
  type CreateGameValues,
  chosenTimeControl,
  createGamePayload,
  createGameProblem,
  DEFAULT_CREATE_GAME,
  HANDICAP_CHOICES,
  jumpstartLimits,
  moveRangeEnd,
  PRESET_GROUPS,
  SELECTABLE_VARIANTS,
  STAGE_CHOICES,
  withJumpstartMode,
} from "./createGameForm.ts";

// Without the preselected stage and handicap, to check what is missing.
const { stage: _stage, handicap: _handicap, ...withoutChoices } = DEFAULT_CREATE_GAME;
const jumpstart: CreateGameValues = { ...withoutChoices, variant: "jumpstart" };
const MISSING = "You are missing the following input fields: ";

describe("create game form", () => {
  it("preselects a stage and a handicap, so a jumpstart game can be made at once", () => {
    const values: CreateGameValues = { ...DEFAULT_CREATE_GAME, variant: "jumpstart" };
    expect([values.stage, values.handicap]).toEqual(["mid", "almostEven"]);
    expect(createGameProblem(values)).toBeUndefined();
  });

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

  it("offers Standard, Jumpstart and Chess960 (the fun variant), which is sent like a standard offer", () => {
    expect(SELECTABLE_VARIANTS).toEqual(["standard", "jumpstart", "fun"]);
    expect(createGamePayload({ ...DEFAULT_CREATE_GAME, variant: "fun", color: "white" })).toMatchObject({
      variant: "fun",
      selectedColor: "white",
    });
  });
});

describe("create game form: jumpstart", () => {
  it("has the stage and handicap presets of SPEC §9 in order", () => {
    expect(STAGE_CHOICES.map((s) => [s.key, s.label, s.moves.min, s.moves.max])).toEqual([
      ["early", "Early game", 10, 20],
      ["mid", "Middlegame", 20, 40],
      ["late", "Late game", 40, 100],
    ]);
    expect(HANDICAP_CHOICES.map((h) => [h.key, h.label, h.eval.min, h.eval.max])).toEqual([
      ["almostEven", "Almost even", 0, 1],
      ["uphill", "Uphill battle", 1, 3],
      ["freeClimbing", "Free climbing", 3, 5],
    ]);
  });

  it.each([
    [{}, `${MISSING}Handicap, Game Stage`],
    [{ stage: "mid" }, `${MISSING}Handicap`],
    [{ handicap: "uphill" }, `${MISSING}Game Stage`],
    [{ stage: "mid", handicap: "uphill" }, undefined],
    [{ mode: "custom", preset: "x", customMinutes: Number.NaN }, `${MISSING}Handicap, Game Stage, Time Variant`],
    [{ jumpstartMode: "custom" }, undefined],
  ] as Array<[Partial<CreateGameValues>, string | undefined]>)("validates %o", (change, message) => {
    expect(createGameProblem({ ...jumpstart, ...change })).toBe(message);
  });

  it("never blocks a standard game", () => {
    expect(createGameProblem(DEFAULT_CREATE_GAME)).toBeUndefined();
  });

  it("maps the presets to the four limits and who takes the worse side", () => {
    const values: CreateGameValues = { ...jumpstart, stage: "mid", handicap: "uphill", preset: "5+3" };
    expect(createGamePayload(values)).toEqual({
      baseTime: 5,
      increment: 3,
      variant: "jumpstart",
      selectedColor: "random",
      isCreatorsHandicap: false,
      clubId: null,
      lower_eval_limit: 1,
      upper_eval_limit: 3,
      lower_move_limit: 20,
      upper_move_limit: 40,
    });
    expect(createGamePayload({ ...values, worseSide: "me" }).isCreatorsHandicap).toBe(true);
    expect(
      createGamePayload({ ...values, stage: "late", handicap: "freeClimbing", mode: "custom", customMinutes: 2.5 }),
    ).toMatchObject({
      baseTime: 2.5,
      increment: 3,
      lower_eval_limit: 3,
      upper_eval_limit: 5,
      lower_move_limit: 40,
      upper_move_limit: 100,
    });
  });

  it("maps custom ranges to the limits; opening custom resets them to 0–5 and 10–100", () => {
    const custom = withJumpstartMode({ ...jumpstart, customEval: { min: 2, max: 2 } }, "custom");
    expect(custom.customEval).toEqual({ min: 0, max: 5 });
    expect(custom.customMoves).toEqual({ min: 10, max: 100 });
    const tuned = { ...custom, customEval: { min: 0.4, max: 1.2 }, customMoves: { min: 15, max: 33 } };
    expect(jumpstartLimits(tuned)).toEqual({ eval: { min: 0.4, max: 1.2 }, moves: { min: 15, max: 33 } });
    expect(createGamePayload(tuned)).toMatchObject({
      lower_eval_limit: 0.4,
      upper_eval_limit: 1.2,
      lower_move_limit: 15,
      upper_move_limit: 33,
    });
    // Back to the presets: their choices count again.
    expect(jumpstartLimits(withJumpstartMode(tuned, "preset"))).toBeUndefined();
    expect(withJumpstartMode(tuned, "custom")).toBe(tuned);
  });

  it("sends no limits for a standard game even after jumpstart choices", () => {
    const payload = createGamePayload({ ...jumpstart, variant: "standard", stage: "early", handicap: "almostEven" });
    expect(payload).not.toHaveProperty("lower_eval_limit");
    expect(payload.isCreatorsHandicap).toBe(false);
  });
});

describe("moveRangeEnd", () => {
  const evalBounds = { min: 0, max: 5, step: 0.2 };
  it.each([
    ["snaps to the 0.2 grid without float noise", { min: 0, max: 5 }, "min", 0.6000000001, { min: 0.6, max: 5 }],
    ["stops the lower end at the upper one", { min: 0, max: 2 }, "min", 3.4, { min: 2, max: 2 }],
    ["stops the upper end at the lower one", { min: 1.4, max: 5 }, "max", 0.2, { min: 1.4, max: 1.4 }],
    ["stays inside the bounds", { min: 0, max: 5 }, "max", 9, { min: 0, max: 5 }],
    ["ignores a non-number", { min: 1, max: 2 }, "max", Number.NaN, { min: 1, max: 2 }],
  ] as const)("%s", (_name, range, end, value, expected) => {
    expect(moveRangeEnd(range, end, value, evalBounds)).toEqual(expected);
  });
});
