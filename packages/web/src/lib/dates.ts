/**
 * How the site writes dates and times: one way everywhere, in the viewer's time zone. Day before month
 * ("3 Mar 2025") as the rest of the site's English is British; a profile's history and a friend card side by
 * side used to read "Mar 3, 2025" and "3 Mar 2025".
 */
const SHORT = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric" });
const LONG = new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric" });
const FULL = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short" });

/** "3 Mar 2025". */
export const shortDate = (epochMs: number): string => SHORT.format(epochMs);

/** "Monday 3 March 2025" (en-GB puts a comma after the weekday; the site does not). */
export const longDate = (epochMs: number): string => LONG.format(epochMs).replace(",", "");

/** "3 March 2025 at 14:05": a date and time in full, for a tooltip. */
export const dateAndTime = (epochMs: number): string => FULL.format(epochMs);

/** "14:05". */
export function timeOfDay(epochMs: number): string {
  const d = new Date(epochMs);
  return `${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}`;
}
