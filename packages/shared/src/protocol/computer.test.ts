import { describe, expect, it } from "vitest";
import { describeZodError } from "../api/http.ts";
import { playComputerPayload } from "./computer.ts";

const firstError = (input: unknown) => {
  const r = playComputerPayload.safeParse(input);
  return r.success ? undefined : describeZodError(r.error);
};

describe("playComputerPayload", () => {
  it("takes a timed game as before, with a random colour unless one is named", () => {
    expect(playComputerPayload.parse({ level: 3, baseTime: 5, increment: 2 })).toEqual({
      level: 3,
      baseTime: 5,
      increment: 2,
      color: "random",
    });
  });

  it("takes an untimed game without a clock", () => {
    expect(playComputerPayload.parse({ level: 8, untimed: true, color: "black" })).toEqual({
      level: 8,
      untimed: true,
      color: "black",
    });
  });

  it.each([
    ["no time control at all", { level: 1 }, "baseTime must be a number of minutes"],
    ["no increment", { level: 1, baseTime: 5 }, "increment must be a number of seconds"],
    ["untimed: false without a clock", { level: 1, untimed: false }, "baseTime must be a number of minutes"],
    ["an untimed game with a clock", { level: 1, untimed: true, baseTime: 5, increment: 0 }, /no baseTime/],
    ["untimed that is not a boolean", { level: 1, untimed: "yes" }, "untimed must be true or false"],
    ["a base time out of range", { level: 1, baseTime: 0, increment: 0 }, /baseTime must be at least/],
  ])("refuses %s with a clear message", (_name, payload, message) => {
    expect(firstError(payload)).toMatch(message);
  });
});
