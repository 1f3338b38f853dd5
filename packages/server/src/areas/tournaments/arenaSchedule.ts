import type { ArenaRecurrence, CreateArenaBody } from "@chess/shared";

const HOUR = 3_600_000;

/** The site's own arenas, every hour on the hour (lichess's hourly bullet and blitz): a newcomer always finds one. */
export const HOURLY_ARENAS = [
  { key: "blitz", name: "Hourly Blitz Arena", baseTime: 3, increment: 0, durationMinutes: 57 },
  { key: "bullet", name: "Hourly Bullet Arena", baseTime: 1, increment: 0, durationMinutes: 57 },
] as const;

/** Made this long ahead of their start, so the list shows the next one before the current one ends. */
export const SCHEDULE_AHEAD_MS = 70 * 60_000;

export interface ScheduledArena {
  /** Unique per arena: whichever node makes it first makes it, the others find it made. */
  slot: string;
  body: CreateArenaBody;
}

/** The hourly arenas that should exist at `now`: those starting within SCHEDULE_AHEAD_MS. */
export function dueHourlyArenas(now: number): ScheduledArena[] {
  const out: ScheduledArena[] = [];
  for (let start = Math.ceil(now / HOUR) * HOUR; start - now <= SCHEDULE_AHEAD_MS; start += HOUR) {
    const hour = new Date(start).toISOString().slice(0, 13);
    for (const a of HOURLY_ARENAS) {
      out.push({
        slot: `hourly:${a.key}:${hour}`,
        body: {
          name: a.name,
          baseTime: a.baseTime,
          increment: a.increment,
          variant: "standard",
          rated: true,
          streaks: true,
          durationMinutes: a.durationMinutes,
          startsAt: start,
          conditions: {},
          recurrence: "none",
        },
      });
    }
  }
  return out;
}

/** The start of a recurring arena's next edition: a week later, or the same day of the next month (UTC). */
export function nextOccurrence(startsAt: number, recurrence: ArenaRecurrence): number | undefined {
  if (recurrence === "weekly") return startsAt + 7 * 24 * HOUR;
  if (recurrence !== "monthly") return undefined;
  const d = new Date(startsAt);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + 1);
  // The 31st of a 30-day month falls on its last day.
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.getTime();
}
