import { describe, expect, it } from "vitest";
import {
  arenaBody,
  DEFAULT_ARENA_FORM,
  fieldOfServerMessage,
  gamesHint,
  serverFieldErrors,
  validateArena,
} from "./createArenaForm.ts";

const NOW = Date.parse("2026-12-01T12:00:00Z");

describe("createArenaForm", () => {
  it("sends what the form sets, a preset clock as minutes and seconds", () => {
    expect(arenaBody(DEFAULT_ARENA_FORM)).toEqual({
      baseTime: 3,
      increment: 2,
      variant: "standard",
      rated: true,
      berserkable: true,
      streaks: true,
      durationMinutes: 45,
      countdownMinutes: 5,
    });
    expect(validateArena(DEFAULT_ARENA_FORM, NOW)).toEqual({});
    expect(gamesHint(DEFAULT_ARENA_FORM)).toBe("About 6 games each");
  });

  it("sends a jumpstart arena's stage and balance, and a repeating club arena's date", () => {
    const body = arenaBody({
      ...DEFAULT_ARENA_FORM,
      name: "  Friday Blitz ",
      variant: "jumpstart",
      stage: "mid",
      balance: "uphill",
      clubId: "7",
      recurrence: "weekly",
      start: "at",
      startsAt: "2026-12-04T19:00",
    });
    expect(body).toMatchObject({
      name: "Friday Blitz",
      jumpstart: { stage: "mid", balance: "uphill" },
      conditions: { clubId: 7 },
      recurrence: "weekly",
      startsAt: new Date("2026-12-04T19:00").getTime(),
    });
    expect(body).not.toHaveProperty("countdownMinutes");
  });

  it("finds what the server would refuse, by field", () => {
    expect(validateArena({ ...DEFAULT_ARENA_FORM, durationMinutes: 5 }, NOW)).toEqual({
      duration: "An arena lasts at least 20 minutes",
    });
    expect(
      validateArena({ ...DEFAULT_ARENA_FORM, clock: "custom", customMinutes: 60, durationMinutes: 60 }, NOW),
    ).toEqual({ duration: "Too short for 3 games at this clock: make it longer or the clock faster" });
    expect(validateArena({ ...DEFAULT_ARENA_FORM, countdownMinutes: 0 }, NOW).start).toBe(
      "The countdown is at least 1 minute",
    );
    expect(validateArena({ ...DEFAULT_ARENA_FORM, name: "x".repeat(31) }, NOW).name).toBe(
      "Tournament names are at most 30 characters",
    );
    expect(validateArena({ ...DEFAULT_ARENA_FORM, start: "at", startsAt: "2026-11-30T10:00" }, NOW).start).toBe(
      "The start must be in the future",
    );
  });

  it.each([
    ["Berserk needs some base time", "berserkable"],
    ["Tournament names are at most 30 characters", "name"],
    ["An arena lasts at least 20 minutes", "duration"],
    ["This clock leaves time for fewer than 3 games", "duration"],
    ["increment must be at most 180 seconds", "clock"],
    ["Only the club's administrator can do this", "club"],
    ["stage must be one of early, mid, late", "variant"],
    ["Too many requests", "form"],
    ["A jumpstart arena needs a game stage and a balance", "variant"],
    ["A 20-minute arena leaves time for about 2 games of 10+0", "duration"],
    ["1+60 is neither a lobby time control nor a custom one (0.5-60 minutes, 0-30 s of increment)", "clock"],
    ["The start must be at least 1 minute from now", "start"],
    ["Only club arenas recur: choose the club (conditions.clubId)", "club"],
    ["The minimum rating cannot be above the maximum rating", "form"],
  ])("shows the server's %j by the %s field", (message, field) => {
    expect(fieldOfServerMessage(message)).toBe(field);
  });

  it("splits a refusal of several settings by their fields", () => {
    expect(
      serverFieldErrors(
        "Berserk halves the base time, and 0+2 has none: turn berserk off; The start must be within 366 days",
      ),
    ).toEqual({
      berserkable: "Berserk halves the base time, and 0+2 has none: turn berserk off",
      start: "The start must be within 366 days",
    });
  });
});
