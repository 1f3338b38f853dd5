import { describe, expect, it } from "vitest";
import {
  type EngineLine,
  LEVELS,
  levelSettings,
  MIN_THINK_MS,
  pickMove,
  scoreCp,
  searchOf,
  thinkTimeMs,
} from "./computerLevels.ts";
import { computerLevelOf, computerPlayer, isComputerPresenceKey } from "./computerPlayers.ts";

describe("computer levels", () => {
  // lichess-org/fishnet src/api.rs, SkillLevel (commit 1350d8e0006f84e56e3c673f4ca24943d3897a73).
  it.each([
    [1, -9, 5, 50],
    [2, -5, 5, 100],
    [3, -1, 5, 150],
    [4, 3, 5, 200],
    [5, 7, 5, 300],
    [6, 11, 8, 400],
    [7, 16, 13, 500],
    [8, 20, 22, 1000],
  ] as const)("level %i is fishnet's: skill %i, depth %i, %i ms", (level, skill, depth, ms) => {
    const s = levelSettings(level);
    expect(s).toMatchObject({ level, fishnetSkill: skill, depth, moveTimeMs: ms });
    // Stock Stockfish ignores a Skill Level outside 0..20: the negative ones are played by the spread.
    expect(s.skill).toBe(Math.max(0, skill));
    expect(s.spread !== undefined).toBe(skill < 0);
  });

  it("grows stronger with each level", () => {
    for (const [i, s] of LEVELS.entries()) {
      if (i === 0) continue;
      const prev = LEVELS[i - 1]!;
      expect(s.moveTimeMs).toBeGreaterThan(prev.moveTimeMs);
      expect(s.depth).toBeGreaterThanOrEqual(prev.depth);
      expect(s.fishnetSkill).toBeGreaterThan(prev.fishnetSkill);
      if (prev.spread && s.spread) {
        expect(s.spread.maxLossCp).toBeLessThan(prev.spread.maxLossCp);
        expect(s.spread.lines).toBeLessThan(prev.spread.lines);
      }
    }
  });

  it("asks the engine for several lines only where it picks among them", () => {
    expect(searchOf(1, 50)).toEqual({ skill: 0, depth: 5, movetimeMs: 50, multipv: 8 });
    expect(searchOf(8, 700)).toEqual({ skill: 20, depth: 22, movetimeMs: 700, multipv: 1 });
  });
});

describe("thinkTimeMs", () => {
  it.each([
    ["clocks not running yet", 8, null, 1000],
    ["plenty of time (3+0)", 8, { leftMs: 180_000, incrementMs: 0 }, 1000],
    ["plenty of time, low level", 1, { leftMs: 180_000, incrementMs: 0 }, 50],
    ["20 s left: a 40th", 8, { leftMs: 20_000, incrementMs: 0 }, 500],
    ["20 s left + 2 s increment", 8, { leftMs: 20_000, incrementMs: 2_000 }, 1000],
    ["4 s left, 1 s increment", 7, { leftMs: 4_000, incrementMs: 1_000 }, 500],
    ["1 s left", 8, { leftMs: 1_000, incrementMs: 0 }, 25],
    ["almost flagged", 8, { leftMs: 100, incrementMs: 0 }, MIN_THINK_MS],
    ["past zero (a late sweep)", 5, { leftMs: -50, incrementMs: 0 }, MIN_THINK_MS],
  ] as const)("%s", (_name, level, clock, expected) => {
    expect(thinkTimeMs(level, clock)).toBe(expected);
  });

  it.each([
    ["no wait", 8, null, 0, 1000],
    ["waited 300 ms for an engine", 8, null, 300, 700],
    ["waited longer than the level's time", 3, null, 400, MIN_THINK_MS],
    ["the clock's share is still the cap", 8, { leftMs: 20_000, incrementMs: 0 }, 200, 500],
    ["the wait and the clock together", 8, { leftMs: 20_000, incrementMs: 0 }, 800, 200],
  ] as const)("a request that waited for an engine thinks less: %s", (_name, level, clock, waited, expected) => {
    expect(thinkTimeMs(level, clock, waited)).toBe(expected);
  });

  it("never exceeds the level's time nor a 40th of the clock plus half the increment (above the floor)", () => {
    for (const s of LEVELS) {
      for (const leftMs of [0, 500, 2_000, 10_000, 60_000, 600_000]) {
        for (const incrementMs of [0, 1_000, 5_000]) {
          const t = thinkTimeMs(s.level, { leftMs, incrementMs });
          expect(t).toBeLessThanOrEqual(s.moveTimeMs);
          expect(t).toBeLessThanOrEqual(Math.max(MIN_THINK_MS, leftMs / 40 + incrementMs / 2));
        }
      }
    }
  });
});

