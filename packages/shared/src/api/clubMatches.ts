import { z } from "zod";
import type { DaysPerMove } from "../domain/daily.ts";
import type { Variant } from "../domain/variant.ts";
import { daysPerMoveInput } from "./daily.ts";
import { MAX_ROW_ID } from "./http.ts";

/**
 * Daily club matches (chess.com's club matches): one club challenges another, members of both sign up, and when
 * the match starts each roster is ordered by daily rating and board n plays board n, two games per board.
 */
export const CLUB_MATCH = {
  boards: { min: 1, max: 100, default: 20 },
  /** Sign-up lasts from 1 hour to 14 days (the challenger picks the start). */
  signUpHours: { min: 1, max: 14 * 24, default: 48 },
  /** Variants a match may be played in: jumpstart positions differ per game, so not for a match. */
  variants: ["standard", "fun"] as const,
} as const;

export const CLUB_MATCH_STATUSES = ["invited", "open", "started", "finished", "declined", "cancelled"] as const;
export type ClubMatchStatus = (typeof CLUB_MATCH_STATUSES)[number];

export const CLUB_MATCH_MESSAGES = {
  notLoggedIn: "Log in to play in club matches",
  unknown: "Club match not found",
  sameClub: "A club cannot challenge itself",
  notAdmin: "Only the club's administrator can do this",
  notInvitedAdmin: "Only the challenged club's administrator can answer",
  notMember: "Only members of the two clubs can sign up",
  notOpen: "Sign-up for this match is closed",
  alreadyJoined: "You have already signed up for this match",
  notJoined: "You have not signed up for this match",
  cannotStart: "Both clubs need at least one player signed up",
  notInvited: "This match is no longer waiting for an answer",
  alreadyStarted: "This match has already started",
} as const;

const clubId = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .positive(`${name} must be a positive number`)
    .max(MAX_ROW_ID, `${name} is out of range`);

/** POST /club-matches: the challenger's administrator challenges another club. */
export const createClubMatchBody = z.object({
  clubId: clubId("clubId"),
  opponentClubId: clubId("opponentClubId"),
  days: daysPerMoveInput,
  variant: z.enum(CLUB_MATCH.variants, { error: "variant must be standard or fun (Chess960)" }).default("standard"),
  rated: z.boolean({ error: "rated must be true or false" }).default(true),
  maxBoards: z
    .number({ error: "maxBoards must be a number" })
    .int("maxBoards must be a whole number")
    .min(CLUB_MATCH.boards.min, `maxBoards must be at least ${CLUB_MATCH.boards.min}`)
    .max(CLUB_MATCH.boards.max, `maxBoards must be at most ${CLUB_MATCH.boards.max}`)
    .default(CLUB_MATCH.boards.default),
  /** Hours of sign-up before the match starts by itself (either administrator may start it sooner). */
  signUpHours: z
    .number({ error: "signUpHours must be a number" })
    .int("signUpHours must be a whole number")
    .min(CLUB_MATCH.signUpHours.min, `Sign-up lasts at least ${CLUB_MATCH.signUpHours.min} hour`)
    .max(CLUB_MATCH.signUpHours.max, `Sign-up lasts at most ${CLUB_MATCH.signUpHours.max / 24} days`)
    .default(CLUB_MATCH.signUpHours.default),
});
export type CreateClubMatchBody = z.infer<typeof createClubMatchBody>;

export const clubMatchParams = z.object({ matchId: z.string().min(1, "matchId is required").max(64) });
export const clubMatchesQuery = z.object({ clubId: clubId("clubId") });
/** POST /club-matches/:matchId/join: `clubId` picks the club of a player who belongs to both. */
export const clubMatchJoinBody = z.object({ clubId: clubId("clubId").optional() }).nullish();

export interface ClubMatchClub {
  clubId: number;
  name: string;
  /** Points so far (win 1, draw ½). */
  score: number;
  /** Players signed up (before the start), or playing (after). */
  players: number;
}

/** A match as lists and the clubs' rooms (`clubMatchChanged`) show it. Club "a" challenged club "b". */
export interface ClubMatchSummary {
  matchId: string;
  status: ClubMatchStatus;
  a: ClubMatchClub;
  b: ClubMatchClub;
  days: DaysPerMove;
  variant: Variant;
  rated: boolean;
  maxBoards: number;
  /** When sign-up ends and the match starts by itself (epoch ms). */
  startsAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  /** Games over, and all games (0 before the start). */
  finishedGames: number;
  totalGames: number;
  /** The club that won ("a" or "b"), as soon as the other cannot catch up; "draw"; null while open. */
  winner: "a" | "b" | "draw" | null;
}

export interface ClubMatchPlayer {
  username: string;
  /** Daily rating in the match's variant. */
  rating: number;
}

/** One game of a board: which club's player has White, and its result. */
export interface ClubMatchGame {
  gameId: string;
  whiteSide: "a" | "b";
  /** "white", "black", "draw", "none" (aborted), or null while it goes on. */
  result: "white" | "black" | "draw" | "none" | null;
}

export interface ClubMatchBoard {
  board: number;
  a: ClubMatchPlayer;
  b: ClubMatchPlayer;
  games: ClubMatchGame[];
}

/** GET /club-matches/:matchId. */
export interface ClubMatchView {
  match: ClubMatchSummary;
  /** Before the start: who signed up, best first. */
  rosters: { a: ClubMatchPlayer[]; b: ClubMatchPlayer[] };
  /** After the start: the boards, board 1 first. */
  boards: ClubMatchBoard[];
  /** The caller's side ("a"/"b") if they are a member of one of the clubs, and whether they signed up. */
  me: { side: "a" | "b"; joined: boolean; admin: boolean } | null;
}

/** GET /club-matches?clubId=: a club's matches, newest first, with its record. */
export interface ClubMatches {
  matches: ClubMatchSummary[];
  record: { won: number; drawn: number; lost: number };
}
