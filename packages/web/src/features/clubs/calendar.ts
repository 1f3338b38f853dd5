import { longDate } from "../../lib/dates.ts";

/** The club calendar's month grid (SPEC §2, §9): 42 cells, Monday first. Pure; dates are "YYYY-MM-DD". */

export const CALENDAR_CELLS = 42;
export const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;

/** A month: `month` is 0-11 like Date's. */
export interface YearMonth {
  year: number;
  month: number;
}

export interface CalendarCell {
  /** "2025-03-01" */
  date: string;
  /** Day of the month, 1-31. */
  day: number;
  /** False for the days of the months before and after. */
  inMonth: boolean;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** "2025-03-07" of a UTC date. */
function isoOf(d: Date): string {
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** "2025-03-07" of a local date (e.g. today in the viewer's time zone). */
export function localIsoDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The 42 days shown for a month: from the Monday on or before the 1st, six full weeks. */
export function calendarGrid({ year, month }: YearMonth): CalendarCell[] {
  const first = new Date(Date.UTC(year, month, 1));
  const offset = (first.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return Array.from({ length: CALENDAR_CELLS }, (_, i) => {
    // UTC days have 24 hours: no daylight-saving surprises.
    const d = new Date(Date.UTC(year, month, 1 - offset + i));
    return { date: isoOf(d), day: d.getUTCDate(), inMonth: d.getUTCMonth() === first.getUTCMonth() };
  });
}

/** The month `delta` months after `ym` (negative goes back). */
export function addMonths({ year, month }: YearMonth, delta: number): YearMonth {
  const index = year * 12 + month + delta;
  return { year: Math.floor(index / 12), month: ((index % 12) + 12) % 12 };
}

/** The month of a local date. */
export function monthOf(d: Date): YearMonth {
  return { year: d.getFullYear(), month: d.getMonth() };
}

/** "March 2025". */
export function monthTitle({ year, month }: YearMonth): string {
  return new Date(Date.UTC(year, month, 1)).toLocaleDateString("en-GB", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** "Friday 7 March 2025" of "2025-03-07". */
export function isoLongDate(iso: string): string {
  const [y, m, d] = iso.split("-").map(Number);
  return longDate(new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1).getTime());
}

/** Events grouped by their date (the first 10 characters of event_date, SPEC §3). */
export function eventsByDate<E extends { event_date: string }>(events: readonly E[]): Map<string, E[]> {
  const byDate = new Map<string, E[]>();
  for (const e of events) {
    const date = e.event_date.slice(0, 10);
    const list = byDate.get(date);
    if (list) list.push(e);
    else byDate.set(date, [e]);
  }
  return byDate;
}
