import { describe, expect, it } from "vitest";
import { dueHourlyArenas, nextOccurrence } from "./arenaSchedule.ts";
import { arenaSettings } from "./arenaSettings.ts";

describe("the site's hourly arenas", () => {
  it("names one slot per arena and hour, starting on the hour, for the next 70 minutes", () => {
    const now = Date.UTC(2026, 11, 1, 20, 10);
    const due = dueHourlyArenas(now);
    expect(due.map((d) => d.slot)).toEqual(["hourly:blitz:2026-12-01T21", "hourly:bullet:2026-12-01T21"]);
    expect(due.every((d) => d.body.startsAt === Date.UTC(2026, 11, 1, 21))).toBe(true);
    expect(dueHourlyArenas(Date.UTC(2026, 11, 1, 20, 55))).toHaveLength(4);
  });

  it("are valid arenas", () => {
    const now = Date.UTC(2026, 11, 1, 20, 10);
    for (const d of dueHourlyArenas(now)) expect(arenaSettings(d.body, now).ok).toBe(true);
  });
});

describe("recurring club arenas", () => {
  it("come back a week later, or on the same day next month (the last day when it has none)", () => {
    const t = Date.UTC(2026, 0, 31, 18);
    expect(nextOccurrence(t, "weekly")).toBe(Date.UTC(2026, 1, 7, 18));
    expect(nextOccurrence(t, "monthly")).toBe(Date.UTC(2026, 1, 28, 18));
    expect(nextOccurrence(Date.UTC(2026, 11, 15, 18), "monthly")).toBe(Date.UTC(2027, 0, 15, 18));
    expect(nextOccurrence(t, "none")).toBeUndefined();
  });
});
