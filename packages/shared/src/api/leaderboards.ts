import { z } from "zod";
import { TIME_CLASSES, type TimeClass } from "../domain/timeControl.ts";
import { VARIANTS, type Variant } from "../domain/variant.ts";
import { MAX_ROW_ID } from "./http.ts";

export const LEADERBOARD_PAGE = 20;
export const LEADERBOARD_EMPTY = "No Leaderboard Found - Try Changing the Filters";

/** GET /leaderboard?gameVariant&timeVariant&pageNo (pages start at 1). */
export const leaderboardQuery = z.object({
  gameVariant: z.enum(VARIANTS, { error: "gameVariant must be standard, jumpstart or fun" }).default("standard"),
  timeVariant: z
    .enum(TIME_CLASSES, { error: "timeVariant must be bullet, blitz, rapid, classical or daily" })
    .default("rapid"),
  pageNo: z.coerce
    .number({ error: "pageNo must be a number" })
    .int()
    .min(1, "pageNo starts at 1")
    .max(1_000_000)
    .default(1),
});

/** GET /leaderboard/club: the same plus the club, and whether to rank by club Elo. */
export const clubLeaderboardQuery = leaderboardQuery.extend({
  clubId: z.coerce
    .number({ error: "clubId must be a number" })
    .int()
    .positive()
    .max(MAX_ROW_ID, "clubId is out of range"),
  isClubElo: z
    .enum(["true", "false"], { error: "isClubElo must be true or false" })
    .default("false")
    .transform((v) => v === "true"),
});

export interface LeaderboardRow {
  rank: number;
  username: string;
  elo: number;
  /** No uploads yet: null, and the page shows initials. */
  avatarUrl: string | null;
  gamesPlayed: number;
}

export interface Leaderboard {
  rows: LeaderboardRow[];
  lastPage: number;
  /** GET /leaderboard/club only: the club's finished club battles (arenas), won, and the points scored in them. */
  clubBattles?: { played: number; won: number; points: number };
}

/** Players each board of the overview shows (lichess's /player shows a few per rating category). */
export const LEADERBOARD_OVERVIEW_TOP = 5;

/** One board of GET /leaderboard/overview: its top players and how many are ranked on it. */
export interface LeaderboardSummary {
  gameVariant: Variant;
  timeVariant: TimeClass;
  /** Players ranked on the whole board, e.g. 1342 (0: nobody has a rated game in it yet). */
  players: number;
  /** The top LEADERBOARD_OVERVIEW_TOP, ranks from 1. */
  rows: LeaderboardRow[];
}

/** GET /leaderboard/overview: every variant × time class board, variants then time classes in their order. */
export interface LeaderboardOverview {
  boards: LeaderboardSummary[];
}
