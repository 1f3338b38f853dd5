import type { ArenaRecurrence, ArenaStatus } from "@chess/shared";
import { sql } from "drizzle-orm";
import { type StoredArenaResult, tournamentPlayers, type tournaments, users } from "../../storage/schema.ts";
import { scoreSheet } from "./arenaScoring.ts";
import type { ArenaSettings } from "./arenaSettings.ts";
import { arenaPerformance } from "./arenaStandings.ts";

/** An arena as stored. Times are epoch ms. */
export interface ArenaRecord {
  id: string;
  name: string;
  createdBy: number | null;
  status: ArenaStatus;
  settings: ArenaSettings;
  endsAt: number | null;
  directorEpoch: number;
  nbPlayers: number;
  winnerId: number | null;
  createdAt: number;
  finishedAt: number | null;
  recurrence: ArenaRecurrence;
  /** Made by the site's schedule. */
  scheduled: boolean;
  /** The winner's name, once finished. */
  winner: string | null;
}

/** A player of an arena as stored, with the points derived from their results. */
export interface ArenaPlayerRecord {
  userId: number;
  username: string;
  rating: number;
  clubId: number | null;
  results: StoredArenaResult[];
  points: number;
  onFire: boolean;
  performance: number | null;
  berserks: number;
  paused: boolean;
  pauses: number;
  rejoinAt: number | null;
  playingGameId: string | null;
  finalRank: number | null;
  /** The account was closed: never paired again (its points stay in the standings). */
  closed: boolean;
}

export const time = (d: Date | null) => (d === null ? null : d.getTime());

export function arenaOf(row: typeof tournaments.$inferSelect, winner: string | null = null): ArenaRecord {
  const conditions = row.clubId === null ? row.conditions : { ...row.conditions, clubId: row.clubId };
  return {
    id: row.id,
    name: row.name,
    createdBy: row.createdBy,
    status: row.status,
    settings: {
      name: row.name,
      timeControl: { baseTime: row.baseMs / 60_000, increment: row.incrementMs / 1000 },
      timeClass: row.timeClass as ArenaSettings["timeClass"],
      variant: row.variant as ArenaSettings["variant"],
      jumpstart: row.jumpstart,
      rated: row.rated,
      berserkable: row.berserkable,
      streaks: row.streaks,
      durationMinutes: row.durationMinutes,
      startsAt: row.startsAt.getTime(),
      conditions,
      clubBattle: row.clubBattle,
    },
    endsAt: time(row.endsAt),
    directorEpoch: row.directorEpoch,
    nbPlayers: row.nbPlayers,
    winnerId: row.winnerId,
    createdAt: row.createdAt.getTime(),
    finishedAt: time(row.finishedAt),
    recurrence: row.recurrence,
    scheduled: row.scheduleSlot?.startsWith("hourly:") ?? false,
    winner,
  };
}

export const playerColumns = {
  userId: tournamentPlayers.userId,
  username: users.username,
  rating: tournamentPlayers.rating,
  clubId: tournamentPlayers.clubId,
  results: tournamentPlayers.results,
  points: tournamentPlayers.points,
  onFire: tournamentPlayers.onFire,
  performance: tournamentPlayers.performance,
  berserks: tournamentPlayers.berserks,
  paused: tournamentPlayers.paused,
  pauses: tournamentPlayers.pauses,
  rejoinAt: tournamentPlayers.rejoinAt,
  playingGameId: tournamentPlayers.playingGameId,
  finalRank: tournamentPlayers.finalRank,
  closed: sql<boolean>`${users.closedAt} is not null`,
};
export type PlayerRow = Omit<ArenaPlayerRecord, "rejoinAt"> & { rejoinAt: Date | null };
export const playerOf = (r: PlayerRow): ArenaPlayerRecord => ({
  ...r,
  rejoinAt: time(r.rejoinAt),
});

/** Points, fire, performance and berserks: what a player's results give. */
export function derived(results: StoredArenaResult[], streaks: boolean) {
  const sheet = scoreSheet(results, { streaks });
  return {
    points: sheet.total,
    onFire: sheet.onFire,
    performance: arenaPerformance(results),
    berserks: results.filter((r) => r.berserk).length,
  };
}
