import { z } from "zod";
import { GAME_STAGES, type GameStage, HANDICAPS, type Handicap } from "../domain/jumpstart.ts";
import { tidyName } from "../domain/text.ts";
import { MAX_BASE_MINUTES, MAX_INCREMENT_SECONDS, type TimeClass, type TimeControl } from "../domain/timeControl.ts";
import { VARIANTS, type Variant } from "../domain/variant.ts";
import { MAX_ROW_ID } from "./http.ts";

/** Arena tournaments (lichess's rules and numbers, docs REFERENCE "Arena tournaments"). */
export const ARENA = {
  /** Minutes of play. */
  duration: { min: 20, max: 720, default: 45 },
  /** Minutes between creation and the start. */
  countdown: { min: 1, max: 60, default: 5 },
  /** The games a player can fit in the duration (arenaGameSeconds). */
  games: { min: 3, max: 150 },
  /** A start date set ahead (a calendar arena) is at most this far away. */
  startsWithinDays: 366,
  nameMax: 30,
  /** A custom clock: 0-60 minutes in half minutes (0 only with an increment), 0-30 s of increment. */
  custom: { minutes: { min: 0, max: 60, step: 0.5 }, increment: { min: 0, max: 30 } },
  conditions: { maxRatedGames: 1_000, rating: { min: 0, max: 4_000 } },
  battle: { clubs: { min: 2, max: 200 }, topN: { min: 1, max: 20, default: 5 } },
} as const;

export const ARENA_RECURRENCES = ["none", "weekly", "monthly"] as const;
export type ArenaRecurrence = (typeof ARENA_RECURRENCES)[number];

/** Why a game scored what it did (shown beside every point of a sheet). */
export const ARENA_RULES = ["win", "winOnFire", "draw", "drawOnFire", "quickDraw", "drawStreak", "loss"] as const;
export type ArenaRule = (typeof ARENA_RULES)[number];

/** What a player reads for each rule. */
export const ARENA_RULE_TEXT: Readonly<Record<ArenaRule, string>> = {
  win: "Win: 2 points",
  winOnFire: "Win on fire (after two wins in a row): 4 points",
  draw: "Draw: 1 point",
  drawOnFire: "Draw on fire: 2 points",
  quickDraw: "Draw in fewer than 20 plies: no points",
  drawStreak: "Draw after a draw, without a win between, in fewer than 60 plies: no points",
  loss: "Loss: no points",
};
export const BERSERK_TEXT = "Berserk win of 14 plies or more: 1 more point";

export const TOURNAMENT_MESSAGES = {
  notLoggedIn: "Log in to play in tournaments",
  unknown: "Tournament not found",
  finished: "This tournament is over",
  alreadyJoined: "You have already joined this tournament",
  notJoined: "You have not joined this tournament",
  clubOnly: "Only members of the organising club can join this tournament",
  battleOnly: "Only members of the clubs in this battle can join",
  tooFewRatedGames: (n: number, label: string) => `Play at least ${n} rated ${label} games to join`,
  ratingTooLow: (r: number) => `Your rating must be at least ${r} to join`,
  ratingTooHigh: (r: number) => `Your rating must be at most ${r} to join`,
  rejoinLater: (s: number) => `You can rejoin in ${s} s`,
} as const;

const int = (name: string) => z.number({ error: `${name} must be a number` }).int(`${name} must be a whole number`);
const rowId = (name: string) =>
  int(name).positive(`${name} must be a positive number`).max(MAX_ROW_ID, `${name} is out of range`);
const rating = (name: string) =>
  int(name)
    .min(ARENA.conditions.rating.min, `${name} must be at least ${ARENA.conditions.rating.min}`)
    .max(ARENA.conditions.rating.max, `${name} must be at most ${ARENA.conditions.rating.max}`);

const STAGES = Object.keys(GAME_STAGES) as [GameStage, ...GameStage[]];
const BALANCES = Object.keys(HANDICAPS) as [Handicap, ...Handicap[]];

/** Who may join: members of one club, players with enough rated games, a rating range (in the arena's category). */
export const arenaConditions = z.object({
  clubId: rowId("clubId").optional(),
  minRatedGames: int("minRatedGames")
    .min(0, "minRatedGames cannot be negative")
    .max(ARENA.conditions.maxRatedGames, `minRatedGames must be at most ${ARENA.conditions.maxRatedGames}`)
    .optional(),
  minRating: rating("minRating").optional(),
  maxRating: rating("maxRating").optional(),
});
export type ArenaConditions = z.infer<typeof arenaConditions>;

