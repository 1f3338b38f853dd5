import { describe, expect, it } from "vitest";
import {
  addMonths,
  CALENDAR_CELLS,
  calendarGrid,
  eventsByDate,
  isoLongDate,
  localIsoDate,
  monthTitle,
} from "./calendar.ts";

describe("calendarGrid (SPEC §9: 42 cells, Monday first)", () => {
  it.each([
    // [year, month0, first cell, last cell, days in month] — weekday of the 1st in the comment
    [2025, 8, "2025-09-01", "2025-10-12", 30], // Monday: no days of August
    [2025, 5, "2025-05-26", "2025-07-06", 30], // Sunday: six days of May first
    [2024, 1, "2024-01-29", "2024-03-10", 29], // Thursday, leap February
    [2021, 1, "2021-02-01", "2021-03-14", 28], // Monday, 28 days: two weeks of March after
    [2000, 1, "2000-01-31", "2000-03-12", 29], // Tuesday, leap (divisible by 400)
    [2100, 1, "2100-02-01", "2100-03-14", 28], // Monday, not leap (divisible by 100)
    [2026, 11, "2026-11-30", "2027-01-10", 31], // Tuesday, across the year end
  ])("%i-%i starts %s and ends %s", (year, month, first, last, days) => {
    const cells = calendarGrid({ year, month });
    expect(cells).toHaveLength(CALENDAR_CELLS);
    expect(cells[0]?.date).toBe(first);
    expect(cells.at(-1)?.date).toBe(last);
    const inMonth = cells.filter((c) => c.inMonth);
    expect(inMonth).toHaveLength(days);
    expect(inMonth[0]?.day).toBe(1);
    expect(inMonth.at(-1)?.day).toBe(days);
  });

  it("puts every Monday in the first column and keeps days consecutive", () => {
    const cells = calendarGrid({ year: 2025, month: 2 });
    for (let i = 0; i < cells.length; i += 7) {
      const [y, m, d] = (cells[i]?.date ?? "").split("-").map(Number);
      expect(new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d)).getUTCDay()).toBe(1);
    }
    for (let i = 1; i < cells.length; i++) {
      const prev = Date.parse(`${cells[i - 1]?.date}T00:00:00Z`);
      expect(Date.parse(`${cells[i]?.date}T00:00:00Z`) - prev).toBe(86_400_000);
    }
  });

  it("marks the days around the month as outside", () => {
    const cells = calendarGrid({ year: 2025, month: 5 }); // June 2025 starts on a Sunday
    expect(cells.slice(0, 6).every((c) => !c.inMonth)).toBe(true);
    expect(cells[6]).toEqual({ date: "2025-06-01", day: 1, inMonth: true });
  });
});

describe("month helpers", () => {
  it.each([
    [{ year: 2025, month: 0 }, -1, { year: 2024, month: 11 }],
    [{ year: 2025, month: 11 }, 1, { year: 2026, month: 0 }],
    [{ year: 2025, month: 5 }, 14, { year: 2026, month: 7 }],
    [{ year: 2025, month: 5 }, -18, { year: 2023, month: 11 }],
  ])("addMonths(%o, %i) = %o", (from, delta, to) => {
    expect(addMonths(from, delta)).toEqual(to);
  });

  it("names months and days in English", () => {
    expect(monthTitle({ year: 2024, month: 1 })).toBe("February 2024");
    // ICU versions differ on the comma after the weekday.
    expect(isoLongDate("2024-02-29")).toBe("Thursday 29 February 2024");
  });

  it("formats local dates with leading zeros", () => {
    expect(localIsoDate(new Date(2025, 2, 7, 23, 59))).toBe("2025-03-07");
  });
});

describe("eventsByDate", () => {
  it("groups by the first 10 characters of event_date", () => {
    const byDate = eventsByDate([
      { id: 1, event_date: "2025-03-07" },
      { id: 2, event_date: "2025-03-07T18:00:00.000Z" },
      { id: 3, event_date: "2025-03-08" },
    ]);
    expect(byDate.get("2025-03-07")?.map((e) => e.id)).toEqual([1, 2]);
    expect(byDate.get("2025-03-08")?.map((e) => e.id)).toEqual([3]);
    expect(byDate.has("2025-03-09")).toBe(false);
  });
});
