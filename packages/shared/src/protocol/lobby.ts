import { z } from "zod";
import { MAX_ROW_ID } from "../api/http.ts";
import { MAX_BASE_MINUTES, MAX_INCREMENT_SECONDS, type TimeClass } from "../domain/timeControl.ts";
import { COLOR_CHOICES, type ColorChoice, VARIANTS, type Variant } from "../domain/variant.ts";

const limit = z.number().finite().optional();

/** createGameOffer payload (SPEC §7). Jumpstart limits are the spec's snake_case fields. */
export const createGameOfferPayload = z.object({
  baseTime: z
    .number({ error: "baseTime must be a number of minutes" })
    .min(0.5, "baseTime must be at least 0.5 minutes")
    .max(MAX_BASE_MINUTES, `baseTime must be at most ${MAX_BASE_MINUTES} minutes`)
    .refine((v) => Number.isInteger(v * 2), "baseTime must be a multiple of 0.5 minutes"),
  increment: z
    .number({ error: "increment must be a number of seconds" })
    .int("increment must be whole seconds")
    .min(0, "increment cannot be negative")
    .max(MAX_INCREMENT_SECONDS, `increment must be at most ${MAX_INCREMENT_SECONDS} seconds`),
  variant: z.enum(VARIANTS).default("standard"),
  selectedColor: z.enum(COLOR_CHOICES).default("random"),
  isCreatorsHandicap: z.boolean().default(false),
  clubId: z.number().int().positive().max(MAX_ROW_ID, "clubId is out of range").nullish(),
  lower_eval_limit: limit,
  upper_eval_limit: limit,
  lower_move_limit: limit,
  upper_move_limit: limit,
});
export type CreateGameOfferPayload = z.infer<typeof createGameOfferPayload>;

/**
 * refreshLobby: the spec sends no payload, and such a watcher is sent the whole list (updateLobby) after
 * changes, at most every LOBBY_LIST_EVERY_MS. `{changes: true}` asks for `lobbyChanged` deltas instead.
 */
export const refreshLobbyPayload = z.object({ changes: z.boolean().optional() }).passthrough().nullish();

export const offerIdPayload = z.object({ offerId: z.string().min(1).max(64) });
/** cancelOffer: the spec sends no payload (cancel all of mine); an offerId narrows it. */
export const cancelOfferPayload = z.object({ offerId: z.string().min(1).max(64).optional() }).nullish();

/** An open offer as the lobby shows it (SPEC §3 Game offer). */
export interface GameOffer {
  offerId: string;
  /**
   * The creator's name: an account's, or a guest's ("Guest-4821", as the guest is named everywhere else).
   * Absent only from servers that hid guests' names; clients show "Anonymous" then (SPEC §3).
   */
  username?: string;
  /** Present (true) when the creator is a guest: guest names are not unique, so they name nobody for sure. */
  guest?: true;
  baseTime: number;
  increment: number;
  variant: Variant;
  selectedColor: ColorChoice;
  isCreatorsHandicap: boolean;
  clubId: number | null;
  timeClass: TimeClass;
  /** The creator's rating in this category, when logged in. */
  elo?: number;
  createdAt: number;
  lower_eval_limit?: number;
  upper_eval_limit?: number;
  lower_move_limit?: number;
  upper_move_limit?: number;
}

/** updateLobby payload. */
export interface LobbyUpdate {
  roomUid: string;
  offers: GameOffer[];
}

/** lobbyChanged: offers that appeared (newest first) and the ids of offers that went. */
export interface LobbyChanged {
  roomUid: string;
  added: GameOffer[];
  removed: string[];
}

/** A watcher without deltas gets the whole list at most this often (trailing, so the last change shows). */
export const LOBBY_LIST_EVERY_MS = 250;
/**
 * `lobbyChanged` gathers the changes of this long into one event per watcher: a flood of offers costs each
 * watcher a few events, not one per offer.
 */
export const LOBBY_CHANGES_EVERY_MS = 100;