/** A club battle: players of one club never meet; a club scores the sum of its best `topN` players. */
export const clubBattleSettings = z.object({
  clubIds: z
    .array(rowId("clubIds"), { error: "clubIds must be a list of clubs" })
    .min(ARENA.battle.clubs.min, `A club battle needs at least ${ARENA.battle.clubs.min} clubs`)
    .max(ARENA.battle.clubs.max, `A club battle has at most ${ARENA.battle.clubs.max} clubs`),
  topN: int("topN")
    .min(ARENA.battle.topN.min, `topN must be at least ${ARENA.battle.topN.min}`)
    .max(ARENA.battle.topN.max, `topN must be at most ${ARENA.battle.topN.max}`)
    .default(ARENA.battle.topN.default),
});
export type ClubBattleSettings = z.infer<typeof clubBattleSettings>;

/**
 * POST body creating an arena. The shape and ranges are checked here; what depends on several fields (the
 * games a duration allows, berserk with the clock, jumpstart fields) by the server's arenaSettings.
 */
export const createArenaBody = z.object({
  name: z
    .string({ error: "name must be text" })
    .overwrite(tidyName)
    .max(ARENA.nameMax, `Tournament names are at most ${ARENA.nameMax} characters`)
    .optional(),
  baseTime: z
    .number({ error: "baseTime must be a number of minutes" })
    .min(0, "baseTime cannot be negative")
    .max(MAX_BASE_MINUTES, `baseTime must be at most ${MAX_BASE_MINUTES} minutes`)
    .refine((v) => Number.isInteger(v * 2), "baseTime must be a multiple of 0.5 minutes"),
  increment: int("increment")
    .min(0, "increment cannot be negative")
    .max(MAX_INCREMENT_SECONDS, `increment must be at most ${MAX_INCREMENT_SECONDS} seconds`),
  variant: z.enum(VARIANTS, { error: "variant must be standard, fun (Chess960) or jumpstart" }).default("standard"),
  /** Jumpstart arenas only: every game starts from a position of this stage and balance. */
  jumpstart: z
    .object({
      stage: z.enum(STAGES, { error: `stage must be one of ${STAGES.join(", ")}` }),
      balance: z.enum(BALANCES, { error: `balance must be one of ${BALANCES.join(", ")}` }),
    })
    .optional(),
  rated: z.boolean({ error: "rated must be true or false" }).default(true),
  /** Absent: allowed whenever the clock allows it. */
  berserkable: z.boolean({ error: "berserkable must be true or false" }).optional(),
  streaks: z.boolean({ error: "streaks must be true or false" }).default(true),
  durationMinutes: int("durationMinutes")
    .min(ARENA.duration.min, `An arena lasts at least ${ARENA.duration.min} minutes`)
    .max(ARENA.duration.max, `An arena lasts at most ${ARENA.duration.max} minutes`)
    .default(ARENA.duration.default),
  /** Minutes from creation to the start; or `startsAt`. */
  countdownMinutes: int("countdownMinutes")
    .min(ARENA.countdown.min, `The countdown is at least ${ARENA.countdown.min} minute`)
    .max(ARENA.countdown.max, `The countdown is at most ${ARENA.countdown.max} minutes`)
    .optional(),
  /** The start (epoch ms), for an arena set ahead; or `countdownMinutes`. */
  startsAt: int("startsAt").positive("startsAt must be a date").optional(),
  conditions: arenaConditions.default({}),
  clubBattle: clubBattleSettings.optional(),
  /** A club arena (`conditions.clubId`) again every week or month, from `startsAt` (lichess has no recurrence). */
  recurrence: z.enum(ARENA_RECURRENCES, { error: "recurrence must be none, weekly or monthly" }).default("none"),
});
export type CreateArenaBody = z.infer<typeof createArenaBody>;

/** The estimated length of one arena game (s): (60·base_min + 30·inc_s)·2·0.8 + 15, lichess's figure. */
export function arenaGameSeconds(tc: TimeControl): number {
  return (60 * tc.baseTime + 30 * tc.increment) * 2 * 0.8 + 15;
}

