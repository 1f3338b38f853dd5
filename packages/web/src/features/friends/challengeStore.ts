import {
  type ColorChoice,
  type CreateGameOfferPayload,
  FRIEND_MESSAGES,
  formatTimeControl,
  type GameOffer,
  VARIANT_LABELS,
} from "@chess/shared";
import { sameName } from "./friendsStore.ts";

/** My outgoing friend challenge (SPEC §4 Friend challenge). Pure: no I/O, tested without a DOM. */
export interface ChallengeState {
  /** The challenge on its way or waiting for the friend; one at a time. */
  pending: { friendName: string; offerId?: string } | null;
  /** The last outcome to show beside that friend, e.g. the offline message. */
  notice: { friendName: string; text: string; tone: "error" | "info" } | null;
}

export type ChallengeEvent =
  | { type: "sent"; friendName: string }
  /** The server created the challenge offer. */
  | { type: "created"; friendName: string; offerId: string }
  | { type: "failed"; friendName: string; message: string }
  /** friendChallengeRemoved: denied, accepted (a game starts) or expired. */
  | { type: "removed"; offerId: string }
  /** My cancelOffer was acknowledged. */
  | { type: "cancelled"; offerId: string }
  | { type: "noticeCleared" };

export const initialChallenge: ChallengeState = { pending: null, notice: null };

/** SPEC §9: the offline message shows for 3 s; other outcomes as long. */
export const CHALLENGE_NOTICE_MS = 3_000;
export const OFFLINE_MESSAGE = FRIEND_MESSAGES.offline;

export function challengeReducer(state: ChallengeState, event: ChallengeEvent): ChallengeState {
  switch (event.type) {
    case "sent":
      return { pending: { friendName: event.friendName }, notice: null };
    case "created":
      if (!state.pending || !sameName(state.pending.friendName, event.friendName)) return state;
      return { ...state, pending: { friendName: event.friendName, offerId: event.offerId } };
    case "failed":
      return { pending: null, notice: { friendName: event.friendName, text: event.message, tone: "error" } };
    case "removed": {
      if (state.pending?.offerId !== event.offerId) return state;
      const { friendName } = state.pending;
      return { pending: null, notice: { friendName, text: `${friendName} declined the challenge.`, tone: "info" } };
    }
    case "cancelled":
      if (state.pending?.offerId !== event.offerId) return state;
      return { pending: null, notice: null };
    case "noticeCleared":
      return { ...state, notice: null };
  }
}

/** What the challenged player plays, from the creator's choice. */
export function yourColour(creatorChoice: ColorChoice): string {
  if (creatorChoice === "white") return "you play Black";
  if (creatorChoice === "black") return "you play White";
  return "random colours";
}

/**
 * "alice challenges you: 5+3 Standard, you play Black". In jumpstart the side is the handicap's: whoever takes
 * the worse position plays Black.
 */
export function describeChallenge(offer: GameOffer, from: string): string {
  const variant = VARIANT_LABELS[offer.variant];
  const colour =
    offer.variant === "jumpstart"
      ? offer.isCreatorsHandicap
        ? "you play White, the better side"
        : "you play Black, the worse side"
      : yourColour(offer.selectedColor);
  return `${from} challenges you: ${formatTimeControl(offer)} ${variant}, ${colour}.`;
}

/** The createFriendChallenge payload (SPEC §3 Friend challenge): an offer's fields, for one friend, in no club. */
export function challengePayload(friendName: string, offer: CreateGameOfferPayload) {
  return { ...offer, clubId: null, friendName };
}
