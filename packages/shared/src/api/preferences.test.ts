import { describe, expect, it } from "vitest";
import { describeZodError } from "./http.ts";
import {
  DEFAULT_PREFERENCES,
  mergePreferences,
  preferencesUpdate,
  readPreferences,
  samePreferences,
  takesTakebacks,
} from "./preferences.ts";

function problem(input: unknown): string | undefined {
  const r = preferencesUpdate.safeParse(input);
  return r.success ? undefined : describeZodError(r.error);
}

describe("preferencesUpdate", () => {
  it.each([
    [{}],
    [{ theme: "dark" }],
    [{ boardColors: "green", pieceSet: "glyphs", showCoordinates: false }],
    [{ animation: "off", soundEnabled: false, soundVolume: 0 }],
    [{ soundVolume: 100 }],
    [{ soundSet: "chime" }],
    [{ soundSet: "digital", soundEnabled: true }],
    [{ takebacks: "casual" }],
  ])("accepts %j as it is", (input) => {
    expect(preferencesUpdate.parse(input)).toEqual(input);
  });

  it.each([
    [{ theme: "blue" }, "theme must be system, light or dark"],
    [{ boardColors: "pink" }, "boardColors must be brown, blue, green, grey or purple"],
    [{ pieceSet: 3 }, "pieceSet must be standard, simple or glyphs"],
    [{ showCoordinates: "yes" }, "showCoordinates must be true or false"],
    [{ animation: "instant" }, "animation must be off, fast, normal or slow"],
    [{ soundEnabled: 1 }, "soundEnabled must be true or false"],
    [{ soundSet: "piano" }, "soundSet must be wood, chime or digital"],
    [{ soundVolume: 101 }, "soundVolume must be 0 to 100"],
    [{ soundVolume: -1 }, "soundVolume must be 0 to 100"],
    [{ soundVolume: 5.5 }, "soundVolume must be a whole number"],
    [{ soundVolume: "50" }, "soundVolume must be a number"],
    [{ takebacks: "sometimes" }, "takebacks must be always, casual or never"],
    [{ takebacks: true }, "takebacks must be always, casual or never"],
    [{ theme: null }, "theme must be system, light or dark"],
    [{ colour: "red" }, "Unknown preference: colour"],
    [{ theme: "dark", a: 1, b: 2 }, "Unknown preference: a, b"],
    [[], "Preferences must be a JSON object"],
    ["dark", "Preferences must be a JSON object"],
    [null, "Preferences must be a JSON object"],
  ])("refuses %j: %s", (input, message) => {
    expect(problem(input)).toBe(message);
  });
});

describe("takesTakebacks", () => {
  it.each([
    ["always", false, true],
    ["always", true, true],
    ["casual", false, true],
    ["casual", true, false],
    ["never", false, false],
    ["never", true, false],
  ] as const)("%s, rated %s: %s", (choice, rated, takes) => {
    expect(takesTakebacks(choice, rated)).toBe(takes);
  });
});

describe("readPreferences", () => {
  it("gives the defaults for nothing stored or a non-object", () => {
    for (const stored of [undefined, null, "x", 4, []]) expect(readPreferences(stored)).toEqual(DEFAULT_PREFERENCES);
  });

  it("keeps valid fields, replaces invalid ones by their default and drops unknown keys", () => {
    expect(readPreferences({ theme: "dark", pieceSet: "retired-set", soundVolume: 300, extra: true })).toEqual({
      ...DEFAULT_PREFERENCES,
      theme: "dark",
    });
  });
});

describe("mergePreferences", () => {
  it("replaces only the fields given", () => {
    const merged = mergePreferences(DEFAULT_PREFERENCES, { theme: "light", soundVolume: 20 });
    expect(merged).toEqual({ ...DEFAULT_PREFERENCES, theme: "light", soundVolume: 20 });
    expect(samePreferences(merged, DEFAULT_PREFERENCES)).toBe(false);
    expect(samePreferences(mergePreferences(DEFAULT_PREFERENCES, {}), DEFAULT_PREFERENCES)).toBe(true);
  });
});
