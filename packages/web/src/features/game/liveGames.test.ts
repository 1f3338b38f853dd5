import { describe, expect, it } from "vitest";
import { liveGameControl } from "./liveGames.ts";

describe("liveGameControl", () => {
  it.each([
    [{ baseTime: 3, increment: 2 }, "3+2"],
    [{ baseTime: 0.5, increment: 0 }, "½+0"],
    [{ baseTime: 0, increment: 0, untimed: true }, "Unlimited"],
  ])("writes %j as %s", (game, text) => {
    expect(liveGameControl(game)).toBe(text);
  });
});
