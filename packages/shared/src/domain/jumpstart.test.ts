import { describe, expect, it } from "vitest";
import { missingJumpstartFields, presetOf, randomPositionQuery } from "./jumpstart.ts";

describe("jumpstart", () => {
  it("names the missing fields with the spec's message", () => {
    expect(missingJumpstartFields({})).toBe(
      "You are missing the following input fields: Handicap, Game Stage, Time Variant",
    );
    expect(missingJumpstartFields({ handicap: "uphill", timeVariant: "5+3" })).toBe(
      "You are missing the following input fields: Game Stage",
    );
    expect(missingJumpstartFields({ handicap: "uphill", stage: "mid", timeVariant: "5+3" })).toBeUndefined();
  });

  it("parses the query and recognises presets", () => {
    const q = randomPositionQuery.parse({
      lower_eval_limit: "1",
      upper_eval_limit: "3",
      lower_move_limit: "20",
      upper_move_limit: "40",
    });
    expect(presetOf(q)).toEqual({ stage: "mid", handicap: "uphill" });
    expect(presetOf({ ...q, upper_move_limit: 41 })).toBeUndefined();
    expect(
      randomPositionQuery.safeParse({
        lower_eval_limit: "x",
        upper_eval_limit: "1",
        lower_move_limit: "1",
        upper_move_limit: "2",
      }).success,
    ).toBe(false);
    expect(
      randomPositionQuery.safeParse({
        lower_eval_limit: "3",
        upper_eval_limit: "1",
        lower_move_limit: "1",
        upper_move_limit: "2",
      }).success,
    ).toBe(false);
  });
});
