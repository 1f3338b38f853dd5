import { playComputerPayload as schema } from "@chess/shared";
import { describe, expect, it } from "vitest";
import {
  COMPUTER_PRESET_GROUPS,
  DEFAULT_PLAY_COMPUTER,
  LAST_PLAY_COMPUTER_KEY,
  playComputerPayload,
  readLastChoice,
  rememberChoice,
  UNLIMITED,
  unplayableReason,
} from "./playComputerForm.ts";

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

describe("unplayableReason", () => {
  it.each([
    ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", undefined],
    ["4k3/8/8/8/8/8/8/4K2R b K - 0 1", undefined],
    ["4k2R/8/8/8/8/8/8/4K3 w - - 0 1", "This position cannot be played: Black is in check with White to move."],
    ["8/8/8/8/8/8/8/4K3 w - - 0 1", "This position cannot be played: Black has no king."],
    ["4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "This position cannot be played: White has 2 kings."],
    ["4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "This position cannot be played: a pawn stands on rank 1."],
    [
      "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
      "The game is already over in this position (checkmate).",
    ],
    ["7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "The game is already over in this position (stalemate)."],
  ])("%s → %s", (fen, reason) => {
    expect(unplayableReason(fen)).toBe(reason);
  });
});

describe("the last choice", () => {
  const storage = (text: string | null): Storage => {
    const items = new Map<string, string>(text === null ? [] : [[LAST_PLAY_COMPUTER_KEY, text]]);
    return {
      getItem: (k) => items.get(k) ?? null,
      setItem: (k, v) => void items.set(k, v),
    } as Storage;
  };

  it.each([
    ["nothing kept", null, DEFAULT_PLAY_COMPUTER],
    ["no storage", undefined, DEFAULT_PLAY_COMPUTER],
    ["unreadable", "{not json", DEFAULT_PLAY_COMPUTER],
    ["not an object", "7", DEFAULT_PLAY_COMPUTER],
    ["a whole choice", '{"level":5,"preset":"3+2","color":"black"}', { level: 5, preset: "3+2", color: "black" }],
    ["Unlimited", '{"level":2,"preset":"Unlimited","color":"white"}', { level: 2, preset: UNLIMITED, color: "white" }],
    [
      "parts no longer valid",
      '{"level":9,"preset":"4+4","color":"green"}',
      { level: 1, preset: "10+0", color: "random" },
    ],
    ["a level given as text", '{"level":"5"}', DEFAULT_PLAY_COMPUTER],
  ])("%s", (_, text, values) => {
    expect(readLastChoice(text === undefined ? undefined : storage(text))).toEqual(values);
  });

  it("reads back what was remembered, and survives a storage that refuses", () => {
    const s = storage(null);
    rememberChoice(s, { level: 7, preset: "1+0", color: "white" });
    expect(readLastChoice(s)).toEqual({ level: 7, preset: "1+0", color: "white" });
    const full = {
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    } as unknown as Storage;
    expect(() => rememberChoice(full, DEFAULT_PLAY_COMPUTER)).not.toThrow();
  });
});
