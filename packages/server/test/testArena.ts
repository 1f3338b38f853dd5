import type { ArenaSettings } from "../src/areas/tournaments/arenaSettings.ts";

/**
 * An arena's settings as a 3+2 arena created with every default has them (rated, berserk, streaks, 45
 * minutes), starting at `startsAt`; `more` changes any of them. The tests' and benches' one arena.
 */
export const testArenaSettings = (startsAt: number, more: Partial<ArenaSettings> = {}): ArenaSettings => ({
  name: "Blitz Arena",
  timeControl: { baseTime: 3, increment: 2 },
  timeClass: "blitz",
  variant: "standard",
  jumpstart: null,
  rated: true,
  berserkable: true,
  streaks: true,
  durationMinutes: 45,
  startsAt,
  conditions: {},
  clubBattle: null,
  ...more,
});
