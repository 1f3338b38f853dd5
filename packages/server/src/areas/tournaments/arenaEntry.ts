import {
  type ArenaConditions,
  type ArenaStatus,
  type ClubBattleSettings,
  TIME_CLASS_LABEL,
  type TimeClass,
  TOURNAMENT_MESSAGES,
  VARIANT_LABELS,
  type Variant,
} from "@chess/shared";

/** What entry depends on in an arena. */
export interface EntryArena {
  status: ArenaStatus;
  variant: Variant;
  timeClass: TimeClass;
  conditions: ArenaConditions;
  clubBattle: ClubBattleSettings | null;
}

/** The player asking to join, with their record in the arena's category (variant and time class). */
export interface Candidate {
  /** Null: a guest. */
  userId: number | null;
  clubIds: readonly number[];
  ratedGames: number;
  rating: number;
  /** In a club battle, the club to play for when the player is in several of its clubs. */
  preferredClubId?: number;
  alreadyJoined: boolean;
}

export type EntryResult =
  | { ok: true; userId: number; rating: number; clubId: number | null }
  | { ok: false; code: string; message: string };

const refuse = (code: string, message: string): EntryResult => ({ ok: false, code, message });

/** Whether `c` may join `arena`, and the club they play for in a battle. Each refusal says what is missing. */
export function arenaEntry(arena: EntryArena, c: Candidate): EntryResult {
  if (c.userId === null) return refuse("unauthorized", TOURNAMENT_MESSAGES.notLoggedIn);
  if (arena.status === "finished") return refuse("finished", TOURNAMENT_MESSAGES.finished);
  if (c.alreadyJoined) return refuse("already_joined", TOURNAMENT_MESSAGES.alreadyJoined);
  const { clubId, minRatedGames, minRating, maxRating } = arena.conditions;
  if (clubId !== undefined && !c.clubIds.includes(clubId)) return refuse("forbidden", TOURNAMENT_MESSAGES.clubOnly);
  let battleClub: number | null = null;
  if (arena.clubBattle) {
    const mine = arena.clubBattle.clubIds.filter((id) => c.clubIds.includes(id));
    if (mine.length === 0) return refuse("forbidden", TOURNAMENT_MESSAGES.battleOnly);
    battleClub =
      c.preferredClubId !== undefined && mine.includes(c.preferredClubId) ? c.preferredClubId : (mine[0] ?? null);
  }
  if (minRatedGames !== undefined && c.ratedGames < minRatedGames) {
    const category = `${VARIANT_LABELS[arena.variant]} ${TIME_CLASS_LABEL[arena.timeClass]}`;
    return refuse("conditions", TOURNAMENT_MESSAGES.tooFewRatedGames(minRatedGames, category));
  }
  if (minRating !== undefined && c.rating < minRating) {
    return refuse("conditions", TOURNAMENT_MESSAGES.ratingTooLow(minRating));
  }
  if (maxRating !== undefined && c.rating > maxRating) {
    return refuse("conditions", TOURNAMENT_MESSAGES.ratingTooHigh(maxRating));
  }
  return { ok: true, userId: c.userId, rating: c.rating, clubId: battleClub ?? null };
}

/** Rejoining after a pause waits 10 s the first time, twice as long each time after, at most 120 s. */
export const REJOIN_DELAY = { firstMs: 10_000, maxMs: 120_000 } as const;

/** How long a player who has now paused `pauses` times (1 for the first) waits before rejoining. */
export function rejoinDelayMs(pauses: number): number {
  return Math.min(REJOIN_DELAY.maxMs, REJOIN_DELAY.firstMs * 2 ** Math.max(0, pauses - 1));
}
