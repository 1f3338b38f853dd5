import { describe, expect, it } from "vitest";
import { dateAndTime, longDate, shortDate, timeOfDay } from "./dates.ts";

// Local-time dates: each is read back in the time zone the test runs in, as the viewer's would be.
const at = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min).getTime();

describe("dates", () => {
  it.each([
    [at(2025, 3, 3), "3 Mar 2025"],
    [at(2026, 11, 27, 23, 59), "27 Nov 2026"],
    [at(2024, 1, 1, 0, 0), "1 Jan 2024"],
  ])("shortDate(%s) is %s", (t, text) => {
    expect(shortDate(t)).toBe(text);
  });

  it.each([
    [at(2025, 3, 3), "Monday 3 March 2025"],
    [at(2026, 11, 28), "Saturday 28 November 2026"],
  ])("longDate(%s) is %s, with no comma", (t, text) => {
    expect(longDate(t)).toBe(text);
  });

  it.each([
    [at(2025, 3, 3, 14, 5), "14:05"],
    [at(2025, 3, 3, 0, 0), "00:00"],
    [at(2025, 3, 3, 9, 30), "09:30"],
  ])("timeOfDay(%s) is %s", (t, text) => {
    expect(timeOfDay(t)).toBe(text);
  });

  it("writes a date and time in full for a tooltip", () => {
    expect(dateAndTime(at(2025, 3, 3, 14, 5))).toBe("3 March 2025 at 14:05");
  });
});
