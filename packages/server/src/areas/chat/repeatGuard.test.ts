import { describe, expect, it } from "vitest";
import { REPEAT_WINDOW_MS, RepeatGuard } from "./repeatGuard.ts";

type Step = [op: "say" | "check", sender: string, chatId: string, text: string, at: number, repeat?: boolean];

describe("RepeatGuard", () => {
  it.each<[string, Step[]]>([
    [
      "the same line in the same chat at once",
      [
        ["say", "u1", "global", "hi", 0],
        ["check", "u1", "global", "hi", 1_000, true],
      ],
    ],
    [
      "the same line in another chat (gg in the next game)",
      [
        ["say", "u1", "game1", "gg", 0],
        ["check", "u1", "game2", "gg", 1_000, false],
      ],
    ],
    [
      "the same line after the window",
      [
        ["say", "u1", "global", "hi", 0],
        ["check", "u1", "global", "hi", REPEAT_WINDOW_MS, false],
      ],
    ],
    [
      "another sender's line",
      [
        ["say", "u1", "global", "hi", 0],
        ["check", "u2", "global", "hi", 1, false],
      ],
    ],
    [
      "one of the last two lines",
      [
        ["say", "u1", "global", "a", 0],
        ["say", "u1", "global", "b", 1],
        ["check", "u1", "global", "a", 2, true],
      ],
    ],
    [
      "a line three lines back",
      [
        ["say", "u1", "global", "a", 0],
        ["say", "u1", "global", "b", 1],
        ["say", "u1", "global", "c", 2],
        ["check", "u1", "global", "a", 3, false],
      ],
    ],
  ])("%s", (_name, steps) => {
    const guard = new RepeatGuard();
    for (const [op, sender, chatId, text, at, repeat] of steps) {
      if (op === "say") guard.remember(sender, chatId, text, at);
      else expect(guard.isRepeat(sender, chatId, text, at)).toBe(repeat);
    }
  });

  it("forgets senders whose lines are all stale", () => {
    const guard = new RepeatGuard();
    for (let i = 0; i < 100; i++) guard.remember(`guest${i}`, "global", "hello", 0);
    expect(guard.size).toBe(100);
    guard.remember("later", "global", "hello", REPEAT_WINDOW_MS + 1);
    expect(guard.size).toBe(1);
  });
});
