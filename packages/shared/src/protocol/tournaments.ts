import { z } from "zod";
import type { ArenaRule, ArenaStandingRow, ArenaStatus, ClubBattleRow } from "../api/tournaments.ts";
import type { ByColor, Color } from "../domain/clock.ts";

const tournamentId = z.string({ error: "tournamentId must be text" }).min(1, "tournamentId is required").max(64);

/** unfollowArena, joinArena, pauseArena {tournamentId}. */
export const arenaPayload = z.object({ tournamentId });
export type ArenaPayload = z.infer<typeof arenaPayload>;

/**
 * followArena {tournamentId, pairingOnly?}. pairingOnly: the socket keeps its player in the waves (the game page
 * of an arena game, from which the next game opens by itself) but gets none of the page's events: the page's
 * standings, once a second, would go to every player in a game for nothing.
 */
export const followArenaPayload = arenaPayload.extend({ pairingOnly: z.boolean().optional() });
export type FollowArenaPayload = z.infer<typeof followArenaPayload>;

/** berserk {gameId?}: halves the caller's clock in their arena game (the caller's live game when absent). */
export const berserkPayload = z.object({ gameId: z.string().min(1).max(64).optional() }).nullish();

/**
 * arenaStandings: to an arena's followers, at most once a second while it changes: the first page of the
 * standings (deeper pages: GET /tournaments/:id/standings), never a whole list per game.
 */
export interface ArenaStandingsUpdate {
  tournamentId: string;
  status: ArenaStatus;
  nbPlayers: number;
  /** The first page (ranks 1-10). */
  top: ArenaStandingRow[];
  /** A club battle's clubs, best first. */
  clubs: ClubBattleRow[] | null;
  /** The best games being played now (the two players' ranks lowest), for the page's "top games". */
  topGames: ArenaTopGame[];
}

/** A game of the arena being played now. */
export interface ArenaTopGame {
  gameId: string;
  white: string;
  black: string;
  whiteRank: number;
  blackRank: number;
}

/** arenaMe: to a player's sockets, when their own line changed (joined, paused, a result, a new game). */
export interface ArenaMe {
  tournamentId: string;
  /** Null once the player left (withdrew before the start). */
  row: ArenaStandingRow | null;
  /** The player's game in this arena being played now. */
  gameId: string | null;
  /** While paused: when the player may rejoin (epoch ms), if not yet. */
  rejoinAt: number | null;
}

/** arenaPaired: to both players' sockets: their next arena game started (the `gameStarted` follows as usual). */
export interface ArenaPaired {
  tournamentId: string;
  gameId: string;
  color: Color;
  opponent: string;
}

/** arenaStarted: to followers and players: the countdown is over. */
export interface ArenaStarted {
  tournamentId: string;
  /** Epoch ms. */
  endsAt: number;
}

/** arenaFinished: to followers and players: standings frozen; games still running finish but do not count. */
export interface ArenaFinished {
  tournamentId: string;
  /** The podium (ranks 1-3). */
  podium: ArenaStandingRow[];
  clubs: ClubBattleRow[] | null;
}

/** arenaResult: to both players of an arena game as it ends: what it scored and why (the standings follow). */
export interface ArenaResult {
  tournamentId: string;
  gameId: string;
  /** false: the arena was over when the game ended. */
  counted: boolean;
  points: ByColor<number>;
  rule: ByColor<ArenaRule>;
  berserkBonus: ByColor<boolean>;
}

/** berserked: to a game's players and spectators: a player halved their clock (an arena game). */
export interface Berserked {
  gameId: string;
  color: Color;
  timeLeft: ByColor<number>;
  serverTime: number;
}
