import { type ColorChoice, FRIEND_MESSAGES, formatTimeControl, type GameOffer, type TimeControl } from "@chess/shared";
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

/** "alice challenges you: 5+3 Standard, you play Black". */
export function describeChallenge(offer: GameOffer, from: string): string {
  const variant = offer.variant.charAt(0).toUpperCase() + offer.variant.slice(1);
  return `${from} challenges you: ${formatTimeControl(offer)} ${variant}, ${yourColour(offer.selectedColor)}.`;
}

/** The createFriendChallenge payload (SPEC §3 Friend challenge). */
export function challengePayload(friendName: string, tc: TimeControl, selectedColor: ColorChoice) {
  return { baseTime: tc.baseTime, increment: tc.increment, variant: "standard" as const, selectedColor, friendName };
}