/** About how many games a player fits in an arena of `durationMinutes`. */
export function arenaGamesEstimate(durationMinutes: number, tc: TimeControl): number {
  return (durationMinutes * 60) / arenaGameSeconds(tc);
}

/** Whether a player may berserk under this clock: some base time, and an increment (s) at most twice it (min). */
export function canBerserk(tc: TimeControl): boolean {
  return tc.baseTime > 0 && tc.increment <= 2 * tc.baseTime;
}

/** A berserk player's clock: half their base time, no increment. */
export function berserkTimeControl(tc: TimeControl): TimeControl {
  return { baseTime: tc.baseTime / 2, increment: 0 };
}

export type ArenaStatus = "created" | "started" | "finished";

/** An arena as lists and its page show it. */
export interface ArenaSummary {
  id: string;
  name: string;
  status: ArenaStatus;
  baseTime: number;
  increment: number;
  timeClass: TimeClass;
  variant: Variant;
  jumpstart: { stage: GameStage; balance: Handicap } | null;
  rated: boolean;
  berserkable: boolean;
  streaks: boolean;
  durationMinutes: number;
  /** Epoch ms. */
  startsAt: number;
  /** Epoch ms; set when the arena starts. */
  endsAt: number | null;
  conditions: ArenaConditions;
  clubBattle: ClubBattleSettings | null;
  nbPlayers: number;
  /** The winner's name once finished. */
  winner: string | null;
  recurrence: ArenaRecurrence;
  /** Made by the site's schedule (the hourly arenas), not by a player. */
  scheduled: boolean;
}

/** One game of a player's sheet: the points and the rule behind them. */
export interface ArenaSheetEntry {
  gameId: string;
  points: number;
  rule: ArenaRule;
  /** The berserk point (a berserk win of 14 plies or more). */
  berserkBonus: boolean;
}

/** A row of the standings. */
export interface ArenaStandingRow {
  rank: number;
  username: string;
  rating: number;
  points: number;
  /** Rating while the player has no game. */
  performance: number;
  /** Two wins in a row: the next win counts double. */
  onFire: boolean;
  /** Paused (withdrawn): not paired until they rejoin. */
  paused: boolean;
  /** A club battle's player's club. */
  clubId: number | null;
  sheet: ArenaSheetEntry[];
}

/** A club's score in a battle: the sum of its best `topN` players' points. */
export interface ClubBattleRow {
  rank: number;
  clubId: number;
  points: number;
  /** The players whose points count, best first. */
  players: string[];
}

/** :id of /tournaments/:id routes. */
export const tournamentParams = z.object({ id: z.string().min(1, "id is required").max(64, "id is too long") });

/** GET /tournaments/:id/standings?page=: 10 rows a page, from 1. */
export const STANDINGS_PAGE_SIZE = 10;
export const standingsQuery = z.object({
  page: z.coerce
    .number({ error: "page must be a number" })
    .int("page must be a whole number")
    .min(1, "page must be at least 1")
    .max(100_000, "page is out of range")
    .default(1),
});

/** GET /tournaments: the lobby's list. `mine`: arenas the caller joined (any status). */
export interface TournamentList {
  created: ArenaSummary[];
  started: ArenaSummary[];
  finished: ArenaSummary[];
}

/** GET /tournaments/:id/standings. */
export interface ArenaStandingsPage {
  page: number;
  nbPages: number;
  rows: ArenaStandingRow[];
}

/** GET /tournaments/:id: the page of an arena as the caller sees it. */
export interface ArenaView {
  arena: ArenaSummary;
  /** The organising club's name (a club arena; its members alone see it), and the battle's clubs' names by id (public). */
  clubName: string | null;
  clubNames: Record<number, string>;
  standings: ArenaStandingsPage;
  clubs: ClubBattleRow[] | null;
  /** The caller's own line, if they joined; with their game being played now and when a paused player may rejoin. */
  me: { row: ArenaStandingRow; gameId: string | null; rejoinAt: number | null } | null;
  /** Whether the caller may join now (logged in, conditions met); the reason when not. */
  canJoin: { ok: true } | { ok: false; message: string };
  /** The chat room of the arena (the `chatMessage` event's `room`). */
  chatRoom: string;
  serverTime: number;
}

/** A player's arena wins, for the profile. */
export interface ArenaTrophy {
  tournamentId: string;
  name: string;
  rank: number;
  finishedAt: number;
}
