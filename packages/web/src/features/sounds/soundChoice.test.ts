import { DEFAULT_PREFERENCES } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { soundChoice, volumeGain } from "./soundChoice.ts";

describe("volumeGain", () => {
  it.each([
    [0, 0],
    [50, 0.25],
    [70, 0.49],
    [100, 1],
    [150, 1],
    [-5, 0],
  ])("volume %i plays at gain %f", (volume, gain) => {
    expect(volumeGain(volume)).toBeCloseTo(gain, 10);
  });

  it("never falls as the volume rises", () => {
    for (let v = 1; v <= 100; v++) expect(volumeGain(v)).toBeGreaterThan(volumeGain(v - 1));
  });
});

describe("soundChoice", () => {
  it.each([
    [{}, { set: "wood", gain: 0.49 }],
    [{ soundSet: "chime" }, { set: "chime", gain: 0.49 }],
    [
      { soundSet: "digital", soundVolume: 100 },
      { set: "digital", gain: 1 },
    ],
    [{ soundEnabled: false }, null],
    [{ soundVolume: 0 }, null],
  ] as const)("%j plays %j", (change, expected) => {
    const choice = soundChoice({ ...DEFAULT_PREFERENCES, ...change });
    if (expected === null) expect(choice).toBeNull();
    else expect(choice).toEqual({ set: expected.set, gain: expect.closeTo(expected.gain, 10) });
  });
});