describe("pickMove", () => {
  const lines: EngineLine[] = [
    { move: "e2e4", score: { cp: 40 } },
    { move: "d2d4", score: { cp: 35 } },
    { move: "g1f3", score: { cp: -50 } },
    { move: "b1c3", score: { cp: -200 } },
    { move: "f2f3", score: { cp: -450 } },
    { move: "g2g4", score: { cp: -700 } },
  ];

  it("plays Stockfish's own move at the levels without a spread", () => {
    expect(pickMove(5, "d2d4", lines, () => 0)).toBe("d2d4");
    expect(pickMove(8, "e2e4", lines, () => 0.99)).toBe("e2e4");
  });

  it.each([
    // level, random, expected: the fair lines are those within the level's loss allowance.
    [1, 0, "e2e4"],
    [1, 0.99, "f2f3"], // 5 lines within 600 cp of the best; g2g4 loses 740
    [2, 0.99, "b1c3"], // within 300 cp: 4 lines
    [3, 0.99, "g1f3"], // 3 lines, all within 120 cp? g1f3 loses 90: yes
    [3, 0.5, "d2d4"],
  ] as const)("level %i with random %f plays %s", (level, r, expected) => {
    expect(pickMove(level, "e2e4", lines, () => r)).toBe(expected);
  });

  it("falls back on the best move when the engine reported no lines", () => {
    expect(pickMove(1, "e2e4", [], () => 0.5)).toBe("e2e4");
  });

  it("never throws away a mate it has for a material line, and prefers a quicker mate", () => {
    expect(scoreCp({ mate: 1 })).toBeGreaterThan(scoreCp({ mate: 3 }));
    expect(scoreCp({ mate: 3 })).toBeGreaterThan(scoreCp({ cp: 5000 }));
    expect(scoreCp({ mate: -1 })).toBeLessThan(scoreCp({ mate: -4 }));
    const mating: EngineLine[] = [
      { move: "d8h4", score: { mate: 1 } },
      { move: "e7e5", score: { cp: 300 } },
    ];
    expect(pickMove(1, "d8h4", mating, () => 0.99)).toBe("d8h4");
  });
});

describe("the computer as a player", () => {
  it("has a session id no real session can have, and its level in it", () => {
    const p = computerPlayer(3, "abc");
    expect(p).toEqual({ sessionId: "computer:3:abc", userId: null, name: "Stockfish level 3" });
    expect(p.sessionId).not.toMatch(/^[A-Za-z0-9_-]+$/);
    expect(computerLevelOf(p)).toBe(3);
    expect(isComputerPresenceKey("s:computer:3:abc")).toBe(true);
  });

  it.each([
    [{ sessionId: "computer:9:x", userId: null }],
    [{ sessionId: "computer:3:x", userId: 5 }],
    [{ sessionId: "Xk3_computer:3", userId: null }],
  ])("does not take %o for the computer", (p) => {
    expect(computerLevelOf(p)).toBeUndefined();
    expect(isComputerPresenceKey(`u:5`)).toBe(false);
  });
});
