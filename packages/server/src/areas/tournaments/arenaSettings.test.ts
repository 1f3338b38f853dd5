import { createArenaBody, describeZodError } from "@chess/shared";
import { describe, expect, it } from "vitest";
import { testArenaSettings } from "../../../test/testArena.ts";
import { arenaSettings } from "./arenaSettings.ts";

const NOW = Date.UTC(2026, 10, 22, 18, 0);
const MIN = 60_000;

/** The route's two steps: the shared schema's shape, then the rules between fields. */
function create(body: Record<string, unknown>) {
  const shaped = createArenaBody.safeParse(body);
  if (!shaped.success) return { ok: false as const, errors: [{ field: "", message: describeZodError(shaped.error) }] };
  return arenaSettings(shaped.data, NOW);
}
const errorsOf = (body: Record<string, unknown>) => {
  const r = create(body);
  return r.ok ? [] : r.errors.map((e) => e.message);
};

describe("arena settings", () => {
  it("fills the defaults: 45 minutes from a 5-minute countdown, rated, streaks, berserk when the clock allows", () => {
    const r = create({ baseTime: 3, increment: 2 });
    // The tests' arena is this one.
    expect(r).toEqual({ ok: true, settings: testArenaSettings(NOW + 5 * MIN) });
  });

  it.each([
    // 10+0 fits 2.8 games in the default 45 minutes
    [{ baseTime: 10, increment: 0, variant: "fun", durationMinutes: 60 }, "Chess960 Rapid Arena"],
    [{ baseTime: 1, increment: 0, clubBattle: { clubIds: [1, 2] } }, "Bullet Club Battle"],
    [{ baseTime: 5, increment: 0, name: "  Friday   night " }, "Friday night"],
    [{ baseTime: 5, increment: 0, name: "" }, "Blitz Arena"],
  ])("names %j %s", (body, name) => {
    const r = create(body);
    expect(r.ok && r.settings.name).toBe(name);
  });

  // Estimated game (s) = (60·base + 30·inc)·2·0.8 + 15: 1+0 → 111 s, 60+15 → 6,495 s, 120+60 → 14,415 s.
  it.each([
    [{ baseTime: 1, increment: 0, durationMinutes: 277 }, []],
    [
      { baseTime: 1, increment: 0, durationMinutes: 278 },
      [
        "A 278-minute arena leaves time for about 150 games of 1+0, more than the 150 allowed: make it 277 minutes or shorter",
      ],
    ],
    [
      { baseTime: 1, increment: 0, durationMinutes: 720 },
      [
        "A 720-minute arena leaves time for about 389 games of 1+0, more than the 150 allowed: make it 277 minutes or shorter",
      ],
    ],
    [{ baseTime: 60, increment: 15, durationMinutes: 325 }, []],
    [
      { baseTime: 60, increment: 15, durationMinutes: 45 },
      [
        "A 45-minute arena leaves time for less than one game of 60+15, and at least 3 are needed: make it 325 minutes or longer",
      ],
    ],
    [
      { baseTime: 60, increment: 15, durationMinutes: 324 },
      [
        "A 324-minute arena leaves time for about 2 games of 60+15, and at least 3 are needed: make it 325 minutes or longer",
      ],
    ],
    [
      { baseTime: 120, increment: 60, durationMinutes: 720 },
      ["120+60 is too slow for an arena: 3 games need more than 720 minutes"],
    ],
    [{ baseTime: 90, increment: 30, durationMinutes: 720 }, []],
  ])("duration: %j", (body, errors) => {
    expect(errorsOf(body)).toEqual(errors);
  });

  it.each([
    [{ baseTime: 0, increment: 0 }, ["A clock needs some time: 0+0 is not a time control"]],
    [{ baseTime: 0, increment: 1 }, []],
    [{ baseTime: 45, increment: 20, durationMinutes: 720 }, []],
    [
      { baseTime: 75, increment: 0 },
      ["75+0 is neither a lobby time control nor a custom one (0-60 minutes, 0-30 s of increment)"],
    ],
    [
      { baseTime: 5, increment: 31 },
      ["5+31 is neither a lobby time control nor a custom one (0-60 minutes, 0-30 s of increment)"],
    ],
    [{ baseTime: 2.25, increment: 0 }, ["baseTime must be a multiple of 0.5 minutes"]],
  ])("clock: %j", (body, errors) => {
    expect(errorsOf(body)).toEqual(errors);
  });

  it("berserk: off by default when the clock forbids it, refused when asked for", () => {
    const without = (b: Record<string, unknown>) => {
      const r = create(b);
      return r.ok && r.settings.berserkable;
    };
    expect(without({ baseTime: 0, increment: 1 })).toBe(false);
    expect(without({ baseTime: 1, increment: 3 })).toBe(false);
    expect(without({ baseTime: 1, increment: 2 })).toBe(true);
    expect(without({ baseTime: 5, increment: 0, berserkable: false })).toBe(false);
    expect(errorsOf({ baseTime: 0, increment: 2, berserkable: true })).toEqual([
      "Berserk halves the base time, and 0+2 has none: turn berserk off",
    ]);
    expect(errorsOf({ baseTime: 1, increment: 3, berserkable: true })).toEqual([
      "Berserk is not offered when the increment (s) is more than twice the base time (min): turn it off",
    ]);
  });

  it("jumpstart arenas take a stage and a balance, and may be rated", () => {
    const r = create({
      baseTime: 5,
      increment: 0,
      variant: "jumpstart",
      jumpstart: { stage: "mid", balance: "uphill" },
    });
    expect(r.ok && [r.settings.jumpstart, r.settings.rated, r.settings.name]).toEqual([
      { stage: "mid", balance: "uphill" },
      true,
      "Jumpstart Blitz Arena",
    ]);
    expect(errorsOf({ baseTime: 5, increment: 0, variant: "jumpstart" })).toEqual([
      "A jumpstart arena needs a game stage and a balance",
    ]);
    expect(errorsOf({ baseTime: 5, increment: 0, jumpstart: { stage: "mid", balance: "uphill" } })).toEqual([
      "A game stage and a balance are for jumpstart arenas only",
    ]);
    expect(
      errorsOf({ baseTime: 5, increment: 0, variant: "jumpstart", jumpstart: { stage: "x", balance: "uphill" } }),
    ).toEqual(["stage must be one of early, mid, late"]);
  });

  it("conditions and club battles", () => {
    const r = create({
      baseTime: 5,
      increment: 0,
      conditions: { clubId: 7, minRatedGames: 10, minRating: 1000, maxRating: 1800 },
    });
    expect(r.ok && r.settings.conditions).toEqual({ clubId: 7, minRatedGames: 10, minRating: 1000, maxRating: 1800 });
    expect(errorsOf({ baseTime: 5, increment: 0, conditions: { minRating: 1900, maxRating: 1800 } })).toEqual([
      "The minimum rating cannot be above the maximum rating",
    ]);
    const battle = create({ baseTime: 5, increment: 0, clubBattle: { clubIds: [3, 4, 5] } });
    expect(battle.ok && battle.settings.clubBattle).toEqual({ clubIds: [3, 4, 5], topN: 5 });
    expect(errorsOf({ baseTime: 5, increment: 0, clubBattle: { clubIds: [3, 3] } })).toEqual([
      "A club appears twice in the battle",
    ]);
    expect(errorsOf({ baseTime: 5, increment: 0, clubBattle: { clubIds: [3, 4] }, conditions: { clubId: 3 } })).toEqual(
      ["A club battle admits the members of its clubs: leave the members-only club out"],
    );
    expect(errorsOf({ baseTime: 5, increment: 0, clubBattle: { clubIds: [3] } })).toEqual([
      "A club battle needs at least 2 clubs",
    ]);
    expect(errorsOf({ baseTime: 5, increment: 0, clubBattle: { clubIds: [3, 4], topN: 21 } })).toEqual([
      "topN must be at most 20",
    ]);
  });

  it("starts after a countdown of 1-60 minutes, or at a date", () => {
    const at = (b: Record<string, unknown>) => {
      const r = create({ baseTime: 5, increment: 0, ...b });
      return r.ok ? r.settings.startsAt : r.errors.map((e) => e.message);
    };
    expect(at({ countdownMinutes: 1 })).toBe(NOW + MIN);
    expect(at({ countdownMinutes: 60 })).toBe(NOW + 60 * MIN);
    expect(at({ countdownMinutes: 0 })).toEqual(["The countdown is at least 1 minute"]);
    expect(at({ countdownMinutes: 61 })).toEqual(["The countdown is at most 60 minutes"]);
    expect(at({ startsAt: NOW + 3 * 24 * 60 * MIN })).toBe(NOW + 3 * 24 * 60 * MIN);
    expect(at({ startsAt: NOW + 30_000 })).toEqual(["The start must be at least 1 minute from now"]);
    expect(at({ startsAt: NOW + 367 * 24 * 60 * MIN })).toEqual(["The start must be within 366 days"]);
    expect(at({ startsAt: NOW + 10 * MIN, countdownMinutes: 5 })).toEqual([
      "Give a start date or a countdown, not both",
    ]);
  });

  it("durations are 20-720 minutes", () => {
    expect(errorsOf({ baseTime: 5, increment: 0, durationMinutes: 19 })).toEqual([
      "An arena lasts at least 20 minutes",
    ]);
    expect(errorsOf({ baseTime: 5, increment: 0, durationMinutes: 721 })).toEqual([
      "An arena lasts at most 720 minutes",
    ]);
    expect(errorsOf({ baseTime: 5, increment: 0, durationMinutes: 30.5 })).toEqual([
      "durationMinutes must be a whole number",
    ]);
  });

  it("lists every refusal at once", () => {
    expect(
      errorsOf({
        baseTime: 0,
        increment: 1,
        berserkable: true,
        variant: "jumpstart",
        conditions: { minRating: 2, maxRating: 1 },
      }),
    ).toHaveLength(3);
  });
});
